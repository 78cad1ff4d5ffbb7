"""Refusals raised by the clubs, leagues and ratings services; each has a readable message and
an HTTP status, and nothing was written when one is raised."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class ClubError(Exception):
    status_code = 400
    default_message = _("That is not possible.")

    def __init__(self, message: str | None = None) -> None:
        self.message = str(message or self.default_message)
        super().__init__(self.message)


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
