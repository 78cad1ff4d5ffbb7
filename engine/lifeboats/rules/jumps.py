"""Phase 3: in turn order each player may take one own figure out of a boat at sea not yet left
(`jump_out`); then, last out first in, each jumper boards another boat with an empty seat
(`jump_in`). A step with one possibility is played by the flow; a jumper with no seat drowns."""

from __future__ import annotations

from ..board import Action, Events, in_options, out_options
from ..flow import jump_in, jump_out, to_act
from ..state import JUMP_IN, JUMP_OUT, LifeboatsState


def legal_jump_out(state: LifeboatsState, seat: int) -> list[Action]:
    if state.phase != JUMP_OUT or seat not in to_act(state):
        return []
    return out_options(state, seat)


def apply_jump_out(state: LifeboatsState, seat: int, a: Action, ev: Events) -> None:
    jump_out(state, seat, a["boat"], a["rank"], ev, auto=False)


def legal_jump_in(state: LifeboatsState, seat: int) -> list[Action]:
    if state.phase != JUMP_IN or seat not in to_act(state):
        return []
    return in_options(state, state.jumpers[-1][2])


def apply_jump_in(state: LifeboatsState, seat: int, a: Action, ev: Events) -> None:
    jump_in(state, a["boat"], ev, auto=False)
