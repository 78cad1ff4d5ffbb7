"""Ratings from placements with openskill's Plackett-Luce model: pure functions, no Django.

A rating is `(mu, sigma)`; the number shown is the conservative `ordinal = mu - 3 * sigma`
(scaled by openskill's defaults: a newcomer starts at mu 25, sigma 25/3, ordinal 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma


@dataclass(frozen=True)
class Skill:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """New skills after one game, from each seat's skill and 1-based place (ties share a place)."""
    if len(skills) != len(places):
        raise ValueError("one place per player")
    if len(skills) < 2:
        return list(skills)
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Skill(mu=team[0].mu, sigma=team[0].sigma) for team in rated]
