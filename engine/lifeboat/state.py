"""The plain-data state of a Lifeboat game and its exact JSON round trip.

Everything is indexed by seat (a player, 0..n-1); `boat` lists the seats still in the boat from
bow to stern, so a swap exchanges two entries and a removed body leaves the list (the seats
close up).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from ..core import Window


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


def to_json(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "window":
            out[f.name] = value.to_json() if value is not None else None
        elif f.name in _LIST_OF_LISTS:
            out[f.name] = [list(x) if isinstance(x, list) else x for x in value]
            if f.name == "row_log":
                out[f.name] = [[e[0], list(e[1]), list(e[2])] for e in value]
        elif isinstance(value, list | dict):
            out[f.name] = copy.deepcopy(value)
        else:
            out[f.name] = value
    return out


def from_json(data: dict[str, Any]) -> State:
    kwargs: dict[str, Any] = {}
    for f in fields(State):
        value = data[f.name]
        if f.name == "window":
            kwargs[f.name] = Window.from_json(value) if value is not None else None
        elif isinstance(value, list | dict):
            kwargs[f.name] = copy.deepcopy(value)
        else:
            kwargs[f.name] = value
    return State(**kwargs)
