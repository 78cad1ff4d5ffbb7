"""The small picture an HTML mail shows of a Lifeboats table, as data for its template
(`notifications/email/lifeboats/picture.html`): each boat at sea in its colour, its six seats as
tokens (a figure in its owner's colour with the colour's letter, a leak, an empty place), its
lane and row. Built from the seat's own view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.pictures.palette import GAME_FILL, GREY, ink_on
from games.pictures.words import COLOUR_LETTERS, word

from .names import colour_name, rank_name


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


def mail_picture(view: dict[str, Any]) -> LifeboatsPicture:
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
