"""Small queries on a Lifeboats state, shared by the flow, the rules and the view: seats and
colours, boats at sea, who sits where, hats, and the possibilities of the placement and jump steps
(the flow plays a step with one possibility itself; the rules list them all)."""

from __future__ import annotations

from typing import Any

from .data import BLACK, LANES, OFFICER, PLAYER_COLOURS, SAILOR, figure_info, is_hat
from .state import AT_SEA, Boat, LifeboatsState

S = LifeboatsState
Action = dict[str, Any]
Events = list[dict[str, Any]]

_CARD_ORDER = {c: i for i, c in enumerate((*PLAYER_COLOURS, BLACK))}


def card_key(card: str) -> int:
    """A hand's order: colour cards in seat colour order, black, then hats."""
    kind, _seat, tail = card.split("-")
    return 100 + int(tail) if kind == "hat" else _CARD_ORDER[tail]


def turn_order(n: int, start: int) -> list[int]:
    """Clockwise from `start`: the next seat is the player to the left."""
    return [(start + i) % n for i in range(n)]


def own_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat]


def seat_of_colour(colour: str) -> int:
    return PLAYER_COLOURS.index(colour)


def boats_at_sea(state: S) -> list[Boat]:
    """Boats at sea, by lane."""
    sea = [b for b in state.boats.values() if b.status == AT_SEA]
    sea.sort(key=_lane_key)
    return sea


def _lane_key(b: Boat) -> int:
    return b.lane or 0


def free_lanes(state: S) -> list[int]:
    taken = {b.lane for b in state.boats.values()}
    return [lane for lane in LANES if lane not in taken]


def figures_in(boat: Boat) -> list[str]:
    return [t for t in boat.seats if t is not None and t[0] == "f"]  # "fig-..." (leaks: "leak-...")


def leaks_in(boat: Boat) -> int:
    return sum(1 for t in boat.seats if t is not None and t[0] == "l")


def has_empty_seat(boat: Boat) -> bool:
    return None in boat.seats


def owners_in(boat: Boat) -> list[int]:
    return sorted({figure_info(f)[0] for f in figures_in(boat)})


def figure_at_sea(state: S) -> bool:
    return any(figures_in(b) for b in boats_at_sea(state))


def hats_in_hand(state: S, seat: int) -> int:
    return sum(1 for c in state.hands[seat] if c[0] == "h")  # "hat-..." ids


def hats_public(state: S, seat: int) -> int:
    """Hats as of the last reveal: in hand plus one cast face down (hats leave only at reveals)."""
    cast = state.cast[seat]
    return hats_in_hand(state, seat) + (1 if cast is not None and is_hat(cast) else 0)


def copy_record(record: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of a reveal record (its known, shallow-nested shape; no generic copy)."""
    out = dict(record)
    out["ballots"] = [dict(b) for b in record["ballots"]]
    out["weights"] = dict(record["weights"])
    out["tally"] = dict(record["tally"])
    out["hats"] = list(record["hats"])
    out["among"] = list(record["among"])
    return out


# -- the possibilities of the single-seat steps ------------------------------------------------------
def figure_options(state: S, seat: int) -> list[Action]:
    """Set-up: a figure of a rank the seat still has, into any boat with an empty seat."""
    ranks = [r for r in (SAILOR, OFFICER) if any(figure_info(f)[1] == r for f in state.supply[seat])]
    boats = [b.colour for b in boats_at_sea(state) if has_empty_seat(b)]
    return [{"type": "place_figure", "rank": r, "boat": c} for r in ranks for c in boats]


def out_options(state: S, seat: int) -> list[Action]:
    """Phase 3 out: own figures in boats at sea not yet left, by lane, a sailor before an officer."""
    sea = boats_at_sea(state)
    opts: list[Action] = []
    for boat in sea:
        if boat.colour in state.left:
            continue
        if state.options["jump_needs_exit"] and not any(o is not boat and has_empty_seat(o) for o in sea):
            continue
        ranks = {figure_info(f)[1] for f in figures_in(boat) if figure_info(f)[0] == seat}
        opts.extend(
            {"type": "jump_out", "boat": boat.colour, "rank": r} for r in (SAILOR, OFFICER) if r in ranks
        )
    return opts


def in_options(state: S, left_colour: str) -> list[Action]:
    """Phase 3 in: any other boat at sea with an empty seat."""
    return [
        {"type": "jump_in", "boat": b.colour}
        for b in boats_at_sea(state)
        if b.colour != left_colour and has_empty_seat(b)
    ]
