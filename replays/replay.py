"""Replaying a stored game: pure functions over the engine contract, no Django.

A game is `(slug, num_players, seed, options, actions)`; the state after step k is
`new_game(n, seed, options)` followed by the first k actions. The export format is that tuple
plus the final scores and a fingerprint of the final state, so an import can check that
replaying reproduces the game exactly.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine

FORMAT = "lifeboat-club-game/1"


@dataclass(frozen=True)
class Step:
    seat: int
    action: dict[str, Any]


def state_at(slug: str, num_players: int, seed: int, options: dict[str, Any], steps: Sequence[Step], k: int):
    """The state after the first `k` steps (0: the deal) and the events each step caused."""
    rules = engine.get_game(slug)
    state = rules.new_game(num_players, seed, options)
    events: list[list[dict[str, Any]]] = []
    for step in steps[:k]:
        events.append(rules.apply(state, step.seat, json.loads(json.dumps(step.action))))
    return state, events


def fingerprint(state_json: dict[str, Any]) -> str:
    """A short, stable hash of a state's JSON (key order independent)."""
    canonical = json.dumps(state_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def export_data(
    *,
    slug: str,
    num_players: int,
    seed: int,
    options: dict[str, Any],
    steps: Sequence[Step],
    players: Sequence[str] = (),
    game_id: int | None = None,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON-safe export of a finished game, with its result and final-state fingerprint."""
    rules = engine.get_game(slug)
    state, _events = state_at(slug, num_players, seed, options, steps, len(steps))
    data = {
        "format": FORMAT,
        "game": {
            "id": game_id,
            "slug": slug,
            "name": rules.name,
            "num_players": num_players,
            **(extra or {}),
        },
        "players": list(players),
        "options": options,
        "seed": seed,
        "actions": [{"seat": s.seat, "action": s.action} for s in steps],
        "result": {
            "over": rules.is_over(state),
            "scores": rules.scores(state) if rules.is_over(state) else None,
            "ranking": rules.ranking(state) if rules.is_over(state) else None,
            "fingerprint": fingerprint(rules.to_json(state)),
        },
    }
    return data


class ImportMismatch(ValueError):
    """The replayed game differs from what the export says it was."""


@dataclass(frozen=True)
class Checked:
    slug: str
    num_players: int
    seed: int
    options: dict[str, Any]
    steps: list[Step]
    scores: list[int] | None
    ranking: list[int] | None
    state_json: dict[str, Any]


def check_import(data: Any) -> Checked:
    """Replay an export and check it: a malformed file or a different outcome raises ValueError
    (`ImportMismatch` for a replay that does not reproduce the stored result)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} file")
    try:
        game = data["game"]
        slug, num_players = str(game["slug"]), int(game["num_players"])
        seed, options = int(data["seed"]), dict(data.get("options") or {})
        steps = [Step(seat=int(a["seat"]), action=dict(a["action"])) for a in data["actions"]]
        result = dict(data["result"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"malformed export: {exc}") from None
    try:
        rules = engine.get_game(slug)
    except KeyError:
        raise ValueError(f"unknown game {slug!r}") from None
    try:
        state, _events = state_at(slug, num_players, seed, options, steps, len(steps))
    except engine.IllegalAction as exc:
        raise ImportMismatch(f"an action does not replay: {exc}") from None
    over = rules.is_over(state)
    scores = rules.scores(state) if over else None
    ranking = rules.ranking(state) if over else None
    state_json = rules.to_json(state)
    if bool(result.get("over")) != over:
        raise ImportMismatch("the replay does not end where the export says")
    if result.get("scores") is not None and result["scores"] != scores:
        raise ImportMismatch(f"scores differ: export {result['scores']}, replay {scores}")
    if result.get("ranking") is not None and result["ranking"] != ranking:
        raise ImportMismatch(f"places differ: export {result['ranking']}, replay {ranking}")
    if result.get("fingerprint") and result["fingerprint"] != fingerprint(state_json):
        raise ImportMismatch("the final state differs from the exported one")
    return Checked(slug, num_players, seed, options, steps, scores, ranking, state_json)
