"""The games services' refusals, under the site's root `refusals.errors.Refusal`: each carries a
message a person can read and an HTTP status, and nothing was written when one is raised."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from refusals.errors import Refusal


class GameError(Refusal):
    """Base of every refusal by `games.services`; nothing was written when it is raised."""


class GameNotFound(GameError):
    status_code = 404
    default_message = _("There is no such game.")


class NotAllowed(GameError):
    """The user may not do this here (not a member, not the creator, not their seat)."""

    status_code = 403
    default_message = _("You are not allowed to do that in this game.")


class InvalidRequest(GameError):
    """A malformed request or bad set-up (unknown game, bad player count or option)."""

    status_code = 400


class IllegalMove(GameError):
    """The engine refused the action; the message is the engine's."""

    status_code = 400


class WrongStatus(GameError):
    """The game is not in a status that allows this (already started, finished, full...)."""

    status_code = 409


class StaleVersion(GameError):
    """The client acted on an old version: someone else's write came first."""

    status_code = 409
    default_message = _("The game moved on since you loaded it; please look again before acting.")
