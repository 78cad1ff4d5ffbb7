"""Refusals of the notifications app, under the site's one root `refusals.errors.Refusal`: each has
an HTTP status and a message a person can read, and nothing was written when one is raised."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from refusals.errors import Refusal


class PromptError(Refusal):
    """A link or reply that cannot act; `status_code` is the HTTP status of the page."""

    status_code = 400
    default_message = _("This link is not valid.")


class PromptInvalid(PromptError):
    status_code = 400


class PromptUsed(PromptError):
    status_code = 410
    default_message = _("This link was already used: each link plays once.")


class PromptExpired(PromptError):
    status_code = 410
    default_message = _("This link expired at the deadline.")


class PromptStale(PromptError):
    status_code = 409
    default_message = _("The game moved on since this mail was sent; open the game to see where it stands.")


class VacationError(Refusal):
    """A vacation that cannot be taken (none left this year, already away, no days)."""

    status_code = 400


class InvitationLimit(Refusal):
    """A member sent as many invitations today as a day allows."""

    status_code = 429
