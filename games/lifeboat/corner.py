"""Lifeboat's private corner: what only the reading seat sees (its hand, Love and Hate, its part
of the draft, rowing, navigation and trades) and the trade form's choices."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.board.names import FROM, TO

from .common import Card, Reader, cards
from .names import card_name, character_name, navigation_line, provision_name


@dataclass
class Offer:
    id: str
    incoming: bool
    #: The other side, named as "from X" (incoming) or "to X" needs it.
    other: str
    give: list[Card]
    take: list[Card]


@dataclass
class Private:
    """What only this seat sees: its hand, Love and Hate, and its part of the draft, rowing,
    navigation and trades."""

    character: str
    hand: list[Card]
    love: Card
    hate: Card
    draft: list[Card]
    rowing: list[str]
    rowed: list[tuple[list[str], list[str]]]
    row_stack: list[str]
    offers: list[Offer]
    #: The same cards with their faces: the rowed cards, the Row stack, Love and Hate.
    rowing_cards: list[Card] = field(default_factory=list)
    row_stack_cards: list[Card] = field(default_factory=list)

    @property
    def secret(self) -> list[Card]:
        return [self.love, self.hate]


@dataclass
class TradeForm:
    """The trade form's choices while this seat may offer a trade (Actions, conscious)."""

    targets: list[tuple[int, str]]
    give: list[tuple[str, str]]
    take_face_up: list[tuple[str, str]]
    kinds: list[tuple[str, str]]


def private(view: dict[str, Any]) -> Private | None:
    me = view.get("me")
    seat = view.get("seat")
    if not me or seat is None:
        return None
    who = Reader(view, seat)
    return Private(
        character=character_name(view["players"][seat]["character"]),
        hand=cards(me["hand"]),
        love=Card(me["love"], character_name(me["loves"])),
        hate=Card(me["hate"], character_name(me["hates"])),
        draft=cards(me.get("draft", [])),
        rowing=[navigation_line(c) for c in me.get("rowing", [])],
        rowed=[
            ([card_name(c) for c in r["to_stack"]], [card_name(c) for c in r["to_bottom"]])
            for r in me.get("rowed", [])
        ],
        row_stack=[navigation_line(c) for c in me.get("row_stack", [])],
        rowing_cards=cards(me.get("rowing", [])),
        row_stack_cards=cards(me.get("row_stack", [])),
        offers=[
            Offer(
                id=o["id"],
                incoming=o["to"] == seat,
                other=who.character(o["from"], FROM) if o["to"] == seat else who.character(o["to"], TO),
                give=cards(o["give"]),
                take=cards(o["take"]),
            )
            for o in me.get("offers", [])
        ],
    )


def trade(view: dict[str, Any]) -> TradeForm | None:
    me, seat = view.get("me"), view.get("seat")
    if not me or seat is None or view["phase"] != "actions" or view.get("step") not in ("act", "row"):
        return None
    players = view["players"]
    if players[seat]["condition"] != "conscious":
        return None
    targets = [
        p
        for p in players
        if p["seat"] in view["boat"] and p["seat"] != seat and p["condition"] == "conscious"
    ]
    if not targets:
        return None
    return TradeForm(
        targets=[(p["seat"], character_name(p["character"])) for p in targets],
        give=[(c["id"], card_name(c["id"])) for c in me["hand"]]
        + [(c["id"], _("%(card)s (face up)") % {"card": card_name(c["id"])}) for c in players[seat]["table"]],
        take_face_up=[
            (
                c["id"],
                _("%(who)s: %(card)s (face up)")
                % {"who": character_name(p["character"]), "card": card_name(c["id"])},
            )
            for p in targets
            for c in p["table"]
        ],
        kinds=[(kind, provision_name(kind)) for kind in _KINDS],
    )


_KINDS = (
    "water",
    "cash",
    "jewels",
    "painting",
    "medkit",
    "oar",
    "chum",
    "blackjack",
    "knife",
    "hook",
    "flare_gun",
    "life_preserver",
    "compass",
    "parasol",
)
