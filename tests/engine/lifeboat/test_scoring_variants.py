"""Scoring (the pure `final_scores` and the state's treasure) and the shark variant."""

from __future__ import annotations

import pytest

from engine.lifeboat import final_scores
from engine.lifeboat.scoring import treasure_points

from .builders import FOUR, G, build, card, cards, nav, play, start

EXAMPLE = [  # character, loves, hates (the rulebook's worked example)
    ("captain", "first_mate", "kid"),
    ("frenchy", "captain", "frenchy"),
    ("first_mate", "lady_lauren", "captain"),
    ("lady_lauren", "frenchy", "first_mate"),
    ("kid", "kid", "lady_lauren"),
    ("sir_stephen", "sir_stephen", "sir_stephen"),
]


def sheet(alive: bool, **kw: object) -> list[dict]:
    return [{"character": c, "love": lv, "hate": h, "alive": alive, "treasure": 0} for c, lv, h in EXAMPLE]


def test_scoring_worked_example_everyone_survives() -> None:
    assert final_scores(sheet(True)) == [9, 5, 12, 14, 18, 7]


def test_scoring_worked_example_everyone_dies() -> None:
    assert final_scores(sheet(False)) == [3, 20, 7, 8, 4, 28]


def test_scoring_treasure_adds_and_characters_double_their_kind() -> None:
    seats = sheet(True)
    seats[0]["treasure"] = 5
    assert final_scores(seats)[0] == 14
    assert treasure_points("captain", cards("cash")[:3]) == 6
    assert treasure_points("first_mate", cards("cash")[:3]) == 3
    assert treasure_points("lady_lauren", cards("jewels")[:2]) == 8
    assert treasure_points("kid", cards("jewels")) == 8
    assert treasure_points("kid", cards("jewels")[:1]) == 1
    assert treasure_points("kid", cards("painting")) == 3 + 3 + 2
    assert treasure_points("sir_stephen", cards("painting")[2:]) == 4
    assert treasure_points("kid", [card("water", 0), card("knife")]) == 0


def test_scoring_treasure_in_hand_and_face_up_only_if_the_body_is_aboard() -> None:
    s = build(FOUR, hands={1: [card("cash", 0)]}, tables={1: [card("cash", 1)]}, dead=[2])
    s.hate[0] = "hate-first_mate"
    s.phase = "over"
    scores = G.scores(s)
    assert scores[1] == 5 + 8 + 4, "psychopath-narcissist: own Survival once, dead First Mate, 2 Cash x2"
    assert scores[0] == 8 + 8 + 8, "narcissist Lady Lauren hating the dead First Mate"
    s.boat.remove(1)
    s.hands[1], s.tables[1] = [], []
    s.dead[1] = True
    assert G.scores(s)[1] == 8, "a body overboard keeps no treasure"


def test_scoring_narcissist_scores_own_survival_twice() -> None:
    seats = [
        {"character": "kid", "love": "kid", "hate": "captain", "alive": True, "treasure": 0},
        {"character": "captain", "love": "kid", "hate": "kid", "alive": True, "treasure": 0},
    ]
    assert final_scores(seats)[0] == 18


def test_scoring_psychopath_scores_every_other_death_but_its_love() -> None:
    seats = [
        {"character": "kid", "love": "captain", "hate": "kid", "alive": False, "treasure": 0},
        {"character": "captain", "love": "kid", "hate": "kid", "alive": False, "treasure": 0},
        {"character": "first_mate", "love": "kid", "hate": "kid", "alive": False, "treasure": 0},
        {"character": "frenchy", "love": "kid", "hate": "kid", "alive": True, "treasure": 0},
    ]
    assert final_scores(seats)[0] == 8, "First Mate only: not its own death, not its Love"
    seats[0]["alive"] = True
    assert final_scores(seats)[0] == 8, "a Psychopath never scores its own survival"


def test_scoring_ambivalent_option() -> None:
    alive = [
        {"character": "kid", "love": "captain", "hate": "captain", "alive": True, "treasure": 0},
        {"character": "captain", "love": "kid", "hate": "kid", "alive": True, "treasure": 0},
    ]
    assert final_scores(alive)[0] == 9 + 5
    assert final_scores(alive, ambivalent_scores=False)[0] == 9
    alive[1]["alive"] = False
    assert final_scores(alive)[0] == 9 + 7
    assert final_scores(alive, ambivalent_scores=False)[0] == 9


def test_scoring_ignores_characters_not_in_play() -> None:
    seats = [{"character": "kid", "love": "captain", "hate": "frenchy", "alive": True, "treasure": 0}]
    assert final_scores(seats) == [9]


def test_scores_before_the_end_raise() -> None:
    s = G.new_game(4, 3)
    with pytest.raises(ValueError, match="not over"):
        G.scores(s)


# -- the shark variant -----------------------------------------------------------------------------
SHARKS = {"sharks": True}


def test_sharks_sizes_one_higher_for_thresholds_fights_and_scores() -> None:
    s = build(FOUR, wounds={0: 4}, options=SHARKS)
    start(s, "actions")
    assert G.to_act(s) == [0], "Lady Lauren (Size 5 with sharks) is still conscious at 4 wounds"
    assert G.view(s, None)["players"][0]["size"] == 5
    seats = [{"character": "kid", "love": "kid", "hate": "captain", "alive": True, "treasure": 0}]
    seats.append({"character": "captain", "love": "kid", "hate": "kid", "alive": False, "treasure": 0})
    assert final_scores(seats, sharks=True)[0] == 18 + 8
    assert final_scores(seats)[0] == 18 + 7


def test_sharks_ghost_may_rile() -> None:
    s = build(FOUR, dead=[3], boat=[0, 1, 2], options=SHARKS)
    s.navigation.remove(nav(27))
    s.row_stack.append(nav(27))
    start(s, "navigation")
    assert G.to_act(s) == [3], "the Kid's ghost is asked"
    assert 3 not in G.inactive_seats(s)
    assert {"type": "react", "preserver": None, "buckets": [], "rile": True} in G.legal_actions(s, 3)
    play(s, 3, {"type": "react", "preserver": None, "buckets": [], "rile": True})
    assert s.wounds[1] == 2, "fall + one shark wound"
    assert G.legal_actions(s, 3) == []


def test_sharks_buckets_and_ghosts_add_only_one_wound() -> None:
    s = build(FOUR, dead=[3], boat=[0, 1, 2], hands={0: cards("chum")}, options=SHARKS)
    s.navigation.remove(nav(27))
    s.row_stack.append(nav(27))
    start(s, "navigation")
    assert G.to_act(s) == [0, 3]
    play(s, 0, {"type": "react", "preserver": None, "buckets": cards("chum"), "rile": False})
    play(s, 3, {"type": "react", "preserver": None, "buckets": [], "rile": True})
    assert s.wounds[1] == 2
    assert set(cards("chum")) <= set(s.discard), "used Buckets are still discarded"


def test_no_ghosts_without_the_variant() -> None:
    s = build(FOUR, dead=[3], boat=[0, 1, 2])
    s.navigation.remove(nav(27))
    s.row_stack.append(nav(27))
    start(s, "navigation")
    assert s.wounds[1] == 1
    assert s.step != "react"
