"""The site's one error hierarchy: every refusal carries a message a person can read and an HTTP
status (`status_code`), and nothing was written when it is raised.

    Refusal                    refusals.errors: the root; NotFound, Forbidden, Invalid, Conflict
                               (clubs, leagues, ratings, replays raise these)
        GameError              games.errors: the games services' refusals
        PromptError            notifications.errors: PromptInvalid, PromptUsed, PromptExpired,
                               PromptStale (links and replies in mails)
        VacationError, InvitationLimit   notifications.errors

Views turn one into its 4xx page or fragment (`refusals.http.handles_refusals`,
`games.views.handles_game_errors`, the notifications views), the API into a JSON error.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class Refusal(Exception):
    """A request the site refuses; nothing was written when it is raised."""

    status_code = 400
    default_message = _("That is not possible.")

    def __init__(self, message: str | None = None) -> None:
        self.message = str(message or self.default_message)
        super().__init__(self.message)


class NotFound(Refusal):
    status_code = 404
    default_message = _("There is no such page.")


class Forbidden(Refusal):
    status_code = 403
    default_message = _("You are not allowed to do that.")


class Invalid(Refusal):
    status_code = 400


class Conflict(Refusal):
    status_code = 409
