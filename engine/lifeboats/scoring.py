"""Final scores: island points per landed figure, and places with the harbour tie-break."""

from __future__ import annotations

from .board import own_colour
from .data import POINTS, figure_info
from .state import LANDED, LifeboatsState


def points_of(state: LifeboatsState) -> list[int]:
    totals = [0] * state.num_players
    for name, figs in state.islands.items():
        table = POINTS[name]
        for f in figs:
            owner, rank = figure_info(f)
            totals[owner] += table[rank]
    return totals


def ranking_of(state: LifeboatsState) -> list[int]:
    """Places by points; ties by the player's own boat: landed first by harbour, sunk share."""
    pts = points_of(state)
    never = len(state.boats) + 1
    keys = []
    for seat in range(state.num_players):
        boat = state.boats[own_colour(seat)]
        keys.append((-pts[seat], boat.harbour if boat.status == LANDED and boat.harbour else never))
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]
