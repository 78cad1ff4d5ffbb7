"""Decision kinds: each question the rules put to a seat, named, in a hand-made state."""

from __future__ import annotations

import pytest

from engine.lifeboats import LIFEBOATS as GAME
from engine.lifeboats.state import LifeboatsState

from .builders import build, vote

BOATS = {"red": (1, ["0s"]), "blue": (3, ["1s"]), "green": (5, ["2s"])}


def kinds(state: LifeboatsState) -> dict[int, str]:
    return {seat: GAME.decision_kind(state, seat) for seat in GAME.to_act(state)}


def test_no_kind_is_minor() -> None:
    """ENGINE_API.md: Lifeboats' kinds need not be minor; each moves a boat or a figure or votes."""
    assert GAME.decision_kinds == {
        "place_boat": False,
        "place_figure": False,
        "vote": False,
        "decide": False,
        "jump_out": False,
        "jump_in": False,
    }


def test_place_boat_for_the_own_boat_and_the_black_one() -> None:
    """Set-up 2-3: "each player places their own boat on any free starting space"; "the start
    player places the black boat on a free starting space"."""
    state = GAME.new_game(3, 2)
    start = state.start_player
    assert kinds(state) == {start: "place_boat"}
    for _ in range(3):
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, GAME.default_action(state, seat))
    assert state.phase == "setup_black"
    assert kinds(state) == {start: "place_boat"}


def test_place_figure() -> None:
    """Set-up 4: "each player places one of their figures ... into any empty seat of any boat"."""
    state = GAME.new_game(3, 2)
    while state.phase != "setup_figures":
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, GAME.default_action(state, seat))
    assert kinds(state) == {state.start_player: "place_figure"}


def test_vote_then_decide_after_a_single_hat() -> None:
    """Votes: "Each eligible player casts one card face down"; "Exactly one hat: its owner
    chooses the result among all valid choices (a further decision ...)"."""
    state, _ = build(4, boats=BOATS, start=0)
    assert kinds(state) == {0: "vote", 1: "vote", 2: "vote", 3: "vote"}
    vote(state, {0: "red", 1: "red", 2: "red", 3: "hat"})
    assert kinds(state) == {3: "decide"}


def test_decide_for_the_start_player_on_a_tie() -> None:
    """ "Any tie ...: the start player chooses among the tied choices"."""
    state, _ = build(4, boats=BOATS, start=1)
    vote(state, {0: "red", 2: "blue"})
    assert kinds(state) == {1: "decide"}


def test_jump_out_then_jump_in() -> None:
    """Phase 3: "Out. In turn order from the start player, each player must take one of their own
    figures ... out of a boat at sea"; "In. The players who took a figure out ... each must put it
    into an empty seat of a boat at sea other than the one it left"."""
    state, _ = build(
        4,
        boats={"red": (1, ["0s", "0o", "1s", None]), "blue": (3, ["1s", "2s", "3o"]), "black": (6, ["2o"])},
        phase="jump_out",
        start=2,
    )
    assert kinds(state) == {2: "jump_out"}
    GAME.apply(state, 2, {"type": "jump_out", "boat": "blue", "rank": "sailor"})
    while state.phase == "jump_out":
        (seat,) = GAME.to_act(state)
        assert kinds(state) == {seat: "jump_out"}
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    (seat,) = GAME.to_act(state)
    assert kinds(state) == {seat: "jump_in"}


def test_a_seat_not_waited_for_has_no_decision_kind() -> None:
    state, _ = build(4, boats=BOATS, start=0)
    vote(state, {0: "red", 1: "red", 2: "red", 3: "hat"})
    for seat in (0, 1, 2, 4):
        with pytest.raises(ValueError, match="does not wait for seat"):
            GAME.decision_kind(state, seat)
