"""The kinds of decision each game asks (the engine's `decision_kinds`), in a player's words: what
a player hands their assistant, or answers ahead."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from .names import provision_name

KINDS: dict[tuple[str, str], Promise] = {
    ("lifeboat", "draft"): pgettext_lazy("decision kind", "Keeping a card in the Quartermaster's draft"),
    ("lifeboat", "act"): pgettext_lazy("decision kind", "Your action: row, swap, mug or a card"),
    ("lifeboat", "row"): pgettext_lazy("decision kind", "Putting rowed cards on the Row stack"),
    ("lifeboat", "answer"): pgettext_lazy("decision kind", "Answering a swap or mug"),
    ("lifeboat", "fight"): pgettext_lazy(
        "decision kind", "Fights: joining a side or staying out, and weapons"
    ),
    ("lifeboat", "navigate"): pgettext_lazy("decision kind", "Navigating: choosing the Navigation card"),
    ("lifeboat", "react"): pgettext_lazy("decision kind", "Reacting to a Navigation card"),
    ("lifeboat", "thirst"): pgettext_lazy("decision kind", "Giving Water for thirst"),
    ("lifeboats", "place_boat"): pgettext_lazy("decision kind", "Placing a boat at the start"),
    ("lifeboats", "place_figure"): pgettext_lazy("decision kind", "Placing your figures at the start"),
    ("lifeboats", "vote"): pgettext_lazy("decision kind", "Votes: a leak, an ejection, a boat to move"),
    ("lifeboats", "decide"): pgettext_lazy("decision kind", "Deciding alone with a captain's hat or a tie"),
    ("lifeboats", "jump_out"): pgettext_lazy("decision kind", "Jumping out of a boat"),
    ("lifeboats", "jump_in"): pgettext_lazy("decision kind", "Jumping into a boat"),
}


def kind_name(slug: str, kind: str) -> str:
    """A kind of decision of game `slug` in the reader's language."""
    return str(KINDS.get((slug, kind), kind.replace("_", " ")))


#: How the items of a kind answered ahead as an order of preference are named (Lifeboat's draft:
#: kinds of provision).
ITEMS: dict[tuple[str, str], Callable[[str], str]] = {("lifeboat", "draft"): provision_name}


def item_name(slug: str, kind: str, item: str) -> str:
    """An item of an order of preference, in the reader's language."""
    name = ITEMS.get((slug, kind))
    return name(item) if name is not None else item
