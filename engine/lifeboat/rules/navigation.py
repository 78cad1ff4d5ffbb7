"""The Navigation phase's decisions: the navigator's Compass and card, and the answers to the two
windows the flow opens (overboard reactions, thirst's Water; their answers are listed by
`flow.react_options` and `flow.water_options`, beside the steps that open and resolve them)."""

from __future__ import annotations

from ...core import event
from ..board import Action, Events, answer_window, asked, held
from ..flow import (
    decide_navigation,
    navigate,
    react_options,
    resolve_overboard,
    resolve_thirst,
    use_compass,
    water_options,
)
from ..state import State


def legal_compass(s: State, seat: int) -> list[Action]:
    """A Compass in hand, played by the navigator (a face-up one is used by itself)."""
    if s.step == "navigate" and s.navigator == seat and not s.compass_used and held(s, seat, "compass"):
        return [{"type": "compass"}]
    return []


def apply_compass(s: State, seat: int, a: Action, ev: Events) -> None:
    card = held(s, seat, "compass")[0]
    if card in s.hands[seat]:
        s.hands[seat].remove(card)
        s.tables[seat].append(card)
        ev.append(event("played", seat=seat, card=card, card_kind="compass", target=seat))
    use_compass(s, ev)
    decide_navigation(s, ev)


def legal_navigate(s: State, seat: int) -> list[Action]:
    if s.step == "navigate" and s.navigator == seat:
        return [{"type": "navigate", "card": c} for c in s.row_stack]
    return []


def apply_navigate(s: State, seat: int, a: Action, ev: Events) -> None:
    navigate(s, a["card"], ev)


def legal_react(s: State, seat: int) -> list[Action]:
    if not asked(s, seat, "react"):
        return []
    assert s.window is not None
    return react_options(s, seat, s.window.data)


def apply_react(s: State, seat: int, a: Action, ev: Events) -> None:
    window = answer_window(s, seat, a, ev)
    if window:
        resolve_overboard(s, window.data, window, ev)


def legal_water(s: State, seat: int) -> list[Action]:
    if not asked(s, seat, "thirst"):
        return []
    assert s.window is not None
    return water_options(s, seat, s.window.data)


def apply_water(s: State, seat: int, a: Action, ev: Events) -> None:
    window = answer_window(s, seat, a, ev)
    if window:
        resolve_thirst(s, window.data, window, ev)
