"""The end, scoring and ranking, default actions, refusals, views after the end."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.lifeboats import LIFEBOATS as GAME

from .builders import assert_refused, build, dump, one, vote


def end_with(**kw):
    """Red alone at sea one move from the right island (lane 6): the game ends unasked."""
    kw.setdefault("boats", {"red": (6, ["0s", "1o"])})
    return build(4, positions={"red": 2}, phase="move", **kw)


def test_the_game_ends_when_no_boat_is_at_sea_and_scores_island_points() -> None:
    state, events = end_with(ashore={"left": ["0s", "0o", "2s"], "middle": ["1s", "1o"]})
    assert GAME.is_over(state)
    assert GAME.to_act(state) == []
    over = one(events, "game_over")
    # red lands on the right island: 0 a sailor (5), 1 an officer (7)
    assert GAME.scores(state) == [6 + 8 + 5, 4 + 6 + 7, 6, 0]
    assert over["scores"] == GAME.scores(state)
    assert all(GAME.legal_actions(state, s) == [] for s in range(4))
    assert_refused(state, 0, {"type": "vote", "card": None})


def test_scores_before_the_end_are_refused() -> None:
    state, _ = build(4, boats={"red": (1, ["0s"]), "blue": (2, ["1s"])})
    with pytest.raises(ValueError, match="not over"):
        GAME.scores(state)


def test_the_game_ends_after_the_last_boat_sinks() -> None:
    state, events = build(4, boats={"red": (1, ["0s", "L"])}, phase="leak")
    assert one(events, "sunk")["boat"] == "red"
    assert GAME.is_over(state)
    assert not [e for e in events if e["type"] == "vote_not_held" and e["vote"] == "move"]


def test_ranking_ties_go_by_own_boat_in_harbour_order_and_sunk_boats_share() -> None:
    # 0 and 1 tie on 8; blue (1) landed first, red (0) second. 2 and 3 tie on 6, both sunk.
    state, _ = end_with(
        boats={"red": (6, [])},
        landed={"blue": (2, 1)},
        ashore={"left": ["0o", "1o", "2s", "3s"]},
    )
    assert GAME.scores(state) == [8, 8, 6, 6]
    assert state.harbour == ["blue", "red"]
    assert GAME.ranking(state) == [2, 1, 3, 3]
    assert GAME.view(state, None)["final"] == {"scores": [8, 8, 6, 6], "ranking": [2, 1, 3, 3]}


def test_a_landed_boat_ranks_before_a_sunk_one_on_equal_points() -> None:
    state, _ = end_with(boats={"red": (6, [])}, ashore={"left": ["2s", "3s"]})
    assert GAME.scores(state) == [0, 0, 6, 6]
    assert GAME.ranking(state) == [3, 4, 1, 1]


def test_after_the_end_every_view_is_the_same_and_shows_the_hands() -> None:
    state, _ = end_with()
    views = {dump({k: v for k, v in GAME.view(state, s).items() if k != "seat"}) for s in [0, 1, 2, 3, None]}
    assert len(views) == 1
    view = GAME.view(state, 2)
    assert view["seat"] == 2
    assert len(view["hands"]) == 4
    assert "you" not in view
    assert GAME.secrets_from(state, 2) == set()


def test_defaults_are_no_card_in_votes_and_lowest_lane_for_boats() -> None:
    state, _ = build(4, boats={"red": (1, ["0s"]), "blue": (2, ["1s"])})
    for seat in GAME.to_act(state):
        assert GAME.default_action(state, seat) == {"type": "vote", "card": None}
    fresh = GAME.new_game(5, 3)
    (seat,) = GAME.to_act(fresh)
    assert GAME.default_action(fresh, seat) == {"type": "place_boat", "lane": 1}
    GAME.apply(fresh, seat, {"type": "place_boat", "lane": 1})
    (seat,) = GAME.to_act(fresh)
    assert GAME.default_action(fresh, seat) == {"type": "place_boat", "lane": 2}


@pytest.mark.parametrize(
    "action",
    [
        {"type": "vote", "card": "purple"},  # not in play with 4 players
        {"type": "vote", "card": "green"},  # not at sea
        {"type": "vote", "card": 1},
        {"type": "vote"},
        {"type": "vote", "card": "red", "extra": 1},
        {"type": "decide", "choice": "red"},
        {"type": "jump_out", "boat": "red", "rank": "sailor"},
        {"type": "place_boat", "lane": 3},
        {"type": "place_figure", "rank": "sailor", "boat": "red"},
        {"type": "Vote", "card": "red"},
        {"type": "vote", "card": True},
        {"card": "red"},
        "vote",
        None,
    ],
)
def test_illegal_and_malformed_actions_change_nothing(action) -> None:
    state, _ = build(4, boats={"red": (1, ["0s"]), "blue": (2, ["1s"])})
    assert_refused(state, 0, action)


def test_wrong_seat_and_bool_lane_are_refused() -> None:
    state = GAME.new_game(4, 1)
    (seat,) = GAME.to_act(state)
    other = (seat + 1) % 4
    assert_refused(state, other, {"type": "place_boat", "lane": 1})
    assert_refused(state, 9, {"type": "place_boat", "lane": 1})
    assert_refused(state, seat, {"type": "place_boat", "lane": True})
    assert_refused(state, seat, {"type": "place_boat", "lane": 1.0})
    assert_refused(state, seat, {"type": "place_boat", "lane": 8})
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, other, {"type": "place_boat", "lane": 1})


def test_zones_hold_every_id_once_and_the_rng_stays_out_of_views() -> None:
    state, _ = build(4, boats={"red": (1, ["0s", "L"]), "blue": (2, ["1s"])})
    GAME.apply(state, 0, {"type": "vote", "card": "hat"})
    zones = GAME.zones(state)
    ids = [i for z in zones.values() for i in z]
    assert len(ids) == len(set(ids))
    assert zones["vote:0"] == ["hat-0-1"]
    assert "hat-0-1" in GAME.secrets_from(state, 1)
    assert "hat-0-1" not in GAME.secrets_from(state, 0)
    assert str(state.rng) not in dump(GAME.view(state, 0))
    assert GAME.view(state, 0)["you"]["cast"] == "hat"


def test_more_than_fifteen_leaks_is_noted_in_the_log() -> None:
    three = ["L", "L", "L"]
    boats = {
        "red": (1, ["0s"] * 3 + three),
        "blue": (2, ["1s"] * 3 + three),
        "green": (3, ["2s"] * 3 + three),
        "yellow": (4, ["3s"] * 3 + three),
        "black": (5, ["3o", "3o", *three]),
    }
    state, _ = build(4, boats=boats)
    events = vote(state, {0: "black", 1: "black"})
    assert one(events, "leak_supply_exceeded")["in_play"] == 16
    assert one(events, "leak")["leak"] == "leak-016"


def test_the_view_shows_the_public_table_and_only_the_own_hand() -> None:
    state, _ = build(4, boats={"red": (1, ["0s", "1o", "L"]), "black": (4, ["2s"])}, positions={"red": 1})
    view = GAME.view(state, 1)
    red = view["boats"][0]
    assert (red["colour"], red["lane"], red["position"], red["status"]) == ("red", 1, 1, "sea")
    assert len(red["seats"]) == 6
    assert red["seats"][1] == {"id": "fig-1-officer-1", "owner": 1, "rank": "officer"}
    assert "leak" in red["seats"][2]
    assert red["seats"][3] is None
    assert view["boats"][4]["colour"] == "black"
    assert view["boats"][4]["owner"] is None
    assert [lane["island"] for lane in view["lanes"]] == ["left"] * 2 + ["middle"] * 2 + ["right"] * 3
    assert view["you"]["hand"] == ["red", "blue", "green", "yellow", "black", "hat", "hat", "hat"]
    assert view["vote"]["kind"] == "leak"
    assert view["vote"]["cast"] == []
    assert "hands" not in view
    assert "you" not in GAME.view(state, None)
    assert GAME.view(state, None)["seat"] is None
