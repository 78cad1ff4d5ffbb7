"""Phase 1 (leak, full boat, ejection vote) and sinking at the end of every phase."""

from __future__ import annotations

from engine.lifeboats import LIFEBOATS as GAME

from .builders import build, leaks, one, owners_ranks, vote

OTHER = {"black": (7, ["3s", "3s", "3s"]), "green": (5, ["3o", "3o"])}


def test_a_leak_fills_an_empty_seat() -> None:
    state, _ = build(4, boats={"red": (1, ["0s", "1s", None, "L"]), **OTHER})
    events = vote(state, {0: "red", 1: "red"})
    leak = one(events, "leak")
    assert leak["boat"] == "red"
    assert state.boats["red"].seats[2] == leak["leak"]
    assert leaks(state, "red") == 2
    assert state.phase == "move"


FULL = {"red": (1, ["0o", "0s", "1o", "1s", "2s", "L"]), **OTHER}


def test_a_full_boat_calls_an_ejection_vote_of_its_owners_with_weights() -> None:
    state, _ = build(4, boats=FULL)
    events = vote(state, {0: "red", 1: "red", 2: "red"})
    one(events, "boat_full")
    opened = one(events, "vote_opened")
    assert opened["vote"] == "eject"
    assert opened["boat"] == "red"
    assert opened["eligible"] == [0, 1, 2]
    assert opened["weights"] == {"0": 3, "1": 3, "2": 1}
    assert GAME.to_act(state) == [0, 1, 2]  # seat 3 has no figure in red
    assert {a["card"] for a in GAME.legal_actions(state, 0)} == {"red", "blue", "green", "hat", None}
    assert GAME.view(state, None)["vote"]["boat"] == "red"


def test_ejection_weights_two_per_officer_one_per_sailor_and_a_voter_may_name_itself() -> None:
    state, _ = build(4, boats=FULL)
    vote(state, {0: "red"})
    # 0 (officer+sailor = 3) names itself; 2 (one sailor = 1) names blue: red loses.
    events = vote(state, {0: "red", 2: "blue"})
    assert one(events, "votes_revealed")["tally"] == {"red": 3, "blue": 1, "green": 0}
    ejected = one(events, "ejected")
    assert (ejected["seat"], ejected["rank"]) == (0, "sailor")
    assert owners_ranks(state, "red") == [(0, "officer"), (1, "officer"), (1, "sailor"), (2, "sailor")]
    assert leaks(state, "red") == 2
    assert state.boats["red"].seats[1] == ejected["leak"]  # the leak takes its seat
    assert ejected["figure"] in state.out


def test_the_chosen_player_loses_an_officer_when_no_sailor_is_there() -> None:
    state, _ = build(4, boats={"red": (1, ["0o", "0s", "1o", "1s", "2o", "L"]), **OTHER})
    vote(state, {0: "red"})
    events = vote(state, {0: "green", 1: "green"})
    assert one(events, "ejected")["rank"] == "officer"
    assert (2, "officer") not in owners_ranks(state, "red")


def test_an_ejection_tie_goes_to_the_start_player_even_without_a_stake() -> None:
    state, _ = build(4, boats=FULL, start=3)
    vote(state, {0: "red"})
    vote(state, {0: "blue", 1: "red"})  # 3 against 3
    assert GAME.to_act(state) == [3]
    assert GAME.legal_actions(state, 3) == [
        {"type": "decide", "choice": "red"},
        {"type": "decide", "choice": "blue"},
    ]
    events = GAME.apply(state, 3, {"type": "decide", "choice": "blue"})
    assert one(events, "ejected")["seat"] == 1


def test_ejection_tie_default_is_the_first_tied_player_in_turn_order_from_the_start() -> None:
    state, _ = build(4, boats=FULL, start=1)
    vote(state, {0: "red"})
    vote(state, {})
    assert GAME.to_act(state) == [1]
    assert GAME.default_action(state, 1) == {"type": "decide", "choice": "blue"}
    assert [a["choice"] for a in GAME.legal_actions(state, 1)] == ["blue", "green", "red"]


def test_a_single_owner_loses_a_figure_without_a_vote() -> None:
    state, _ = build(4, boats={"red": (1, ["0o", "0s", "0o", "L", "L", "L"]), **OTHER})
    events = vote(state, {0: "red", 1: "red"})
    assert one(events, "vote_not_held")["vote"] == "eject"
    assert one(events, "ejected")["rank"] == "sailor"
    # 2 officers against 4 leaks: sinks at the end of the phase
    assert one(events, "sunk")["boat"] == "red"
    assert state.boats["red"].status == "sunk"


def test_sinking_counts_an_officer_as_one_figure() -> None:
    state, _ = build(4, boats={"red": (1, ["0o", "L"]), **OTHER})
    events = vote(state, {0: "red", 1: "red"})
    sunk = one(events, "sunk")
    assert sunk["boat"] == "red"
    assert len(sunk["figures"]) == 1
    assert sunk["figures"][0] in state.out
    assert state.boats["red"].seats == [None] * 6
    assert state.phase == "move"


def test_equal_leaks_and_figures_stay_afloat() -> None:
    state, _ = build(4, boats={"red": (1, ["0o", "0s", "L"]), **OTHER})
    events = vote(state, {0: "red", 1: "red"})
    assert not [e for e in events if e["type"] == "sunk"]
    assert state.boats["red"].status == "sea"


def test_an_empty_boat_with_no_leak_stays_afloat_is_voted_on_and_may_land() -> None:
    state, _ = build(4, boats={"red": (1, []), **OTHER}, positions={"red": 2}, phase="move")
    assert "red" in GAME.view(state, 0)["vote"]["choices"]
    events = vote(state, {0: "red"})
    landed = one(events, "landed")
    assert landed["boat"] == "red"
    assert landed["figures"] == []
    assert state.harbour == ["red"]


def test_sinking_waits_for_the_end_of_phase_3_and_a_boarder_can_save_a_boat() -> None:
    # red: a sailor of seat 0 and a leak; green is empty. Seat 0 jumps out of red (red: no figure,
    # one leak), seat 1 is forced out of black; in reverse order 1 boards red and saves it.
    state, _ = build(
        4,
        boats={"red": (1, ["0s", "L"]), "black": (7, ["1s", "1s", "0o"]), "green": (5, [])},
        phase="jump_out",
        start=0,
    )
    assert GAME.to_act(state) == [0]
    events = GAME.apply(state, 0, {"type": "jump_out", "boat": "red", "rank": "sailor"})
    assert [(e["seat"], e["auto"]) for e in events if e["type"] == "jumped_out"] == [(0, False), (1, True)]
    assert state.phase == "jump_in"
    assert GAME.to_act(state) == [1]
    assert state.boats["red"].status == "sea"  # not sunk in the middle of the phase
    assert GAME.legal_actions(state, 1) == [
        {"type": "jump_in", "boat": "red"},
        {"type": "jump_in", "boat": "green"},
    ]
    GAME.apply(state, 1, {"type": "jump_in", "boat": "red"})
    assert GAME.to_act(state) == [0]
    assert [a["boat"] for a in GAME.legal_actions(state, 0)] == ["green", "black"]
    events = GAME.apply(state, 0, {"type": "jump_in", "boat": "green"})
    assert not [e for e in events if e["type"] == "sunk"]
    assert state.boats["red"].status == "sea"
    assert owners_ranks(state, "red") == [(1, "sailor")]


def test_a_boat_left_with_more_leaks_than_figures_sinks_at_the_end_of_phase_3() -> None:
    state, events = build(
        4,
        boats={"red": (1, ["0s", "L"]), "blue": (3, ["1s", "1s"]), "black": (7, ["2s"] * 4 + ["3s"] * 2)},
        phase="jump_out",
        start=0,
    )
    # 0, 1 and 2 are forced out (one figure type each); 3's only boat (black) has been left.
    assert [e["seat"] for e in events if e["type"] == "jumped_out"] == [0, 1, 2]
    assert GAME.to_act(state) == [2]
    assert state.phase == "jump_in"
    GAME.apply(state, 2, {"type": "jump_in", "boat": "blue"})
    assert [a["boat"] for a in GAME.legal_actions(state, 1)] == ["red", "black"]
    events = GAME.apply(state, 1, {"type": "jump_in", "boat": "black"})
    # seat 0 left red; black is full again, so blue is its only seat
    assert [(e["seat"], e["boat"]) for e in events if e["type"] == "jumped_in"] == [(1, "black"), (0, "blue")]
    assert one(events, "sunk")["boat"] == "red"
    assert state.boats["red"].status == "sunk"
    assert any(t.startswith("leak") for t in state.out)  # the boat and its leaks leave the game
