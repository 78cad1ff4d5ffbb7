"""Refusals raised by the clubs, leagues and ratings services; each has a readable message and
an HTTP status, and nothing was written when one is raised."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from games.errors import GameError


class ClubError(GameError):
    """A refusal of the clubs, leagues or ratings services: a GameError, so every page's error
    handling (readable message, HTTP status) covers both."""


class NotFound(ClubError):
    status_code = 404
    default_message = _("There is no such page.")


class Forbidden(ClubError):
    status_code = 403
    default_message = _("Only the club's admins can do that.")


class Invalid(ClubError):
    status_code = 400


class Conflict(ClubError):
    status_code = 409
