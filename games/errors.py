"""The site's one error hierarchy: every refusal carries a message a person can read and an HTTP
status (`status_code`), and nothing was written when it is raised.

    GameError                  games.errors: the games services' refusals (below)
        ClubError              clubs.errors: NotFound, Forbidden, Invalid, Conflict (clubs, leagues,
                               ratings, replays)
        PromptError            notifications.errors: PromptInvalid, PromptUsed, PromptExpired,
                               PromptStale (links and replies in mails)
        VacationError          notifications.errors

Views turn one into its 4xx page or fragment (`games.views.handles_game_errors`,
`clubs.http.handles_club_errors`, the notifications views), the API into a JSON error.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class GameError(Exception):
    """Base of every refusal by `games.services`; nothing was written when it is raised."""

    status_code = 400
    default_message = _("That is not possible.")

    def __init__(self, message: str | None = None) -> None:
        self.message = str(message or self.default_message)
        super().__init__(self.message)


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
