"""Set-up: each player places their own boat in a free lane (the start player the black boat too),
then figures go into boats one at a time, clockwise from the start player."""

from __future__ import annotations

from ..board import Action, Events, figure_options, free_lanes
from ..flow import place_boat, place_figure, to_act
from ..state import SETUP_BLACK, SETUP_BOATS, SETUP_FIGURES, LifeboatsState


def legal_place_boat(state: LifeboatsState, seat: int) -> list[Action]:
    if state.phase not in (SETUP_BOATS, SETUP_BLACK) or seat not in to_act(state):
        return []
    return [{"type": "place_boat", "lane": lane} for lane in free_lanes(state)]


def apply_place_boat(state: LifeboatsState, seat: int, a: Action, ev: Events) -> None:
    place_boat(state, seat, a["lane"], ev, auto=False)


def legal_place_figure(state: LifeboatsState, seat: int) -> list[Action]:
    if state.phase != SETUP_FIGURES or seat not in to_act(state):
        return []
    return figure_options(state, seat)


def apply_place_figure(state: LifeboatsState, seat: int, a: Action, ev: Events) -> None:
    place_figure(state, seat, a["rank"], a["boat"], ev, auto=False)
