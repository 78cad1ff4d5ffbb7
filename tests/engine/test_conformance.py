"""One conformance test over every registered game (like OpenSpiel's games_sim_test).

Random play to the end for every player count, checking at every step: the contract's shapes,
legality of default actions, refused actions change nothing, cards are conserved by id, inactive
seats never act, views hide other seats' secrets and the RNG, JSON round trips, and replaying the
action log reproduces the state exactly.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction

GAME_COUNTS = [
    (slug, n)
    for slug, game in sorted(engine.GAMES.items())
    for n in range(game.min_players, game.max_players + 1)
]

MAX_STEPS = 5000
MALFORMED: list[Any] = [None, 7, "row", [], {}, {"type": 3}, {"type": "no_such_action"}, {"type": ["row"]}]


def confusions(action: dict[str, Any]) -> list[Any]:
    """Near misses of a legal action that JSON tells apart: a bool, float or string for an int, an
    int for a bool, a tuple for a list (also inside lists), False for null, a key missing or added."""
    out: list[Any] = [dict(action, extra=1), {**action, "type": action["type"].upper()}]
    for key, value in action.items():
        if key == "type":
            continue
        out.append({k: v for k, v in action.items() if k != key})
        if type(value) is int:
            out += [dict(action, **{key: float(value)}), dict(action, **{key: str(value)})]
            out.append(dict(action, **{key: value == 1}))
        elif type(value) is bool:
            out.append(dict(action, **{key: int(value)}))
        elif value is None:
            out.append(dict(action, **{key: False}))
        elif type(value) is list:
            out.append(dict(action, **{key: tuple(value)}))
            if value and type(value[0]) is list:
                out.append(dict(action, **{key: [tuple(v) for v in value]}))
                floats = [[float(x) if type(x) is int else x for x in v] for v in value]
                out.append(dict(action, **{key: floats}))
    return out


def zone_ids(game: engine.Game, state: Any) -> list[str]:
    return [card for cards in game.zones(state).values() for card in cards]


def assert_view_hides_secrets(game: engine.Game, state: Any, seat: int | None) -> None:
    view = game.view(state, seat)
    text = json.dumps(view, sort_keys=True)
    assert json.loads(text) == view, "views must be JSON-safe"
    for secret in game.secrets_from(state, seat):
        assert json.dumps(secret) not in text, f"seat {seat} can see secret {secret!r}"
    rng_markers = [v for k, v in game.to_json(state).items() if "rng" in k]
    for marker in rng_markers:
        assert json.dumps(marker) not in text, f"seat {seat}'s view shows the RNG state"


def assert_decision_kinds(game: engine.Game, state: Any) -> None:
    """Every seat waited for is asked a kind of decision the game declares; any other seat: ValueError."""
    waiting = game.to_act(state)
    for seat in range(game.num_players(state)):
        if seat in waiting:
            assert game.decision_kind(state, seat) in game.decision_kinds
        else:
            with pytest.raises(ValueError, match="does not wait for seat"):
                game.decision_kind(state, seat)


def assert_refusal_changes_nothing(game: engine.Game, state: Any, seat: int, action: Any) -> None:
    before = game.to_json(state)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, action)
    assert game.to_json(state) == before


def play_random_game(slug: str, n: int, seed: int, choices: st.DataObject, deep_checks: bool) -> None:
    game = engine.get_game(slug)
    state = game.new_game(n, seed)
    start_ids = zone_ids(game, state)
    assert len(start_ids) == len(set(start_ids)), "card ids must be unique"
    log: list[tuple[int, dict[str, Any]]] = []

    for _step in range(MAX_STEPS):
        if game.is_over(state):
            break
        waiting = game.to_act(state)
        assert waiting, "to_act is empty only when the game is over"
        assert waiting == sorted(set(waiting))
        assert_decision_kinds(game, state)
        assert not set(waiting) & game.inactive_seats(state), "an inactive seat is waited for"
        for seat in game.inactive_seats(state):
            assert game.legal_actions(state, seat) == [], f"inactive seat {seat} has actions"

        # Mostly the seats waited for; sometimes an optional action of any seat (trades, ...).
        idle = {s: game.legal_actions(state, s) for s in range(n) if s not in waiting}
        for seat, actions in idle.items():
            assert all(game.is_any_time(a) for a in actions), f"seat {seat} not waited for may answer"
        optional = [s for s, actions in idle.items() if actions]
        if optional and choices.draw(st.integers(0, 9), label="optional?") == 0:
            waiting = optional
        seat = choices.draw(st.sampled_from(waiting), label="seat")
        legal = game.legal_actions(state, seat)
        assert legal, "a waited-for seat has at least one legal action"
        if seat in game.to_act(state):
            default = game.default_action(state, seat)
            assert default in legal, f"default action {default} is not legal"
        else:
            default = legal[0]

        if deep_checks:
            for bad in MALFORMED:
                assert_refusal_changes_nothing(game, state, seat, bad)
            for near in choices.draw(st.lists(st.sampled_from(legal), max_size=3), label="confused"):
                for bad in confusions(near):
                    assert_refusal_changes_nothing(game, state, seat, bad)
            assert_refusal_changes_nothing(game, state, n, legal[0])
            for viewer in [*range(n), None]:
                assert_view_hides_secrets(game, state, viewer)
            data = game.to_json(state)
            assert json.loads(json.dumps(data)) == data
            # Play on from the restored copy: it must behave exactly like the original.
            state = game.from_json(copy.deepcopy(data))
            assert game.to_json(state) == data

        action = choices.draw(
            st.one_of(st.just(default), st.sampled_from(legal)) if len(legal) > 1 else st.just(default),
            label="action",
        )
        events = game.apply(state, seat, copy.deepcopy(action))
        log.append((seat, action))
        for ev in events:
            assert isinstance(ev["type"], str)
            vis = ev["visible_to"]
            assert vis == "all" or (isinstance(vis, list) and all(0 <= s < n for s in vis))
        ids = zone_ids(game, state)
        assert len(ids) == len(set(ids)), "a card is in two places"
        assert set(start_ids) <= set(ids), "a card vanished"
    else:
        pytest.fail(f"{slug} with {n} players did not end within {MAX_STEPS} actions")

    scores = game.scores(state)
    assert len(scores) == n
    assert all(isinstance(s, int) for s in scores)
    assert game.to_act(state) == []
    assert all(game.legal_actions(state, s) == [] for s in range(n))
    assert_decision_kinds(game, state)
    assert_refusal_changes_nothing(game, state, 0, {"type": "pass"})

    replayed = game.new_game(n, seed)
    for seat, action in log:
        game.apply(replayed, seat, copy.deepcopy(action))
    assert game.to_json(replayed) == game.to_json(state), "replay differs from the original"

    final_views = {
        json.dumps({k: v for k, v in game.view(state, s).items() if k != "seat"}, sort_keys=True)
        for s in [*range(n), None]
    }
    assert len(final_views) == 1, "after the end, everything is public"


@pytest.mark.parametrize(("slug", "n"), GAME_COUNTS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.data())
def test_random_play_keeps_the_contract(slug: str, n: int, seed: int, choices: st.DataObject) -> None:
    play_random_game(slug, n, seed, choices, deep_checks=False)


@pytest.mark.parametrize(("slug", "n"), GAME_COUNTS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.data())
def test_random_play_deep_checks(slug: str, n: int, seed: int, choices: st.DataObject) -> None:
    play_random_game(slug, n, seed, choices, deep_checks=True)


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_registry_and_setup_errors(slug: str) -> None:
    game = engine.get_game(slug)
    assert game.slug == slug
    assert game.name
    assert isinstance(game.options, dict)
    for bad_count in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(ValueError, match="players"):
            game.new_game(bad_count, 1)
    with pytest.raises(ValueError, match="unknown option"):
        game.new_game(game.min_players, 1, {"no_such_option": True})
    with pytest.raises(KeyError):
        engine.get_game("no-such-game")


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_every_decision_kind_is_named_and_asked(slug: str) -> None:
    """`decision_kinds` names each kind in ASCII snake case with a bool (minor or not), and random
    games ask every one of them: no kind is declared that the game never asks."""
    game = engine.get_game(slug)
    assert isinstance(game.decision_kinds, dict)
    for kind, minor in game.decision_kinds.items():
        assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", kind), kind
        assert type(minor) is bool
    seen: set[str] = set()
    for seed in range(300):
        if seen == set(game.decision_kinds):
            break
        picks = random.Random(seed)
        state = game.new_game(picks.randint(game.min_players, game.max_players), seed)
        while not game.is_over(state):
            waiting = game.to_act(state)
            seen.update(game.decision_kind(state, seat) for seat in waiting)
            seat = picks.choice(waiting)
            game.apply(state, seat, picks.choice(game.legal_actions(state, seat)))
    assert seen == set(game.decision_kinds)


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_secret_zones_are_dealt_to_each_seat_and_hidden_from_the_others(slug: str) -> None:
    """What a game declares in `secret_zone_kinds` (the site stores it with each seat at the
    start) is a zone of every seat, and no other seat may see its cards."""
    game = engine.get_game(slug)
    for n in range(game.min_players, game.max_players + 1):
        state = game.new_game(n, n)
        zones = game.zones(state)
        for kind in game.secret_zone_kinds:
            for seat in range(n):
                dealt = zones[f"{kind}:{seat}"]
                assert dealt
                for other in [*(s for s in range(n) if s != seat), None]:
                    assert set(dealt) <= game.secrets_from(state, other)


def test_the_any_time_types_come_from_the_rule_table() -> None:
    lifeboat, lifeboats = engine.get_game("lifeboat"), engine.get_game("lifeboats")
    assert lifeboat.any_time_types == {"play", "offer_trade", "answer_trade"}
    assert lifeboats.any_time_types == frozenset()
    assert lifeboat.is_any_time({"type": "play", "card": "prov-1", "for": 0})
    assert not lifeboat.is_any_time({"type": "row"})
    assert not lifeboat.is_any_time(None)
    assert not lifeboat.is_any_time("play")
    assert lifeboat.secret_zone_kinds == ("love", "hate")
    assert lifeboats.secret_zone_kinds == ()


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_same_seed_same_game(slug: str) -> None:
    game = engine.get_game(slug)
    a = game.new_game(game.max_players, 12345)
    b = game.new_game(game.max_players, 12345)
    c = game.new_game(game.max_players, 54321)
    assert game.to_json(a) == game.to_json(b)
    assert game.to_json(a) != game.to_json(c)


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_every_action_type_refuses_its_near_misses(slug: str) -> None:
    """The guard compares actions as JSON for every game: `{"type": "swap", "target": true}` is
    not a swap with seat 1, a float is not a seat, a tuple is not a list, no key may be added or
    left out; each is refused with `IllegalAction` and leaves the state as it was."""
    game = engine.get_game(slug)
    seen: set[str] = set()
    for seed in range(200):
        if seen == set(game.rules):
            break
        picks = random.Random(seed)
        state = game.new_game(game.max_players, seed)
        while not game.is_over(state):
            seat = picks.choice(game.to_act(state))
            for other in range(game.num_players(state)):
                for action in game.legal_actions(state, other):
                    if action["type"] not in seen:
                        seen.add(action["type"])
                        for bad in confusions(action):
                            assert_refusal_changes_nothing(game, state, other, bad)
            game.apply(state, seat, picks.choice(game.legal_actions(state, seat)))
    assert seen == set(game.rules)
