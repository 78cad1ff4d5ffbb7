"""Answer ahead in Lifeboats (`engine.core.ahead`): the next figure placement and the next jump.

- `place_figure` (set-up): a figure of a rank the seat still has, into a boat placed on the water
  with an empty seat;
- `jump_out` (phase 3): one of the seat's figures out of a boat at sea;
- `jump_in` (phase 3): the boat at sea its jumping figure boards.

A plan is one of them, or a few in order of preference (boats to board, say): when the seat's
next decision of that kind comes, the first that is then legal is played; none is: the seat is
asked as usual. Nothing voids them: the rules give a seat no surprise that a
legality check would not catch. From the seat's view and legal actions alone.
"""

from __future__ import annotations

from typing import Any

from ..core.ahead import PICK, Options, Plan, pick, without_asked
from .board import Action, Events
from .data import RANKS
from .flow import kind_of_phase
from .state import AT_SEA, JUMP_OUT, OVER, SETUP_BLACK, SETUP_BOATS, SETUP_FIGURES

KINDS = frozenset({"place_figure", "jump_out", "jump_in"})
SETUP = (SETUP_BOATS, SETUP_BLACK, SETUP_FIGURES)


def asked(view: dict[str, Any]) -> str | None:
    """The kind of decision the view's seat is asked now, if it is waited for."""
    seat = view["seat"]
    if seat is None or seat not in view["to_act"]:
        return None
    vote = view["vote"]
    return kind_of_phase(view["phase"], revealed=vote is not None and vote["revealed"])


def options(view: dict[str, Any]) -> Options:
    seat = view["seat"]
    if seat is None or view["phase"] == OVER:
        return {}
    choices: dict[str, list[Action]] = (
        {"place_figure": figure_choices(view)}
        if view["phase"] in SETUP
        else {"jump_out": out_choices(view), "jump_in": in_choices(view)}
    )
    return without_asked({kind: {PICK: picks} for kind, picks in choices.items() if picks}, asked(view))


def mine(view: dict[str, Any], boat: dict[str, Any]) -> list[str]:
    """The ranks of the seat's figures in a boat, a sailor first."""
    ranks = {t["rank"] for t in boat["seats"] if t is not None and t.get("owner") == view["seat"]}
    return [rank for rank in RANKS if rank in ranks]


def figure_choices(view: dict[str, Any]) -> list[Action]:
    supply = view["players"][view["seat"]]["supply"]
    boats = [b["colour"] for b in view["boats"] if b["status"] == AT_SEA and None in b["seats"]]
    return [
        {"type": "place_figure", "rank": rank, "boat": colour}
        for rank in RANKS
        if supply[rank]
        for colour in boats
    ]


def out_choices(view: dict[str, Any]) -> list[Action]:
    left = view["jump"]["left"] if view["phase"] == JUMP_OUT else []
    return [
        {"type": "jump_out", "boat": b["colour"], "rank": rank}
        for b in view["boats"]
        if b["status"] == AT_SEA and b["colour"] not in left
        for rank in mine(view, b)
    ]


def in_choices(view: dict[str, Any]) -> list[Action]:
    """Any boat at sea but the one the seat's figure left (when it is behind one now); only for a
    seat with a figure at sea or behind a boat."""
    seat = view["seat"]
    jumping = [j["left"] for j in view["jump"]["jumpers"] if j["seat"] == seat]
    sea = [b for b in view["boats"] if b["status"] == AT_SEA]
    if not jumping and not any(mine(view, b) for b in sea):
        return []
    return [{"type": "jump_in", "boat": b["colour"]} for b in sea if b["colour"] not in jumping]


def resolve(plan: Plan, view: dict[str, Any], legal: list[Action]) -> Action | None:
    return pick(plan, legal)


def voided(plan: Plan, seat: int, events: Events) -> bool:
    return False
