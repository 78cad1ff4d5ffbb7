"""Set-up: start player, boat placement, the black boat, figure placement and counts, options."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.lifeboats import LIFEBOATS as GAME
from engine.lifeboats.data import figure_info

from .builders import assert_refused, one


def place_all_boats(state, lanes=None):
    """Players place boats in turn order, each in the lowest free lane unless `lanes` says."""
    events = []
    while state.phase in ("setup_boats", "setup_black"):
        (seat,) = GAME.to_act(state)
        events += GAME.apply(state, seat, GAME.default_action(state, seat))
    return events


def test_random_start_player_and_clockwise_turn_order() -> None:
    starts = {GAME.new_game(4, seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    state = GAME.new_game(4, 7)
    start = state.start_player
    order = []
    while state.phase == "setup_boats":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        GAME.apply(state, seat, GAME.default_action(state, seat))
    assert order == [(start + i) % 4 for i in range(4)]
    assert GAME.view(state, None)["turn_order"] == order


def test_each_player_places_own_boat_on_a_free_lane_then_start_player_the_black() -> None:
    state = GAME.new_game(3, 2)
    start = state.start_player
    GAME.apply(state, start, {"type": "place_boat", "lane": 5})
    assert state.boats[["red", "blue", "green"][start]].lane == 5
    nxt = (start + 1) % 3
    assert GAME.to_act(state) == [nxt]
    assert {"type": "place_boat", "lane": 5} not in GAME.legal_actions(state, nxt)
    assert_refused(state, nxt, {"type": "place_boat", "lane": 5})
    assert_refused(state, start, {"type": "place_boat", "lane": 1})
    GAME.apply(state, nxt, {"type": "place_boat", "lane": 1})
    GAME.apply(state, (start + 2) % 3, {"type": "place_boat", "lane": 7})
    assert state.phase == "setup_black"
    assert GAME.to_act(state) == [start]
    assert GAME.legal_actions(state, start) == [{"type": "place_boat", "lane": lane} for lane in (2, 3, 4, 6)]
    GAME.apply(state, start, {"type": "place_boat", "lane": 4})
    assert state.boats["black"].lane == 4
    assert state.phase == "setup_figures"
    assert GAME.to_act(state) == [start]


def test_with_six_players_the_black_boat_takes_the_last_lane_unasked() -> None:
    state = GAME.new_game(6, 3)
    lanes = [7, 1, 6, 2, 5, 3]
    events = []
    for lane in lanes:
        (seat,) = GAME.to_act(state)
        events += GAME.apply(state, seat, {"type": "place_boat", "lane": lane})
    placed = one([e for e in events if e["boat"] == "black"], "boat_placed")
    assert placed["lane"] == 4
    assert placed["auto"]
    assert state.phase == "setup_figures"
    assert GAME.to_act(state) == [state.start_player]


def test_figures_are_placed_one_at_a_time_in_turn_order_into_any_empty_seat() -> None:
    state = GAME.new_game(3, 5)
    place_all_boats(state)
    start = state.start_player
    seen = []
    for _ in range(6):
        (seat,) = GAME.to_act(state)
        seen.append(seat)
        colour = ["red", "blue", "green", "black"][(seat + 1) % 4]
        GAME.apply(state, seat, {"type": "place_figure", "rank": "officer", "boat": colour})
    assert seen == [(start + i) % 3 for i in range(3)] * 2
    assert all(len(state.supply[s]) == 5 for s in range(3))
    assert Counter(figure_info(f)[1] for f in state.supply[0]) == {"sailor": 5}
    (seat,) = GAME.to_act(state)
    assert {a["rank"] for a in GAME.legal_actions(state, seat)} == {"sailor"}


@pytest.mark.parametrize(
    ("n", "option", "sailors"),
    [(3, 5, 5), (4, 5, 5), (5, 5, 4), (6, 5, 4), (5, 6, 5), (6, 6, 4), (4, 4, 4)],
)
def test_figure_counts_and_four_sailors_from(n: int, option: int, sailors: int) -> None:
    state = GAME.new_game(n, 1, {"four_sailors_from": option})
    for s in range(n):
        ranks = Counter(figure_info(f)[1] for f in state.supply[s])
        assert ranks == {"officer": 2, "sailor": sailors}


def test_bad_options_are_refused() -> None:
    for bad in (
        {"island_lanes": [2, 2, 2]},
        {"island_lanes": [3, 4]},
        {"island_lanes": [0, 3, 4]},
        {"island_lanes": [True, 3, 3]},
        {"four_sailors_from": 2},
        {"four_sailors_from": 8},
        {"jump_needs_exit": 1},
        {"four_sailors_from": "5"},
    ):
        with pytest.raises(ValueError, match=r"island_lanes|four_sailors_from|jump_needs_exit"):
            GAME.new_game(4, 1, bad)


def test_placing_all_figures_starts_the_leak_vote_for_everyone() -> None:
    state = GAME.new_game(4, 9)
    place_all_boats(state)
    while state.phase == "setup_figures":
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, GAME.default_action(state, seat))
    assert state.phase == "leak"
    assert GAME.to_act(state) == [0, 1, 2, 3]
    figures = sum(1 for b in state.boats.values() for t in b.seats if t)
    assert figures == 4 * 7


def test_default_figure_placement_is_a_sailor_into_the_own_boat_then_lowest_lane() -> None:
    state = GAME.new_game(3, 4)
    place_all_boats(state)
    (seat,) = GAME.to_act(state)
    own = ["red", "blue", "green"][seat]
    assert GAME.default_action(state, seat) == {"type": "place_figure", "rank": "sailor", "boat": own}
    state.boats[own].seats = ["x"] * 6  # full
    state.supply[seat] = [f for f in state.supply[seat] if "officer" in f]
    lowest = min((b for b in state.boats.values() if b.colour != own), key=lambda b: b.lane)
    assert GAME.default_action(state, seat) == {
        "type": "place_figure",
        "rank": "officer",
        "boat": lowest.colour,
    }


def test_a_placement_with_one_possibility_is_played_for_the_player() -> None:
    state = GAME.new_game(3, 4)
    place_all_boats(state)
    (first,) = GAME.to_act(state)
    second = (first + 1) % 3
    for boat in state.boats.values():
        boat.seats = ["x"] * 6
    state.boats["black"].seats = ["x"] * 4 + [None, None]
    state.supply[first] = state.supply[first][:1]
    state.supply[second] = [f for f in state.supply[second] if "officer" in f][:1]
    state.supply[(first + 2) % 3] = []
    events = GAME.apply(state, first, {"type": "place_figure", "rank": "officer", "boat": "black"})
    auto = [e for e in events if e["type"] == "figure_placed" and e["auto"]]
    assert [(e["seat"], e["boat"]) for e in auto] == [(second, "black")]
