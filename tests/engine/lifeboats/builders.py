"""Small builders for hand-made Lifeboats states, and named helpers for the scenario tests."""

from __future__ import annotations

import json
from typing import Any

from engine.lifeboats import LIFEBOATS as GAME
from engine.lifeboats.board import free_lanes
from engine.lifeboats.data import figure_info, leak_id
from engine.lifeboats.flow import advance
from engine.lifeboats.state import AT_SEA, LANDED, LEAK, SUNK, LifeboatsState

Spec = dict[str, tuple[int, list[str | None]]]


def build(
    n: int = 4,
    *,
    boats: Spec,
    start: int = 0,
    phase: str = LEAK,
    positions: dict[str, int] | None = None,
    landed: dict[str, tuple[int, int]] | None = None,
    hats: dict[int, int] | None = None,
    ashore: dict[str, list[str]] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 1,
) -> tuple[LifeboatsState, list[dict[str, Any]]]:
    """A state at the start of `phase` (votes opened, forced steps played).

    `boats`: colour -> (lane, seats), seats given as "0s" (a sailor of seat 0), "2o" (an officer
    of seat 2), "L" (a leak) or None; missing seats are empty. Boats not listed are sunk
    (or landed, from `landed`: colour -> (lane, harbour number)). `ashore`: island -> figure
    codes already landed there. Unplaced figures are out.
    """
    state = GAME.new_game(n, seed, options)
    supply = {s: list(state.supply[s]) for s in range(n)}
    for s in range(n):
        state.supply[s] = []
    for boat in state.boats.values():
        boat.lane = None
        boat.status = SUNK
    for colour, (lane, seats) in boats.items():
        boat = state.boats[colour]
        boat.lane = lane
        boat.status = AT_SEA
        boat.position = (positions or {}).get(colour, 0)
        tokens: list[str | None] = []
        for code in [*seats, *[None] * (6 - len(seats))]:
            if code is None:
                tokens.append(None)
            elif code == "L":
                state.leaks_made += 1
                tokens.append(leak_id(state.leaks_made))
            else:
                seat, rank = int(code[0]), {"s": "sailor", "o": "officer"}[code[1]]
                fig = next(f for f in supply[seat] if figure_info(f)[1] == rank)
                supply[seat].remove(fig)
                tokens.append(fig)
        boat.seats = tokens
    for island, codes in (ashore or {}).items():
        for code in codes:
            seat, rank = int(code[0]), {"s": "sailor", "o": "officer"}[code[1]]
            fig = next(f for f in supply[seat] if figure_info(f)[1] == rank)
            supply[seat].remove(fig)
            state.islands[island].append(fig)
    harbour = sorted((landed or {}).items(), key=lambda item: item[1][1])
    for colour, (lane, number) in harbour:
        boat = state.boats[colour]
        boat.lane, boat.status, boat.harbour, boat.position = lane, LANDED, number, 3
        state.harbour.append(colour)
    for boat in state.boats.values():
        if boat.lane is None:
            boat.lane = free_lanes(state)[0]
    for s in range(n):
        state.out.extend(supply[s])
    for seat, count in (hats or {}).items():
        for k in range(3, count, -1):
            card = f"hat-{seat}-{k}"
            state.hands[seat].remove(card)
            state.discard.append(card)
    state.start_player = start
    state.phase = phase
    state.queue = []
    state.actor = None
    events: list[dict[str, Any]] = []
    if phase == "jump_out":
        state.queue = [(start + i) % n for i in range(n)]
    advance(state, events)
    return state, events


def vote(state: LifeboatsState, cards: dict[int, str | None]) -> list[dict[str, Any]]:
    """Every seat the vote waits for casts its card from `cards` (no card when missing)."""
    events: list[dict[str, Any]] = []
    for seat in GAME.to_act(state):
        events += GAME.apply(state, seat, {"type": "vote", "card": cards.get(seat)})
    return events


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def one(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {[e['type'] for e in events]}"
    return found[0]


def seats_of(state: LifeboatsState, colour: str) -> list[str | None]:
    return list(state.boats[colour].seats)


def owners_ranks(state: LifeboatsState, colour: str) -> list[tuple[int, str]]:
    return sorted(figure_info(t) for t in state.boats[colour].seats if t and not t.startswith("leak"))


def leaks(state: LifeboatsState, colour: str) -> int:
    return sum(1 for t in state.boats[colour].seats if t and t.startswith("leak"))


def dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def assert_refused(state: LifeboatsState, seat: Any, action: Any) -> None:
    import pytest

    from engine import IllegalAction

    before = GAME.to_json(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, action)
    assert GAME.to_json(state) == before
