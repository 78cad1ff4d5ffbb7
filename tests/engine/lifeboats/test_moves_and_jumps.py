"""Phase 2 (moves, landing, harbour) and phase 3 (changing boats), and the start marker."""

from __future__ import annotations

import pytest

from engine.lifeboats import LIFEBOATS as GAME
from engine.lifeboats.data import figure_info, island_of_lane

from .builders import assert_refused, build, of_type, one, owners_ranks, vote


def test_the_move_vote_moves_the_chosen_boat_one_row() -> None:
    state, events = build(4, boats={"red": (2, ["0s"]), "blue": (5, ["1s"])}, phase="move")
    assert one(events, "vote_opened")["vote"] == "move"
    events = vote(state, {0: "blue", 1: "blue", 2: "red"})
    assert one(events, "moved") == {"type": "moved", "visible_to": "all", "boat": "blue", "position": 1}
    assert state.boats["blue"].position == 1
    assert state.boats["red"].position == 0


def test_a_boat_lands_on_its_third_move_and_takes_the_next_harbour_space() -> None:
    state, _ = build(
        4,
        boats={"red": (2, ["0s", "0o"]), "blue": (5, ["1s", "1s"]), "black": (4, ["2o", "3s"])},
        positions={"red": 2, "blue": 2},
        phase="move",
    )
    events = vote(state, {0: "red", 1: "red"})
    landed = one(events, "landed")
    assert (landed["boat"], landed["island"], landed["harbour"]) == ("red", "left", 1)
    assert state.boats["red"].status == "landed"
    assert state.boats["red"].seats == [None] * 6
    assert sorted(figure_info(f) for f in state.islands["left"]) == [(0, "officer"), (0, "sailor")]
    assert GAME.view(state, 2)["players"][0]["points"] == 6 + 8
    # phase 3 (all forced here), the start marker passes, next round: blue lands second
    assert state.start_player == 1
    assert state.round == 2
    vote(state, {})
    GAME.apply(state, 1, {"type": "decide", "choice": "black"})  # the leak
    events = vote(state, {0: "blue", 1: "blue"})
    assert one(events, "landed")["harbour"] == 2
    assert state.harbour == ["red", "blue"]
    assert GAME.view(state, None)["harbour"] == ["red", "blue"]


@pytest.mark.parametrize(
    ("lanes", "expected"),
    [
        ([2, 2, 3], ["left", "left", "middle", "middle", "right", "right", "right"]),
        ([3, 3, 1], ["left", "left", "left", "middle", "middle", "middle", "right"]),
        ([1, 1, 5], ["left", "middle", "right", "right", "right", "right", "right"]),
    ],
)
def test_islands_by_lane_follow_the_option(lanes: list[int], expected: list[str]) -> None:
    assert [island_of_lane(lane, lanes) for lane in range(1, 8)] == expected
    state, _ = build(
        4,
        boats={"red": (3, ["0s"]), "blue": (5, ["1s"])},
        positions={"red": 2},
        phase="move",
        options={"island_lanes": lanes},
    )
    events = vote(state, {0: "red", 1: "red"})
    assert one(events, "landed")["island"] == expected[2]
    assert GAME.view(state, 0)["lanes"][2]["island"] == expected[2]


JUMP = {
    "red": (1, ["0s", "0o", "1s", None]),
    "blue": (3, ["1s", "2s", "3o"]),
    "black": (6, ["2o", "3s", "0s"]),
}


def test_phase_3_out_in_turn_order_from_the_start_player_one_figure_per_boat() -> None:
    state, _ = build(4, boats=JUMP, phase="jump_out", start=2)
    assert GAME.to_act(state) == [2]
    assert GAME.legal_actions(state, 2) == [
        {"type": "jump_out", "boat": "blue", "rank": "sailor"},
        {"type": "jump_out", "boat": "black", "rank": "officer"},
    ]
    events = GAME.apply(state, 2, {"type": "jump_out", "boat": "blue", "rank": "sailor"})
    assert state.boats["blue"].behind
    assert GAME.view(state, 0)["boats"][1]["behind"][0]["owner"] == 2
    # seat 3: blue has been left, so its sailor in black is its only figure to take out (forced)
    forced = of_type(events, "jumped_out")[1]
    assert (forced["seat"], forced["boat"], forced["auto"]) == (3, "black", True)
    assert state.left == ["blue", "black"]
    assert GAME.to_act(state) == [0]
    assert [a["boat"] for a in GAME.legal_actions(state, 0)] == ["red", "red"]
    events = GAME.apply(state, 0, {"type": "jump_out", "boat": "red", "rank": "officer"})
    # seat 1: every boat with its figures has been left -> skipped; the in step starts
    assert one(events, "jump_skipped")["seat"] == 1
    assert state.phase == "jump_in"
    # reverse order: 0 first, into a boat other than red
    assert GAME.to_act(state) == [0]
    assert [a["boat"] for a in GAME.legal_actions(state, 0)] == ["blue", "black"]
    assert_refused(state, 0, {"type": "jump_in", "boat": "red"})


def test_phase_3_in_goes_in_reverse_order_and_many_may_board_one_boat() -> None:
    state, _ = build(
        4,
        boats={"red": (1, ["0s", "0s"]), "blue": (3, ["1s", "1s"]), "green": (5, ["2s", "2s"])},
        phase="jump_out",
        start=1,
    )
    # every seat has one option out: 1 (blue), 2 (green), 3 (none, skipped), 0 (red)
    assert [j[0] for j in state.jumpers] == [1, 2, 0]
    assert GAME.to_act(state) == [0]
    GAME.apply(state, 0, {"type": "jump_in", "boat": "green"})
    assert GAME.to_act(state) == [2]
    GAME.apply(state, 2, {"type": "jump_in", "boat": "blue"})
    assert GAME.to_act(state) == [1]
    GAME.apply(state, 1, {"type": "jump_in", "boat": "green"})
    assert owners_ranks(state, "green") == [(0, "sailor"), (1, "sailor"), (2, "sailor")]
    assert state.start_player == 2
    assert state.phase == "leak"


def test_a_jumper_with_no_seat_elsewhere_drowns() -> None:
    full = ["L", "L", "L"]
    boats = {"red": (1, ["0s"] * 3 + full), "blue": (3, ["1s"] * 3 + full), "green": (5, ["2s"] * 3 + full)}
    state, events = build(4, boats=boats, phase="jump_out", start=0)
    assert [e["seat"] for e in of_type(events, "jumped_out")] == [0, 1, 2]
    GAME.apply(state, 2, {"type": "jump_in", "boat": "blue"})
    events = GAME.apply(state, 1, {"type": "jump_in", "boat": "green"})
    drowned = one(events, "drowned")
    assert (drowned["seat"], drowned["left"]) == (0, "red")
    assert drowned["figure"] in state.out
    assert one(events, "sunk")["boat"] == "red"  # 2 figures, 3 leaks at the end of the phase


def test_alone_at_sea_the_first_player_in_turn_order_with_a_figure_must_jump_and_drowns() -> None:
    state, events = build(
        4, boats={"red": (1, ["2s", "3s", "3o"])}, landed={"blue": (3, 1)}, phase="jump_out", start=3
    )
    assert GAME.to_act(state) == [3]  # sailor or officer: a real (if grim) choice
    events = GAME.apply(state, 3, {"type": "jump_out", "boat": "red", "rank": "sailor"})
    drowned = of_type(events, "drowned")[0]
    assert (drowned["seat"], drowned["rank"]) == (3, "sailor")
    assert drowned["figure"] in state.out
    assert of_type(events, "jump_skipped")[0]["seat"] == 2  # red has been left


def test_jump_needs_exit_skips_a_player_with_nowhere_to_go() -> None:
    state, events = build(
        4,
        boats={"red": (1, ["2s", "3s", "3o"])},
        landed={"blue": (3, 1)},
        phase="jump_out",
        start=3,
        options={"jump_needs_exit": True},
    )
    # Nobody ever takes a figure out; red takes 3 leaks (3 figures: afloat) and lands.
    assert [e["seat"] for e in of_type(events, "jump_skipped")][:2] == [3, 2]
    assert not of_type(events, "drowned")
    assert not of_type(events, "jumped_out")
    assert GAME.is_over(state)
    assert len(state.islands["left"]) == 3


def test_phase_3_is_skipped_when_no_figure_is_at_sea_and_the_marker_still_passes() -> None:
    state, _ = build(4, boats={"red": (1, []), "blue": (3, [])}, phase="move", start=3)
    events = vote(state, {0: "red"})
    one(events, "phase_skipped")
    assert one(events, "start_marker")["seat"] == 0
    assert state.start_player == 0
    assert state.phase == "leak"
    assert GAME.to_act(state) == [0, 1, 2, 3]


def test_phase_3_defaults_lowest_lane_sailor_first_then_lowest_lane_in() -> None:
    state, _ = build(4, boats=JUMP, phase="jump_out", start=0)
    assert GAME.default_action(state, 0) == {"type": "jump_out", "boat": "red", "rank": "sailor"}
    GAME.apply(state, 0, {"type": "jump_out", "boat": "black", "rank": "sailor"})
    # seat 1 has sailors in red and blue
    assert GAME.default_action(state, 1) == {"type": "jump_out", "boat": "red", "rank": "sailor"}
    GAME.apply(state, 1, GAME.default_action(state, 1))
    while state.phase == "jump_out":
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, GAME.default_action(state, seat))
    (seat,) = GAME.to_act(state)
    left = state.jumpers[-1][2]
    lowest = min(
        (b for b in state.boats.values() if b.status == "sea" and b.colour != left and None in b.seats),
        key=lambda b: b.lane,
    )
    assert GAME.default_action(state, seat) == {"type": "jump_in", "boat": lowest.colour}
