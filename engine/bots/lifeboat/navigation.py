"""The Navigation phase: the card the navigator plays, the overboard reactions (Life Preserver,
Buckets of Chum), and the Water pledged against thirst."""

from __future__ import annotations

from typing import Any

from ..common import Action, View, best
from .model import SECRECY, Model


def navigate(m: Model, legal: list[Action], rng: Any) -> Action:
    return best(legal, lambda a: m.after_navigation(a["card"]), rng, 0.01)


def react_value(m: Model, a: Action) -> float:
    window = m.view["window"] or {}
    fallers: list[int] = window.get("fallers") or []
    me = m.me
    preserved = ["life_preserver" in t for t in m.table]
    lose_preserver = 0.0
    choice = a["preserver"]
    if choice == "wear":
        preserved[me] = True
    elif choice is not None:
        preserved[choice] = True
        lose_preserver = m.card_value("life_preserver") + SECRECY
        if "life_preserver" in m.table[me]:
            preserved[me] = False
    chum = sum(m.table[x].count("chum") for x in fallers)
    used = len(a["buckets"]) + chum
    sharks = (1 if used or a.get("rile") else 0) if m.options.get("sharks") else used
    wounds: list[float] = [float(w) for w in m.wounds]
    dead = list(m.dead)
    body = True
    for x in fallers:
        if dead[x]:
            if x == me:
                body = False
            continue
        fall = 0 if m.swims(x) or preserved[x] else 1
        wounds[x] += fall + sharks
        if wounds[x] > m.size[x] or (wounds[x] >= m.size[x] and not preserved[x]):
            dead[x] = True
            if x == me:
                body = False
    cost = lose_preserver + 0.3 * len(a["buckets"])
    return m.potential(wounds, dead, body=body) - cost


def water_value(m: Model, view: View, a: Action) -> float:
    window = view["window"] or {}
    thirst = {int(k): v for k, v in (window.get("thirst") or {}).items()}
    holders = set(window.get("seats") or [])
    me = m.me
    pledge = dict.fromkeys(thirst, 0)
    for target, count in a["cover"]:
        pledge[target] = count
    water = float(m.my("water"))
    spent = 0.0
    wounds: list[float] = [float(w) for w in m.wounds]
    for x, need in thirst.items():
        if x == me:
            drink = min(need, pledge.get(me, 0))
            spent += drink
            wounds[x] += need - drink
            continue
        mine = min(need, pledge.get(x, 0))
        own = 0.7 if x in holders else 0.0
        # its own Water (if it pledges it) goes first; then this seat's
        uncovered_own = need * (1 - own)
        covered_by_me = min(mine, uncovered_own) if mine else 0.0
        spent += covered_by_me
        wounds[x] += max(0.0, uncovered_own - covered_by_me)
    spent = min(spent, water)
    favours = sum(1 for target, _ in a["cover"] if target != me)
    return m.potential(wounds, my_water=water - spent) + 0.02 * pledge.get(me, 0) - SECRECY * favours
