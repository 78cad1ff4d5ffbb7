"""The Actions phase: the actor's choice (nothing, row, swap, mug, Flare Gun, Parasol, Medical Kit),
and the rower's choice of the cards it puts on the Row stack."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...lifeboat.data import BIRDS_TO_LAND, FLARE_SHOWS, NAVIGATION, ROW_DRAWS
from ..common import Action, best
from .fights import contest
from .model import NOISE, SECRECY, Model
from .odds import OAR_ICONS, expected_max


def act(m: Model, legal: list[Action], rng: Any) -> Action:
    nav_values = [m.after_navigation(c) for c in m.unseen_navigation()]
    now = m.potential()
    return best(legal, lambda a: act_value(m, a, nav_values, now), rng, NOISE)


def act_value(m: Model, a: Action, nav: list[float], now: float) -> float:
    """The gain of action `a`, given the potentials after each Navigation card that may come (`nav`)
    and the potential now."""
    kind = a["type"]
    if kind == "nothing":
        return 0.0
    if kind == "row":
        return row_value(m, nav)
    if kind == "mug":
        return mug_value(m, a["target"], a["card"])
    if kind == "swap":
        return swap_value(m, a["target"], nav)
    if kind == "flare":
        return flare_value(m, now)
    if kind == "parasol":
        return m.parasol_gain() - 0.1
    if kind == "medkit":
        return medkit_value(m, a["target"], now)
    return -1.0


def row_value(m: Model, nav: list[float]) -> float:
    me = m.me
    draws = ROW_DRAWS + m.table[me].count("oar")
    stack = m.view.get("row_stack") or 0
    mean = sum(nav) / len(nav) if nav else 0.0
    navigator = m.stern_navigator() == me
    if navigator:
        extra = 1 if "compass" in m.hand + m.table[me] else 0
        gain = expected_max(nav, stack + draws + extra) - expected_max(nav, stack + extra)
        thirst = OAR_ICONS * 0.6
    else:
        gain = 0.35 * (expected_max(nav, draws) - mean)
        thirst = OAR_ICONS
    return gain - thirst * m.wound_cost(me) * (0.5 if m.my("water") else 1.0) - 0.05


def mug_value(m: Model, target: int, card: str) -> float:
    if card == "hand":
        gain = m.unknown_mean()
        instant = not m.awake[target] or m.pickpocket()
    else:
        table = {c["id"]: c["kind"] for c in m.view["players"][target]["table"]}
        gain = m.card_value(table.get(card, "water"))
        instant = not m.awake[target]
    if target == m.love and target != m.me and not m.dead[target]:
        gain = min(gain, 0.0) - 0.3
    elif m.stake[target] < 0 and m.awake[target]:
        gain += 0.15
    return contest(m, target, gain, instant) - 0.05


def swap_value(m: Model, target: int, nav: list[float]) -> float:
    boat = list(m.boat)
    i, j = boat.index(m.me), boat.index(target)
    boat[i], boat[j] = boat[j], boat[i]
    before = m.stern_navigator() == m.me
    after = m.stern_navigator(boat) == m.me
    spread = expected_max(nav, 2) - (sum(nav) / len(nav) if nav else 0.0)
    gain = 0.8 * spread * (int(after) - int(before))
    if gain <= 0:
        return gain - 0.2
    return contest(m, target, gain, not m.awake[target]) - 0.1


def flare_value(m: Model, now: float) -> float:
    need = BIRDS_TO_LAND - m.birds
    birds = [NAVIGATION[c].bird for c in m.unseen_navigation()]
    if len(birds) < FLARE_SHOWS:
        return -1.0
    hits = 0
    combos = 0
    for trio in combinations(birds, FLARE_SHOWS):
        combos += 1
        if sum(trio) >= need:
            hits += 1
    land = hits / combos
    return land * (m.final() - now) - (1 - land) * 0.3 - m.card_value("flare_gun")


def medkit_value(m: Model, target: int, now: float) -> float:
    wounds: list[float] = [float(w) for w in m.wounds]
    wounds[target] -= 1
    gain = m.potential(wounds) - now
    hold = m.card_value("medkit")
    urgent = target != m.me and m.size[target] - m.wounds[target] <= 0
    return gain - (0.5 if urgent else 1.0) * hold - (SECRECY if target != m.me else 0.0)


def place_rowed(m: Model, legal: list[Action], rng: Any) -> Action:
    """The rowed cards to put on the Row stack: the navigator keeps its best one there; another
    rower the ones that make the stack's mean best for it."""
    cards = m.view["me"].get("rowing") or []
    values = {c: m.after_navigation(c) for c in cards}
    unseen = [m.after_navigation(c) for c in m.unseen_navigation()]
    mean = sum(unseen) / len(unseen) if unseen else 0.0
    stack = m.view.get("row_stack") or 0
    navigator = m.stern_navigator() == m.me

    def score(a: Action) -> float:
        chosen = [values[c] for c in a["to_stack"]]
        if navigator:
            pool = chosen + ([mean] if stack else [])
            return (max(pool) if pool else mean) + 0.001 * len(chosen)
        pool = chosen + [mean] * stack
        return sum(pool) / len(pool) if pool else mean

    return best(legal, score, rng, 0.01)
