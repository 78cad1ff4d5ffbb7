"""Answer ahead over random games of every game: plans are queued from a seat's view at random
moments, kept (or voided by the events the seat sees), and resolved when the seat's next decision
of their kind comes. A resolved plan is always one of the seat's legal actions; what a seat may
queue is JSON, holds none of the seat's secrets, and every choice offered passes the check."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine

from .test_conformance import GAME_COUNTS, MAX_STEPS


def plan_from(options: dict[str, dict[str, list[Any]]], kind: str, choices: st.DataObject) -> dict[str, Any]:
    offered = options[kind]
    if "pick" in offered:
        picks = st.lists(st.sampled_from(offered["pick"]), min_size=1, max_size=3, unique_by=json.dumps)
        return {"kind": kind, "actions": choices.draw(picks, label="picks")}
    order = choices.draw(st.permutations(offered["order"]), label="order")
    return {"kind": kind, "order": order[: choices.draw(st.integers(1, len(order)), label="keep")]}


def assert_options_are_safe(game: engine.Game, state: Any, seat: int, options: dict[str, Any]) -> None:
    text = json.dumps(options, sort_keys=True)
    assert json.loads(text) == options, "options must be JSON-safe"
    assert set(options) <= game.ahead_kinds
    for secret in game.secrets_from(state, seat):
        assert json.dumps(secret) not in text, f"seat {seat} may queue with a secret {secret!r}"


@pytest.mark.parametrize(("slug", "n"), GAME_COUNTS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.data())
def test_a_resolved_plan_is_always_legal(slug: str, n: int, seed: int, choices: st.DataObject) -> None:
    game = engine.get_game(slug)
    assert game.ahead_kinds <= set(game.decision_kinds)
    state = game.new_game(n, seed)
    plans: dict[int, dict[str, dict[str, Any]]] = {seat: {} for seat in range(n)}
    for _step in range(MAX_STEPS):
        if game.is_over(state):
            break
        waiting = game.to_act(state)
        # Now and then a seat queues a plan for a kind it may answer ahead now.
        seat = choices.draw(st.integers(0, n - 1), label="planner")
        view = game.view(state, seat)
        options = game.ahead_options(view)
        assert_options_are_safe(game, state, seat, options)
        if seat in waiting:
            assert game.decision_kind(state, seat) not in options, (
                "the kind asked now is answered, not queued"
            )
        if options and choices.draw(st.booleans(), label="queue?"):
            kind = choices.draw(st.sampled_from(sorted(options)), label="kind")
            plan = plan_from(options, kind, choices)
            assert game.ahead_problem(view, copy.deepcopy(plan)) is None
            plans[seat][kind] = plan

        seat = choices.draw(st.sampled_from(waiting), label="seat")
        legal = game.legal_actions(state, seat)
        kind = game.decision_kind(state, seat)
        action = None
        plan = plans[seat].pop(kind, None)
        if plan is not None:
            action = game.resolve_ahead(plan, game.view(state, seat), legal)
            assert action is None or action in legal, f"plan {plan} resolved to {action}, not legal"
        if action is None:
            action = choices.draw(st.sampled_from(legal), label="action")
        events = game.apply(state, seat, copy.deepcopy(action))
        for other, queued in plans.items():
            for k in [k for k, p in queued.items() if game.ahead_voided(p, other, events)]:
                del queued[k]
    else:
        pytest.fail(f"{slug} with {n} players did not end within {MAX_STEPS} actions")


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_malformed_plans_are_refused(slug: str) -> None:
    game = engine.get_game(slug)
    state = game.new_game(game.max_players, 1)
    while not any(game.ahead_options(game.view(state, s)) for s in range(game.max_players)):
        seat = game.to_act(state)[0]
        game.apply(state, seat, game.default_action(state, seat))
    seat = next(s for s in range(game.max_players) if game.ahead_options(game.view(state, s)))
    view = game.view(state, seat)
    kind, offered = next(iter(game.ahead_options(view).items()))
    good = (
        {"kind": kind, "actions": offered["pick"][:1]}
        if "pick" in offered
        else {"kind": kind, "order": offered["order"][:2]}
    )
    assert game.ahead_problem(view, good) is None
    field = "actions" if "pick" in offered else "order"
    assert game.ahead_problem(view, {**good, field: good[field] * 2}) is not None, "a choice twice"
    for bad in [
        None,
        [],
        "row",
        {},
        {"kind": 3},
        {"kind": "no_such_kind", "actions": [{"type": "row"}]},
        {**good, "extra": 1},
        {"kind": kind},
        {"kind": kind, "actions": []},
        {"kind": kind, "actions": {"type": "row"}},
        {"kind": kind, "actions": [{"type": "no_such_action"}]},
        {"kind": kind, "action": good.get("actions", [None])[0]},
        {"kind": kind, "order": []},
        {"kind": kind, "order": ["no_such_item"]},
    ]:
        assert game.ahead_problem(view, bad) is not None, bad
