"""Answer ahead in Lifeboats: the next figure placement and the next jump, played if still legal."""

from __future__ import annotations

from typing import Any

from engine.lifeboats import LIFEBOATS as GAME
from engine.lifeboats.state import LifeboatsState

from .builders import build


def ahead(state: LifeboatsState, seat: int, plan: dict[str, Any]) -> dict[str, Any] | None:
    assert GAME.decision_kind(state, seat) == plan["kind"]
    return GAME.resolve_ahead(plan, GAME.view(state, seat), GAME.legal_actions(state, seat))


def queue(state: LifeboatsState, seat: int, plan: dict[str, Any]) -> dict[str, Any]:
    assert GAME.ahead_problem(GAME.view(state, seat), plan) is None
    return plan


def to_figures(seed: int = 2) -> LifeboatsState:
    state = GAME.new_game(3, seed)
    while state.phase != "setup_figures":
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, GAME.default_action(state, seat))
    return state


def test_a_placement_queued_while_others_place_is_played_if_the_boat_has_a_seat() -> None:
    """Set-up 4: "each player places one of their figures (their choice of officer or sailor) into
    any empty seat of any boat"."""
    state = to_figures()
    first = state.start_player
    second = (first + 1) % 3
    plan = queue(
        state,
        second,
        {"kind": "place_figure", "actions": [{"type": "place_figure", "rank": "officer", "boat": "black"}]},
    )
    GAME.apply(state, first, {"type": "place_figure", "rank": "sailor", "boat": "black"})
    assert ahead(state, second, plan) == {"type": "place_figure", "rank": "officer", "boat": "black"}


def test_a_placement_into_a_boat_filled_meanwhile_is_asked() -> None:
    state = to_figures()
    first = state.start_player
    second = (first + 1) % 3
    plan = queue(
        state,
        second,
        {"kind": "place_figure", "actions": [{"type": "place_figure", "rank": "sailor", "boat": "black"}]},
    )
    while state.boats["black"].seats.count(None) > 0:
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, {"type": "place_figure", "rank": "sailor", "boat": "black"})
    while GAME.to_act(state) != [second]:
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, GAME.default_action(state, seat))
    assert ahead(state, second, plan) is None


JUMP = {
    "red": (1, ["0s", "0o", "1s", None]),
    "blue": (3, ["1s", "2s", "3o"]),
    "black": (6, ["2o", "3s", "0s"]),
}


def test_a_jump_out_and_in_queued_during_the_votes_are_played_in_phase_3() -> None:
    """Phase 3: "Out. ... each player must take one of their own figures ... out of a boat at sea
    from which no figure has left yet this phase"; "In. ... into an empty seat of a boat at sea
    other than the one it left"."""
    state, _ = build(4, boats=JUMP, phase="move", start=2)
    out = queue(
        state, 0, {"kind": "jump_out", "actions": [{"type": "jump_out", "boat": "red", "rank": "officer"}]}
    )
    jump_in = queue(state, 0, {"kind": "jump_in", "actions": [{"type": "jump_in", "boat": "blue"}]})
    for seat in GAME.to_act(state):
        GAME.apply(state, seat, {"type": "vote", "card": "black"})
    assert state.phase == "jump_out"
    GAME.apply(state, 2, {"type": "jump_out", "boat": "blue", "rank": "sailor"})
    assert ahead(state, 0, out) == {"type": "jump_out", "boat": "red", "rank": "officer"}
    GAME.apply(state, 0, out["actions"][0])
    assert ahead(state, 0, jump_in) == {"type": "jump_in", "boat": "blue"}


def test_a_jump_from_a_boat_already_left_is_asked() -> None:
    """ "... out of a boat at sea from which no figure has left yet this phase"."""
    state, _ = build(4, boats=JUMP, phase="jump_out", start=2)
    plan = queue(
        state, 0, {"kind": "jump_out", "actions": [{"type": "jump_out", "boat": "black", "rank": "sailor"}]}
    )
    GAME.apply(state, 2, {"type": "jump_out", "boat": "black", "rank": "officer"})
    # seat 3 has only blue left to leave (black has been left): played for it; then seat 0
    assert GAME.to_act(state) == [0]
    assert ahead(state, 0, plan) is None


def test_a_seat_queues_what_it_is_not_asked_now() -> None:
    state, _ = build(4, boats=JUMP, phase="jump_out", start=2)
    assert set(GAME.ahead_options(GAME.view(state, 2))) == {"jump_in"}
    options = GAME.ahead_options(GAME.view(state, 0))
    assert options["jump_out"]["pick"] == [
        {"type": "jump_out", "boat": "red", "rank": "sailor"},
        {"type": "jump_out", "boat": "red", "rank": "officer"},
        {"type": "jump_out", "boat": "black", "rank": "sailor"},
    ]
    assert [a["boat"] for a in options["jump_in"]["pick"]] == ["red", "blue", "black"]
    GAME.apply(state, 2, {"type": "jump_out", "boat": "blue", "rank": "sailor"})
    options = GAME.ahead_options(GAME.view(state, 2))
    assert [a["boat"] for a in options["jump_in"]["pick"]] == ["red", "black"], "not back into blue"


def test_nothing_voids_a_lifeboats_plan() -> None:
    state, _ = build(4, boats=JUMP, phase="move", start=2)
    plan = {"kind": "jump_in", "actions": [{"type": "jump_in", "boat": "blue"}]}
    events = []
    for seat in GAME.to_act(state):
        events += GAME.apply(state, seat, {"type": "vote", "card": "red"})
    assert not GAME.ahead_voided(plan, 0, events)


def test_of_several_boats_in_order_the_first_the_figure_may_board_is_taken() -> None:
    """In: "into an empty seat of a boat at sea other than the one it left"."""
    state, _ = build(4, boats=JUMP, phase="jump_out", start=2)
    plan = queue(
        state,
        2,
        {
            "kind": "jump_in",
            "actions": [{"type": "jump_in", "boat": "blue"}, {"type": "jump_in", "boat": "red"}],
        },
    )
    GAME.apply(state, 2, {"type": "jump_out", "boat": "blue", "rank": "sailor"})
    GAME.apply(state, 0, {"type": "jump_out", "boat": "red", "rank": "officer"})
    GAME.apply(state, 0, {"type": "jump_in", "boat": "black"})
    GAME.apply(state, 3, {"type": "jump_in", "boat": "red"})
    assert ahead(state, 2, plan) == {"type": "jump_in", "boat": "red"}, "not back into blue, which it left"
