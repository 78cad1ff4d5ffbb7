"""Defaults, the guard, views and secrets, JSON round trip, and Lifeboat-specific properties."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from .builders import FOUR, G, build, card, cards, nav, play, refused, start


# -- default actions (the rules' Deadlines) --------------------------------------------------------
def test_default_draft_keeps_the_first_card_offered() -> None:
    s = build(FOUR)
    start(s, "quartermaster")
    assert G.default_action(s, 0) == {"type": "keep", "card": s.draft[0]}


def test_default_action_is_nothing_and_answer_is_accept() -> None:
    s = build(FOUR)
    start(s, "actions")
    assert G.default_action(s, 0) == {"type": "nothing"}
    play(s, 0, {"type": "swap", "target": 1})
    assert G.default_action(s, 1) == {"type": "accept"}


def test_default_rowing_puts_everything_on_the_stack_in_order() -> None:
    s = build(FOUR, navigation=[nav(30), nav(20)])
    start(s, "actions")
    play(s, 0, {"type": "row"})
    assert G.default_action(s, 0) == {"type": "place_rowed", "to_stack": [nav(30), nav(20)]}


def test_default_navigation_uses_a_face_up_compass_then_the_first_card() -> None:
    s = build(FOUR, hands={3: [card("compass")]})
    s.navigation.remove(nav(25))
    s.navigation.remove(nav(24))
    s.row_stack += [nav(25), nav(24)]
    start(s, "navigation")
    assert G.default_action(s, 3) == {"type": "navigate", "card": nav(25)}
    play(s, 3, {"type": "play", "card": card("compass"), "for": 3})
    assert G.default_action(s, 3) == {"type": "compass"}


def test_default_reaction_is_nothing_and_thirst_drinks_own_water() -> None:
    s = build(FOUR, hands={1: [card("life_preserver")]})
    s.navigation.remove(nav(27))
    s.row_stack.append(nav(27))
    start(s, "navigation")
    assert G.default_action(s, 1) == {"type": "react", "preserver": None, "buckets": [], "rile": False}
    w = cards("water")
    s = build(FOUR, hands={1: w[:2], 0: [w[2]]})
    s.navigation.remove(nav(42))
    s.row_stack.append(nav(42))  # the Captain overboard and thirsty
    start(s, "navigation")
    assert G.default_action(s, 1) == {"type": "water", "cover": [[1, 1]]}
    assert G.default_action(s, 0) == {"type": "water", "cover": []}


# -- the guard -------------------------------------------------------------------------------------
def test_illegal_wrong_seat_and_malformed_actions_change_nothing() -> None:
    s = build(FOUR, hands={0: [card("knife")]})
    start(s, "actions")
    for seat, action in [
        (1, {"type": "nothing"}),
        (0, {"type": "swap", "target": 0}),
        (0, {"type": "swap", "target": 9}),
        (0, {"type": "mug", "target": 1, "card": card("knife")}),
        (0, {"type": "nothing", "extra": 1}),
        (0, {"type": "flare"}),
        (0, {"type": "keep", "card": card("knife")}),
        (0, {"type": "no_such"}),
        (0, {"type": "play", "card": card("knife"), "for": 2}),
        (0, {"type": "offer_trade", "to": "1", "give": [], "take": []}),
        # exact JSON types: true is not seat 1, 1.0 is not seat 1, a tuple is not a list
        (0, {"type": "swap", "target": True}),
        (0, {"type": "swap", "target": 1.0}),
        (0, {"type": "swap", "target": "1"}),
        (0, {"type": "swap"}),
        (0, {"type": "mug", "target": 1, "card": "hand", "quietly": True}),
        (0, {"type": "play", "card": card("knife"), "for": 0.0}),
        (0, {"type": "play", "card": card("knife"), "for": False}),
        (0, {"type": "offer_trade", "to": True, "give": [card("knife")], "take": []}),
        (0, {"type": "offer_trade", "to": 1, "give": (card("knife"),), "take": []}),
        (0, {"type": "offer_trade", "to": 1, "give": [card("knife")], "take": [], "note": "hi"}),
        (0, {"type": "offer_trade", "to": 1, "give": [card("knife")]}),
        (0, {"type": "answer_trade", "offer": "offer-1", "accept": True}),
        (4, {"type": "nothing"}),
        (0, {}),
        (0, None),
    ]:
        refused(s, seat, action)


def test_well_typed_twins_of_the_refused_actions_are_accepted() -> None:
    s = build(FOUR, hands={0: [card("knife")]})
    start(s, "actions")
    play(s, 0, {"type": "play", "card": card("knife"), "for": 0})
    play(s, 0, {"type": "swap", "target": 1})
    assert G.to_act(s) == [1]


def test_every_card_is_in_every_view_after_the_end() -> None:
    for seed in range(30):
        s = G.new_game(4 + seed % 3, seed, {"sharks": seed % 2 == 1})
        picks = random.Random(seed)
        while not G.is_over(s):
            seat = picks.choice(G.to_act(s))
            G.apply(s, seat, picks.choice(G.legal_actions(s, seat)))
        everything = [c for cards_ in G.zones(s).values() for c in cards_]
        for seat in [*range(s.n), None]:
            text = json.dumps(G.view(s, seat))
            assert [c for c in everything if json.dumps(c) not in text] == [], (seed, seat)


def test_finished_game_refuses_everything() -> None:
    s = build(FOUR, wounds={0: 4, 1: 7, 2: 8, 3: 3})
    start(s, "navigation")
    assert G.is_over(s)
    refused(s, 0, {"type": "nothing"})
    assert all(G.legal_actions(s, p) == [] for p in range(4))
    assert G.secrets_from(s, 0) == set()


# -- views -----------------------------------------------------------------------------------------
def test_view_hides_other_hands_love_hate_and_decks() -> None:
    s = G.new_game(5, 11)
    for seat in [*range(5), None]:
        text = json.dumps(G.view(s, seat))
        for secret in G.secrets_from(s, seat):
            assert json.dumps(secret) not in text
        for p in range(5):
            if p != seat:
                assert s.love[p] not in text or s.love[p] == (s.love[seat] if seat is not None else None)
        assert str(s.rng) not in text
    view = G.view(s, 0)
    assert view["seat"] == 0
    assert view["me"]["hand"] == [
        {"id": c, "kind": k} for c, k in [(s.hands[0][0], view["me"]["hand"][0]["kind"])]
    ]
    assert view["decks"] == {"provisions": len(s.provisions), "navigation": 24}
    assert set(view) >= {"phase", "step", "to_act", "players", "birds", "row_stack", "navigator", "window"}


def test_to_json_round_trip_plays_on_identically() -> None:
    s = G.new_game(6, 99)
    rng = random.Random(5)
    for _ in range(60):
        if G.is_over(s):
            break
        data = G.to_json(s)
        copy_state = G.from_json(json.loads(json.dumps(data)))
        assert G.to_json(copy_state) == data
        seat = G.to_act(s)[0]
        action = rng.choice(G.legal_actions(s, seat))
        assert G.apply(s, seat, action) == G.apply(copy_state, seat, action)
        assert G.to_json(copy_state) == G.to_json(s)


# -- properties ------------------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(4, 6), sharks=st.booleans(), picks=st.randoms())
def test_property_invariants_through_random_games(
    seed: int, n: int, sharks: bool, picks: random.Random
) -> None:
    s = G.new_game(n, seed, {"sharks": sharks})
    for _ in range(3000):
        if G.is_over(s):
            break
        waiting = G.to_act(s)
        # The Actions list is fixed: nobody acts twice in one phase.
        seat = picks.choice(waiting)
        legal = G.legal_actions(s, seat)
        action = G.default_action(s, seat) if picks.random() < 0.4 else picks.choice(legal)
        G.apply(s, seat, action)
        # Wounds and states agree; bodies in the boat, the living never out of it.
        for p in range(n):
            size = G.view(s, None)["players"][p]["size"]
            assert s.dead[p] == (s.wounds[p] > size) or (s.dead[p] and p not in s.boat)
            if not s.dead[p]:
                assert p in s.boat
        assert s.birds >= 0
        assert len(s.boat) == len(set(s.boat))
    assert G.is_over(s)
    assert s.birds >= 4 or not s.boat
