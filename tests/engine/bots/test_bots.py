"""The bot contract: legal choices only, the same choice for the same inputs, nothing but the view.

Games are driven as the site drives them (a seat in `to_act` decides from its view and legal
actions), some seats by the game's bot and the rest by the random baseline.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.bots import RandomBot

GAME_COUNTS = [
    (slug, n)
    for slug in sorted(engine.BOTS)
    for n in range(engine.get_game(slug).min_players, engine.get_game(slug).max_players + 1)
]
MAX_STEPS = 20_000

Decision = tuple[Any, int, dict[str, Any], list[dict[str, Any]], int]


def decisions(
    slug: str, n: int, seed: int, bots: set[int], options: dict[str, Any] | None = None
) -> Iterator[Decision]:
    """Play one game; yield (state, seat, view, legal, seed) before every decision of a bot seat."""
    game = engine.get_game(slug)
    bot = engine.get_bot(slug)
    baseline = RandomBot(slug)
    state = game.new_game(n, seed, options)
    order = random.Random(seed)
    for step in range(MAX_STEPS):
        if game.is_over(state):
            return
        seat = order.choice(game.to_act(state))
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        decision_seed = seed * 7919 + step
        if seat in bots:
            yield state, seat, view, legal, decision_seed
            action = bot.choose(view, legal, decision_seed)
        else:
            action = baseline.choose(view, legal, decision_seed)
        game.apply(state, seat, action)
    pytest.fail(f"{slug} with {n} players did not end within {MAX_STEPS} steps")


def test_the_registry() -> None:
    assert set(engine.BOTS) == {"lifeboat", "lifeboats"}
    for slug, bot in engine.BOTS.items():
        assert engine.get_bot(slug) is bot
        assert bot.slug == slug
    with pytest.raises(KeyError):
        engine.get_bot("nope")


#: the rule options a club may choose, which the bots must play under too
OPTIONS = {
    "lifeboat": st.fixed_dictionaries({"sharks": st.booleans(), "ambivalent_scores": st.booleans()}),
    "lifeboats": st.fixed_dictionaries(
        {
            "island_lanes": st.sampled_from([[2, 2, 3], [3, 2, 2], [1, 3, 3]]),
            "four_sailors_from": st.sampled_from([5, 6]),
            "jump_needs_exit": st.booleans(),
        }
    ),
}


@pytest.mark.parametrize(("slug", "n"), GAME_COUNTS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), bots=st.sets(st.integers(0, 5), min_size=1), data=st.data())
def test_a_bot_chooses_only_legal_actions_and_always_the_same(
    slug: str, n: int, seed: int, bots: set[int], data: st.DataObject
) -> None:
    bot = engine.get_bot(slug)
    seats = {s % n for s in bots}
    options = data.draw(st.one_of(st.just({}), OPTIONS[slug]), label="options")
    for _state, _seat, view, legal, decision_seed in decisions(slug, n, seed, seats, options):
        before = (copy.deepcopy(view), copy.deepcopy(legal))
        action = bot.choose(view, legal, decision_seed)
        assert action in legal
        assert (view, legal) == before, "a bot must not change what it is given"
        # the same inputs, even as fresh JSON copies, give the same choice
        again = bot.choose(json.loads(json.dumps(view)), json.loads(json.dumps(legal)), decision_seed)
        assert again == action


# -- the choice depends on the view only -----------------------------------------------------------------
def lifeboat_hidden_change(data: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The same game but for one hidden card: another seat's hand card exchanged with the deck's top."""
    offered = {c for o in data["offers"] for c in o["give"]}
    for other in range(data["n"]):
        if other == seat or not data["provisions"]:
            continue
        for i, card in enumerate(data["hands"][other]):
            if card not in offered:
                changed = copy.deepcopy(data)
                changed["hands"][other][i], changed["provisions"][0] = changed["provisions"][0], card
                return changed
    return None


def lifeboats_hidden_change(data: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The same game but for another seat's face-down vote: a different colour cast."""
    vote = data["vote"]
    if vote is None or vote["revealed"]:
        return None
    for other, ballot in vote["answers"].items():
        other_seat = int(other)
        if other_seat == seat or ballot is None or ballot == "hat":
            continue
        for choice in vote["choices"]:
            card = f"card-{other_seat}-{choice}"
            if choice != ballot and card in data["hands"][other_seat]:
                changed = copy.deepcopy(data)
                changed["vote"]["answers"][other] = choice
                hand = changed["hands"][other_seat]
                hand.remove(card)
                hand.append(changed["cast"][other_seat])
                changed["cast"][other_seat] = card
                return changed
    return None


HIDDEN_CHANGES: dict[str, Callable[[dict[str, Any], int], dict[str, Any] | None]] = {
    "lifeboat": lifeboat_hidden_change,
    "lifeboats": lifeboats_hidden_change,
}


@pytest.mark.parametrize(("slug", "n"), [(slug, n) for slug, n in GAME_COUNTS if n in (4, 5)])
def test_a_bot_sees_nothing_but_its_view(slug: str, n: int) -> None:
    """Two games that differ only in a card hidden from the bot's seat: its view and its choice are
    the same in both."""
    game = engine.get_game(slug)
    bot = engine.get_bot(slug)
    checked = 0
    for seed in range(3):
        for state, seat, view, legal, decision_seed in decisions(slug, n, seed, {seed % n}):
            data = game.to_json(state)
            changed = HIDDEN_CHANGES[slug](data, seat)
            if changed is None:
                continue
            other = game.from_json(changed)
            assert game.to_json(other) != data
            assert game.view(other, seat) == view
            assert game.legal_actions(other, seat) == legal
            assert bot.choose(game.view(other, seat), legal, decision_seed) == bot.choose(
                view, legal, decision_seed
            )
            checked += 1
    assert checked >= 10


# -- sensible play (what a player at the table would notice) --------------------------------------------
def test_a_lifeboat_bot_drinks_its_own_water_and_wears_the_life_preserver_when_it_falls() -> None:
    drank = worn = 0
    for seed in range(40):
        for _state, seat, view, legal, decision_seed in decisions("lifeboat", 4, seed, {seed % 4}):
            window = view["window"] or {}
            me = view["me"]
            character = view["players"][seat]["character"]
            held = [c["kind"] for c in me["hand"]] + [c["kind"] for c in view["players"][seat]["table"]]
            action = engine.get_bot("lifeboat").choose(view, legal, decision_seed)
            if window.get("kind") == "thirst" and me["hates"] != character:
                thirst = {int(k): v for k, v in window["thirst"].items()}
                love = next(p["seat"] for p in view["players"] if p["character"] == me["loves"])
                mine = thirst.get(seat, 0)
                if mine and held.count("water") >= mine + thirst.get(love, 0) * (love != seat):
                    assert [seat, mine] in action["cover"], (view, action)
                    drank += 1
            if window.get("kind") == "react" and seat in window["fallers"] and "life_preserver" in held:
                love = next(p["seat"] for p in view["players"] if p["character"] == me["loves"])
                if love == seat or love not in window["fallers"]:
                    kept = "life_preserver" in [c["kind"] for c in view["players"][seat]["table"]]
                    assert kept or action["preserver"] == "wear", (view, action)
                    worn += 1
    assert drank >= 5
    assert worn >= 1


def test_a_lifeboats_bot_never_votes_to_eject_its_own_figure() -> None:
    seen = 0
    for n in (3, 4, 5, 6):
        for seed in range(12):
            for _state, _seat, view, legal, decision_seed in decisions("lifeboats", n, seed, {seed % n}):
                if view["phase"] != "eject" or legal[0]["type"] != "vote":
                    continue
                action = engine.get_bot("lifeboats").choose(view, legal, decision_seed)
                assert action["card"] != view["you"]["colour"]
                seen += 1
    assert seen >= 5
