"""The kinds of decision Lifeboats asks (the engine's `decision_kinds`), in a player's words: what a
player hands their assistant, or answers ahead."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

DECISION_KINDS: dict[str, Promise] = {
    "place_boat": pgettext_lazy("decision kind", "Placing a boat at the start"),
    "place_figure": pgettext_lazy("decision kind", "Placing your figures at the start"),
    "vote": pgettext_lazy("decision kind", "Votes: a leak, an ejection, a boat to move"),
    "decide": pgettext_lazy("decision kind", "Deciding alone with a captain's hat or a tie"),
    "jump_out": pgettext_lazy("decision kind", "Jumping out of a boat"),
    "jump_in": pgettext_lazy("decision kind", "Jumping into a boat"),
}


def role_name(role: str) -> str:
    """Lifeboats deals no roles: a result records none (anything else is shown as recorded)."""
    return role


def item_name(kind: str, item: str) -> str:
    """An item of an order of preference, as the engine names it."""
    return item
