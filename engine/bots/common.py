"""What every bot shares: the `Bot` contract, the random baseline player, and picking a choice.

A bot decides from a seat's view and its legal actions only (`choose(view, legal, seed)`), so it
cannot cheat: it never sees the state, the zones or another seat's view. All its chance comes from
its own `random.Random(seed)`, so the same inputs always give the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

Action = dict[str, Any]
View = dict[str, Any]


class Bot(Protocol):
    slug: str

    def choose(self, view: View, legal: list[Action], seed: int) -> Action:
        """One element of `legal`, from the seat's `view` and `legal` alone; the same inputs give the
        same choice."""
        ...


class RandomBot:
    """The baseline: uniform over the legal actions (seeded), like a careless human."""

    def __init__(self, slug: str) -> None:
        self.slug = slug

    def choose(self, view: View, legal: list[Action], seed: int) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return rng_for(seed).choice(legal)


def rng_for(seed: int) -> random.Random:
    """The bot's own generator for one decision (never the global `random`). Callers vary the seed
    from one decision to the next (the site: the game's seed, version and seat)."""
    return random.Random(seed)


def best[T](options: Sequence[T], score: Callable[[T], float], rng: random.Random, noise: float = 0.0) -> T:
    """The option with the highest score; `noise` adds a uniform jitter in [0, noise) to each
    score (so near-equal options are chosen between at random, not always the same way); exact
    ties are broken at random too."""
    if not options:
        raise ValueError("nothing to choose from")
    top: list[T] = []
    top_score = float("-inf")
    for option in options:
        value = score(option) + (rng.random() * noise if noise else 0.0)
        if value > top_score + 1e-9:
            top, top_score = [option], value
        elif value >= top_score - 1e-9:
            top.append(option)
    return top[0] if len(top) == 1 else rng.choice(top)
