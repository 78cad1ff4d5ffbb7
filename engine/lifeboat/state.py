"""The plain-data state of a Lifeboat game and its exact JSON round trip.

Everything is indexed by seat (a player, 0..n-1); `boat` lists the seats still in the boat from
bow to stern, so a swap exchanges two entries and a removed body leaves the list (the seats
close up).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..core import Window
from ..core.jsondata import jcopy


@dataclass
class State:
    n: int
    options: dict[str, bool]
    rng: int
    chars: list[str]
    love: list[str]
    hate: list[str]
    wounds: list[int]
    dead: list[bool]
    #: seats in the boat, bow to stern (bodies included until they go overboard)
    boat: list[int]
    hands: list[list[str]]
    #: cards face up in front of each seat
    tables: list[list[str]]
    #: hand cards removed from the game with a body (known to that seat only)
    lost: list[list[str]]
    provisions: list[str]
    navigation: list[str]
    row_stack: list[str]
    discard: list[str]
    #: cards out of play for good (face-up cards lost overboard, unused Love/Hate cards)
    removed: list[str]
    birds: int = 0
    turn: int = 0
    #: "quartermaster" | "actions" | "navigation" | "over"
    phase: str = "quartermaster"
    #: "turn_start" | "draft" | "act" | "row" | "answer" | "fight" | "navigate" | "react" | "thirst" | ""
    step: str = "turn_start"
    #: face-up cards whose state is "open" (the Parasol)
    open_cards: list[str] = field(default_factory=list)
    #: a Life Preserver played for an unconscious character: [card, lender, borrower]
    lent: list[Any] | None = None
    draft: list[str] = field(default_factory=list)
    draft_order: list[int] = field(default_factory=list)
    draft_idx: int = 0
    #: the Actions list fixed when the phase began, and the place reached
    order: list[int] = field(default_factory=list)
    pos: int = 0
    rower: int = -1
    rowing: list[str] = field(default_factory=list)
    #: this turn's rowing: [seat, cards put on the Row stack, cards put at the bottom]
    row_log: list[list[Any]] = field(default_factory=list)
    rowed: list[bool] = field(default_factory=list)
    fought: list[bool] = field(default_factory=list)
    window: Window | None = None
    navigator: int = -1
    compass_used: bool = False
    #: the Navigation card being resolved (its own zone until the end of the turn)
    played: str | None = None
    last_played: str | None = None
    flare_reveal: list[str] = field(default_factory=list)
    offers: list[dict[str, Any]] = field(default_factory=list)
    offer_seq: int = 0
    end_reason: str = ""


_LIST_OF_LISTS = {"hands", "tables", "lost", "row_log"}
#: The state's field names, found once (`dataclasses.fields` builds them anew on every call).
_FIELDS = tuple(f.name for f in fields(State))


def to_json(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(state, name)
        if name == "window":
            out[name] = value.to_json() if value is not None else None
        elif name in _LIST_OF_LISTS:
            out[name] = [list(x) if isinstance(x, list) else x for x in value]
            if name == "row_log":
                out[name] = [[e[0], list(e[1]), list(e[2])] for e in value]
        else:
            out[name] = jcopy(value)
    return out


def from_json(data: dict[str, Any]) -> State:
    kwargs: dict[str, Any] = {}
    for name in _FIELDS:
        value = data[name]
        if name == "window":
            kwargs[name] = Window.from_json(value) if value is not None else None
        else:
            kwargs[name] = jcopy(value)
    return State(**kwargs)
