"""What Lifeboat's presenters share: the phase and step names, cards by id with their names, how
a seat is named (characters by name, the reader as "you"), and the table's status in a sentence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games.board.names import IN_SENTENCE, upper_first
from games.pictures.faces import CardFace

from .faces import lifeboat_card
from .names import card_name, character_name

PHASES = {
    "quartermaster": pgettext_lazy("lifeboat phase", "Quartermaster"),
    "actions": pgettext_lazy("lifeboat phase", "Actions"),
    "navigation": pgettext_lazy("lifeboat phase", "Navigation"),
    "over": pgettext_lazy("lifeboat phase", "Game over"),
}
STEPS = {
    "draft": pgettext_lazy("lifeboat step", "drafting provisions"),
    "act": pgettext_lazy("lifeboat step", "taking actions"),
    "row": pgettext_lazy("lifeboat step", "rowing"),
    "answer": pgettext_lazy("lifeboat step", "answering a challenge"),
    "fight": pgettext_lazy("lifeboat step", "fighting"),
    "navigate": pgettext_lazy("lifeboat step", "navigating"),
    "react": pgettext_lazy("lifeboat step", "reacting to the fall overboard"),
    "thirst": pgettext_lazy("lifeboat step", "sharing water"),
}
WINDOWS = {
    "answer": pgettext_lazy("lifeboat window", "accept or refuse"),
    "fight": pgettext_lazy("lifeboat window", "the fight"),
    "react": pgettext_lazy("lifeboat window", "reactions to the fall"),
    "thirst": pgettext_lazy("lifeboat window", "water for the thirsty"),
}


@dataclass(frozen=True)
class Card:
    """A card as a seat sees it: its id (for forms and the leak tests) and its name; `face` is
    how a picture shows it (None for an id no face is drawn for)."""

    id: str
    name: str

    @property
    def face(self) -> CardFace | None:
        try:
            return lifeboat_card(self.id)
        except ValueError:
            return None


def cards(held: list[Any]) -> list[Card]:
    """Cards by id, or as the view lists them (`{"id": ...}`), with their names."""
    ids = [str(c["id"]) if isinstance(c, dict) else str(c) for c in held]
    return [Card(c, card_name(c)) for c in ids]


class Reader:
    """How this board names seats: characters by name, the reader as "you"."""

    def __init__(self, view: dict[str, Any], reader: int | None) -> None:
        self.players, self.reader = view["players"], reader

    def character(self, seat: Any, form: str = IN_SENTENCE) -> str:
        """A seat's character in `form` (by default as a sentence names its subject)."""
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return character_name(self.players[seat]["character"], form)
        return str(seat)

    def is_me(self, seat: Any) -> bool:
        return self.reader is not None and seat == self.reader


def status(view: dict[str, Any], reader: int | None) -> str:
    """What the table is doing now, in one sentence ("You choose from 3 provisions.")."""
    return upper_first(_status(view, reader))


def _status(view: dict[str, Any], reader: int | None) -> str:
    who = Reader(view, reader)
    if view["phase"] == "over":
        return _("The game is over.")
    if view.get("draft"):
        d = view["draft"]
        if who.is_me(d["drafter"]):
            return _("You choose from %(count)s provisions.") % {"count": d["cards"]}
        return _("%(who)s chooses from %(count)s provisions.") % {
            "who": who.character(d["drafter"]),
            "count": d["cards"],
        }
    if view.get("rowing"):
        r = view["rowing"]
        if who.is_me(r["rower"]):
            return _("You rowed %(count)s cards and place them.") % {"count": r["count"]}
        return _("%(who)s rowed %(count)s cards and places them.") % {
            "who": who.character(r["rower"]),
            "count": r["count"],
        }
    window = view.get("window")
    if window:
        waiting = [s for s in window["seats"] if s not in window["answered"]]
        what = str(WINDOWS.get(window["kind"], window["kind"]))
        if any(who.is_me(s) for s in waiting):
            others = [who.character(s) for s in waiting if not who.is_me(s)]
            if others:
                return _("Waiting for you and %(others)s: %(what)s.") % {
                    "others": ", ".join(others),
                    "what": what,
                }
            return _("Waiting for you: %(what)s.") % {"what": what}
        return _("Waiting for %(who)s: %(what)s.") % {
            "who": ", ".join(who.character(s) for s in waiting) or _("nobody"),
            "what": what,
        }
    if view.get("actions"):
        actor = view["actions"]["actor"]
        if who.is_me(actor):
            return _("You take your action.")
        return _("%(who)s takes an action.") % {"who": who.character(actor)}
    if view.get("step") == "navigate":
        if who.is_me(view["navigator"]):
            return _("You navigate.")
        return _("%(who)s navigates.") % {"who": who.character(view["navigator"])}
    return ""
