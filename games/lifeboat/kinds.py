"""The kinds of decision Lifeboat asks (the engine's `decision_kinds`), in a player's words: what a
player hands their assistant, or answers ahead."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from .names import character_name, provision_name

DECISION_KINDS: dict[str, Promise] = {
    "draft": pgettext_lazy("decision kind", "Keeping a card in the Quartermaster's draft"),
    "act": pgettext_lazy("decision kind", "Your action: row, swap, mug or a card"),
    "row": pgettext_lazy("decision kind", "Putting rowed cards on the Row stack"),
    "answer": pgettext_lazy("decision kind", "Answering a swap or mug"),
    "fight": pgettext_lazy("decision kind", "Fights: joining a side or staying out, and weapons"),
    "navigate": pgettext_lazy("decision kind", "Navigating: choosing the Navigation card"),
    "react": pgettext_lazy("decision kind", "Reacting to a Navigation card"),
    "thirst": pgettext_lazy("decision kind", "Giving Water for thirst"),
}


def role_name(role: str) -> str:
    """A character, as a seat's result records it, in the reader's language."""
    return character_name(role)


def item_name(kind: str, item: str) -> str:
    """An item of a kind answered ahead as an order of preference (the draft's: a kind of
    provision), in the reader's language."""
    return provision_name(item) if kind == "draft" else item
