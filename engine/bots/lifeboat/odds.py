"""The odds a Lifeboat seat can know before anything is dealt: what the printed decks hold (from the
engine's data tables, `engine/lifeboat/data.py`), and the arithmetic of chances the model uses.
"""

from __future__ import annotations

import math
from functools import cache

from ...lifeboat.data import CHARACTER_ORDER, KINDS, NAVIGATION, PROVISION_IDS

#: Provisions cards in the deck, and the Water among them
DECK_SIZE = len(PROVISION_IDS)
WATER_CARDS = KINDS["water"].count

#: per turn, how often the Navigation deck names a character thirsty, and overboard; how often a
#: card shows the fight and the oar icons
THIRST_RATE = {
    c: sum(nav.names_thirsty(c) for nav in NAVIGATION.values()) / len(NAVIGATION) for c in CHARACTER_ORDER
}
FALL_RATE = {
    c: sum(nav.goes_overboard(c) for nav in NAVIGATION.values()) / len(NAVIGATION) for c in CHARACTER_ORDER
}
FIGHT_ICONS = sum(nav.fight for nav in NAVIGATION.values()) / len(NAVIGATION)
OAR_ICONS = sum(nav.oar for nav in NAVIGATION.values()) / len(NAVIGATION)


def weapon(kind: str) -> int:
    """The fight bonus of a Provisions kind face up (0 for anything not a weapon)."""
    known = KINDS.get(kind)
    return known.weapon if known else 0


def is_treasure(kind: str) -> bool:
    known = KINDS.get(kind)
    return known.treasure if known else False


@cache
def poisson_cdf(m: int, lam100: int) -> float:
    """P(X <= m) for X ~ Poisson(lam100 / 100)."""
    lam = lam100 / 100
    term = math.exp(-lam)
    total = term
    for k in range(1, m + 1):
        term *= lam / k
        total += term
    return min(1.0, total)


def normal_cdf(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def expected_max(values: list[float], k: int) -> float:
    """The mean of the best of `k` drawn without replacement from `values` (k < 1: the mean)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    n = len(ordered)
    if k <= 1:
        return sum(ordered) / n
    if k >= n:
        return ordered[-1]
    total = math.comb(n, k)
    return sum(v * math.comb(i, k - 1) for i, v in enumerate(ordered)) / total
