"""Lifeboat's board presented from one seat's view (`board`): the boat bow to stern (the picture
from `picture.py`, with the seats in words beside it) and the cards the seat may see.

The seat's private corner is in `corner`, the results after the end in `scores`, the questions
and the mails' sentences in `questions`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.board.names import seat_label, upper_first
from games.pictures.sprite import sprite_url

from .common import PHASES, STEPS, WINDOWS, Card, Reader, cards, status
from .corner import Private, TradeForm, private, trade
from .names import card_name, character_name, condition_name, navigation_line
from .picture import lifeboat_board
from .questions import compose_parts, glance, question_text, situation
from .scores import ResultRow, ScoreLine, results, score_lines

__all__ = [
    "Card",
    "LifeboatBoard",
    "Private",
    "ResultRow",
    "ScoreLine",
    "SeatPic",
    "TradeForm",
    "board",
    "cards",
    "compose_parts",
    "glance",
    "question_text",
    "results",
    "score_lines",
    "situation",
    "status",
]


#: The title of the worked example (the How to play page).
LEARN_TITLE = gettext_lazy("How to play Lifeboat")
#: How the results tell equal scores apart.
RESULTS_NOTE = gettext_lazy("Ties share a place: the rules give no tie-break.")


@dataclass
class SeatPic:
    """One character in the boat (or overboard), as everyone sees it."""

    seat: int
    number: int
    character: str
    name: str
    player: str
    is_me: bool
    wounds: int
    size: int
    condition: str
    condition_name: str
    face_up: list[Card]
    hand_size: int
    rowed: bool
    fought: bool
    navigator: bool
    waited: bool
    side: str | None = None

    @property
    def details(self) -> str:
        """The seat's public marks in words, for the list beside the picture."""
        parts = [_("Size %(size)s") % {"size": self.size}, _("wounds %(wounds)s") % {"wounds": self.wounds}]
        parts.append(self.condition_name)
        if self.navigator:
            parts.append(_("navigator"))
        if self.waited:
            parts.append(_("to act"))
        if self.side == "attacker":
            parts.append(_("on the attacker's side"))
        elif self.side == "defender":
            parts.append(_("on the defender's side"))
        if self.rowed:
            parts.append(_("rowed"))
        if self.fought:
            parts.append(_("fought"))
        return ", ".join(parts)


@dataclass
class LifeboatBoard:
    slug = "lifeboat"
    seats: list[SeatPic]
    gone: list[SeatPic]
    bird_count: int
    provisions: int
    navigation: int
    row_stack: int
    day: int
    phase: str
    step: str
    status: str
    navigation_card: str
    #: The Navigation card just played, the Flare Gun's three, the Row stack when the seat may
    #: see it: as cards with their faces.
    played: list[Card]
    flare: list[Card]
    row_stack_cards: list[Card]
    flare_reveal: list[str]
    row_log: list[str]
    window: dict[str, str] | None
    over: bool
    private: Private | None = None
    trade: TradeForm | None = None
    #: The picture (inline SVG) and the sprite its faces come from.
    svg: str = ""
    sprite: str = ""
    #: The ids of the cards beside the picture a click may choose (the hand, the draft).
    pick_cards: frozenset[str] = frozenset()


def seat_rows(board: LifeboatBoard) -> dict[int, SeatPic]:
    """Each seat's character as everyone sees it, in the boat or gone overboard."""
    return {s.seat: s for s in (*board.seats, *board.gone)}


def window_line(window: dict[str, Any], who: Reader) -> str:
    """Who an open window (a fight, a vote of thirst...) waits for, and who already answered, as
    one sentence with the names listed after a colon (no verb to agree with "you")."""
    kind = str(WINDOWS.get(window["kind"], window["kind"]))

    def name(s: int) -> str:
        return str(_("you")) if who.is_me(s) else who.character(s)

    answered = [name(s) for s in window["answered"]]
    waiting = [name(s) for s in window["seats"] if s not in window["answered"]]
    if not waiting:
        return _("%(kind)s: everyone has answered.") % {"kind": capfirst(kind)}
    if not answered:
        return _("%(kind)s: waiting for %(waiting)s.") % {
            "kind": capfirst(kind),
            "waiting": ", ".join(waiting),
        }
    return _("%(kind)s: waiting for %(waiting)s (already answered: %(answered)s).") % {
        "kind": capfirst(kind),
        "waiting": ", ".join(waiting),
        "answered": ", ".join(answered),
    }


def _seat_pic(p: dict[str, Any], view: dict[str, Any], names: dict[int, str], reader: int | None) -> SeatPic:
    window = view.get("window") or {}
    side = None
    if window.get("kind") == "fight":
        side = next((name for name, seats in window.get("sides", {}).items() if p["seat"] in seats), None)
    return SeatPic(
        seat=p["seat"],
        number=p["seat"] + 1,
        character=p["character"],
        name=character_name(p["character"]),
        player=names.get(p["seat"]) or seat_label(p["seat"]),
        is_me=reader is not None and p["seat"] == reader,
        wounds=p["wounds"],
        size=p["size"],
        condition=p["condition"],
        condition_name=condition_name(p["condition"]),
        face_up=[
            Card(
                c["id"],
                _("%(card)s (open)") % {"card": card_name(c["id"])} if c.get("open") else card_name(c["id"]),
            )
            for c in p["table"]
        ],
        hand_size=p["hand_size"],
        rowed=p["rowed"],
        fought=p["fought"],
        navigator=view.get("navigator") == p["seat"],
        waited=p["seat"] in view.get("to_act", []),
        side=side,
    )


def board(
    view: dict[str, Any],
    names: dict[int, str],
    reader: int | None,
    *,
    changed: Collection[str] = frozenset(),
    choosable: Collection[str] = frozenset(),
) -> LifeboatBoard:
    """The board from one seat's `view`; `names` maps seats to players' names; `reader` is the
    seat that reads it ("you"; None for a spectator, or a replay seen by another player).
    `changed` and `choosable` are the picture's part keys (`games.pictures.hooks`) to mark as
    changed since the reader last looked and as choosable by a click."""
    players = view["players"]
    boat = view["boat"]
    seats = [_seat_pic(players[s], view, names, reader) for s in boat]
    gone = [_seat_pic(p, view, names, reader) for p in players if p["seat"] not in boat]
    who = Reader(view, reader)
    window = view.get("window")
    window_info = None
    if window:
        window_info = {"line": window_line(window, who)}
    over = view["phase"] == "over"
    # the Row stack the navigator sees is in the private corner; after the end everyone sees it
    shown_stack = (view.get("deck_order") or {}).get("row_stack")
    sprite = sprite_url("lifeboat")
    pic = LifeboatBoard(
        seats=seats,
        gone=gone,
        bird_count=view["birds"],
        provisions=view["decks"]["provisions"],
        navigation=view["decks"]["navigation"],
        row_stack=view["row_stack"],
        day=view["turn"],
        phase=str(PHASES.get(view["phase"], view["phase"])),
        step=str(STEPS.get(view.get("step") or "", "")),
        status=status(view, reader),
        navigation_card=navigation_line(view.get("navigation_card")) if view.get("navigation_card") else "",
        flare_reveal=[navigation_line(c) for c in view.get("flare_reveal", [])],
        played=cards([view["navigation_card"]]) if view.get("navigation_card") else [],
        flare=cards(view.get("flare_reveal", [])),
        row_stack_cards=cards(shown_stack or []),
        row_log=[_row_line(r, who) for r in view.get("row_log", [])],
        window=window_info,
        over=over,
        private=None if over else private(view),
        trade=None if over else trade(view),
    )
    pic.sprite = sprite
    pic.pick_cards = frozenset(key[5:] for key in choosable if key.startswith("card:"))
    pic.svg = lifeboat_board(
        view, names, sprite=sprite, changed=changed, choosable=choosable, id_prefix="board"
    )
    return pic


def _row_line(r: dict[str, Any], who: Reader) -> str:
    values = {"stack": r["to_stack"], "bottom": r["to_bottom"], "who": who.character(r["seat"])}
    if who.is_me(r["seat"]):
        return (
            _("You put the rowed cards away: %(stack)s on the Row stack, %(bottom)s under the deck.") % values
        )
    return upper_first(
        _("%(who)s puts the rowed cards away: %(stack)s on the Row stack, %(bottom)s under the deck.")
        % values
    )
