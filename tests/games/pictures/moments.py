"""Games played at random to the moments the pictures are looked at and tested at.

Pure engine play (no database): `play_to(slug, players, seed, wanted)` plays random legal actions
until `wanted(state)` holds. The gallery (`bench/pictures_gallery.py`), the bench and the tests
share these.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import engine

Wanted = Callable[[Any], bool]


def random_game(slug: str, players: int, seed: int) -> Iterator[Any]:
    """The state after each random move of one game (the same object, moved on), the start first."""
    rules = engine.get_game(slug)
    state = rules.new_game(players, seed)
    rng = random.Random(seed)
    yield state
    for _ in range(5000):
        if rules.is_over(state):
            return
        seat = rng.choice(rules.to_act(state))
        rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        yield state


def play_to(slug: str, players: int, wanted: Wanted, seeds: range = range(1, 200)) -> Any:
    """The first state of a random game (trying seeds in turn) for which `wanted` holds."""
    rules = engine.get_game(slug)
    for seed in seeds:
        for state in random_game(slug, players, seed):
            if wanted(state):
                return rules.from_json(rules.to_json(state))
    raise LookupError(f"no {slug} game reached the moment wanted")


def middle(slug: str, players: int, seed: int = 7) -> Any:
    """A state halfway through a random game."""
    rules = engine.get_game(slug)
    steps = sum(1 for _ in random_game(slug, players, seed))
    for i, state in enumerate(random_game(slug, players, seed)):
        if i >= steps // 2:
            return rules.from_json(rules.to_json(state))
    raise AssertionError("unreachable")


def _reader(slug: str, state: Any) -> int | None:
    rules = engine.get_game(slug)
    waiting = rules.to_act(state)
    return waiting[0] if waiting else 0


def _lifeboat_overboard(state: Any) -> bool:
    return (state.window is not None and state.window.kind == "react") or len(state.boat) < state.n


def _lifeboat_fight(state: Any) -> bool:
    return (
        state.step == "fight"
        and state.window is not None
        and sum(map(len, state.window.data["sides"].values())) > 2
    )


def _lifeboat_action(state: Any) -> bool:
    return state.step == "act" and state.turn >= 2 and any(state.tables)


LIFEBOAT: tuple[tuple[str, int, Wanted], ...] = (
    ("draft", 6, lambda s: s.step == "draft" and s.turn >= 2),
    ("action", 5, _lifeboat_action),
    ("fight", 6, _lifeboat_fight),
    ("navigation", 4, lambda s: s.step == "navigate" and len(s.row_stack) >= 2),
    ("overboard", 6, _lifeboat_overboard),
    ("end", 6, lambda s: s.phase == "over"),
)


def _lifeboats_vote(state: Any) -> bool:
    return (
        state.phase in ("leak", "move")
        and state.vote is not None
        and len(state.vote.window.answers) > 0
        and state.round >= 2
    )


LIFEBOATS: tuple[tuple[str, int, Wanted], ...] = (
    ("placement", 5, lambda s: s.phase == "setup_figures" and sum(map(len, s.supply)) < 12),
    ("vote", 6, _lifeboats_vote),
    ("ejection", 4, lambda s: s.phase == "eject"),
    ("changing boats", 5, lambda s: s.phase == "jump_in" and len(s.jumpers) >= 2),
    ("landing", 6, lambda s: len(s.harbour) >= 1 and s.phase != "over"),
    ("end", 6, lambda s: s.phase == "over"),
)


def moments(slug: str) -> list[tuple[str, dict[str, Any]]]:
    """(name, the view of the seat the game waits for) at each of the game's main moments."""
    rules = engine.get_game(slug)
    out = []
    for name, players, wanted in LIFEBOAT if slug == "lifeboat" else LIFEBOATS:
        state = play_to(slug, players, wanted)
        out.append((name, rules.view(state, _reader(slug, state))))
    return out


def lifeboat_moments() -> list[tuple[str, dict[str, Any]]]:
    return moments("lifeboat")


def lifeboats_moments() -> list[tuple[str, dict[str, Any]]]:
    return moments("lifeboats")


def sample_changes(view: dict[str, Any]) -> set[str]:
    """A few part keys to show what the "changed" marker looks like."""
    if "boat" in view and isinstance(view["boat"], list):
        out = {f"seat:{view['boat'][0]}"} if view["boat"] else set()
        for p in view["players"]:
            if p["table"]:
                out.add(f"card:{p['table'][-1]['id']}")
                break
        return out
    boats = [b for b in view["boats"] if b["status"] == "sea"]
    return {f"boat:{boats[0]['colour']}"} if boats else set()
