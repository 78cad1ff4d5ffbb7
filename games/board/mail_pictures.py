"""The small picture an HTML mail shows of the table, as data for its template
(`notifications/email/_picture_<slug>.html`): chips and dots in the table's colours, no SVG (mail
clients drop it). Built from the seat's own view, like everything else a mail says.

- Lifeboat: the characters in the boat from bow to stern, each in its hue with its wounds as dots
  up to Size+1 and the navigator's star; the birds seen; the Row stack; who is in the water.
- Lifeboats: each boat at sea in its colour, its six seats as tokens (a figure in its owner's
  colour with the colour's letter, a leak, an empty place), its lane and row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from engine.lifeboat.data import BIRDS_TO_LAND
from games.pictures.palette import CHARACTER_FILL, GAME_FILL, GREY, ink_on
from games.pictures.words import COLOUR_LETTERS, word

from .names import character_name, colour_name, condition_name, rank_name


@dataclass(frozen=True)
class Chip:
    """A character in the Lifeboat, bow to stern."""

    name: str
    is_me: bool
    fill: str
    ink: str
    #: One dot per wound it can take before it dies (Size+1): True where a wound is taken.
    pips: list[bool]
    condition: str
    condition_name: str
    navigator: bool


@dataclass(frozen=True)
class LifeboatPicture:
    seats: list[Chip]
    #: One dot per bird that lands the boat: True for each one seen.
    birds: list[bool]
    row_stack: int
    #: The characters in the water: (name, is the reader).
    gone: list[tuple[str, bool]]


def lifeboat(view: dict[str, Any]) -> LifeboatPicture:
    reader = view.get("seat")
    players = view["players"]

    def chip(seat: int) -> Chip:
        p = players[seat]
        fill = CHARACTER_FILL.get(p["character"], GREY)
        return Chip(
            name=character_name(p["character"]),
            is_me=reader is not None and seat == reader,
            fill=fill,
            ink=ink_on(fill),
            pips=[k < p["wounds"] for k in range(p["size"] + 1)],
            condition=p["condition"],
            condition_name=condition_name(p["condition"]),
            navigator=view.get("navigator") == seat,
        )

    return LifeboatPicture(
        seats=[chip(seat) for seat in view["boat"]],
        birds=[k < view["birds"] for k in range(BIRDS_TO_LAND)],
        row_stack=view["row_stack"],
        gone=[
            (character_name(p["character"]), reader is not None and p["seat"] == reader)
            for p in players
            if p["seat"] not in view["boat"]
        ],
    )


@dataclass(frozen=True)
class Token:
    """A seat of a Lifeboats boat: "sailor" or "officer" (in its owner's colour), "leak", "empty"."""

    kind: str
    label: str
    fill: str = ""
    ink: str = ""
    letter: str = ""


@dataclass(frozen=True)
class Boat:
    colour_name: str
    fill: str
    ink: str
    lane: int
    position: int
    seats: list[Token]


@dataclass(frozen=True)
class LifeboatsPicture:
    boats: list[Boat]


def lifeboats(view: dict[str, Any]) -> LifeboatsPicture:
    colour_of = {p["seat"]: p["colour"] for p in view["players"]}

    def token(seat: dict[str, Any] | None) -> Token:
        if seat is None:
            return Token("empty", _("an empty place"))
        if "leak" in seat:
            return Token("leak", _("a leak"))
        colour = colour_of.get(seat["owner"], "")
        fill = GAME_FILL.get(colour, GREY)
        return Token(
            seat["rank"],
            f"{rank_name(seat['rank'])} ({colour_name(colour)})",
            fill,
            ink_on(fill),
            word(COLOUR_LETTERS, colour),
        )

    boats = []
    for b in view["boats"]:
        if b["status"] != "sea":
            continue
        fill = GAME_FILL.get(b["colour"], GREY)
        boats.append(
            Boat(
                colour_name=colour_name(b["colour"]),
                fill=fill,
                ink=ink_on(fill),
                lane=b["lane"],
                position=b["position"],
                seats=[token(t) for t in b["seats"]],
            )
        )
    return LifeboatsPicture(boats=boats)


PICTURES = {"lifeboat": lifeboat, "lifeboats": lifeboats}
