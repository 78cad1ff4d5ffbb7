"""The small picture an HTML mail shows of a Lifeboat table, as data for its template
(`notifications/email/lifeboat/picture.html`): the characters in the boat from bow to stern, each
in its hue with its wounds as dots up to Size+1 and the navigator's star; the birds seen; the Row
stack; who is in the water. Chips and dots, no SVG (mail clients drop it); built from the seat's
own view, like everything else a mail says."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.lifeboat.data import BIRDS_TO_LAND
from games.pictures.palette import CHARACTER_FILL, GREY, ink_on

from .names import character_name, condition_name


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


def mail_picture(view: dict[str, Any]) -> LifeboatPicture:
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
