"""Fights: the chance to win one, what an attempt on a seat is worth, answering a swap or a mug,
and choosing a side (and weapons) in a fight round."""

from __future__ import annotations

from typing import Any

from ...lifeboat.data import FLARE_BONUS, WEAPON
from ..common import Action, best
from .model import REFUSES, SHOWN, Model
from .odds import FIGHT_ICONS, normal_cdf


def fight_chance(m: Model, mine: float, theirs: float, defender: bool, exclude: set[int]) -> float:
    """The chance that a side of strength `mine` beats one of `theirs` (the defender wins ties),
    with the strength of those who may still join (all but `exclude`) as the spread."""
    spread = m.joiners_spread(exclude)
    return normal_cdf((mine - theirs + (0.5 if defender else -0.5)) / spread)


def fight_risk(m: Model) -> float:
    """What taking part in a fight costs this seat: the thirst of the Navigation card's fight icon."""
    return FIGHT_ICONS * m.wound_cost(m.me) * (0.5 if m.my("water") else 1.0)


def contest(m: Model, target: int, gain: float, instant: bool) -> float:
    """The value of an attempt on `target` worth `gain` if it goes through."""
    me = m.me
    if instant:
        return gain
    mine = m.strength(me) + m.hidden_weapons(me)
    theirs = m.strength(target) + m.hidden_weapons(target)
    win = fight_chance(m, mine, theirs, False, {me, target})
    refused = win * (gain - m.wound_cost(target)) + (1 - win) * -m.wound_cost(me) - fight_risk(m)
    return (1 - REFUSES) * gain + REFUSES * refused


def answer(m: Model, legal: list[Action], rng: Any) -> Action:
    """Accept or refuse a swap or a mug aimed at this seat."""
    window = m.view["window"] or {}
    action = window.get("action") or {}
    attacker: int = window["attacker"]
    me = m.me
    if action.get("type") == "mug":
        card = action.get("card")
        if card == "hand":
            loss = m.hand_loss()
        else:
            table = {c["id"]: c["kind"] for c in m.view["players"][me]["table"]}
            loss = m.card_value(table.get(card, "water"))
    else:
        boat = list(m.boat)
        i, j = boat.index(me), boat.index(attacker)
        boat[i], boat[j] = boat[j], boat[i]
        loss = 0.6 * (int(m.stern_navigator() == me) - int(m.stern_navigator(boat) == me))
    if attacker == m.love and attacker != me:
        loss *= 0.3
    mine = m.strength(me) + m.hidden_weapons(me)
    if "flare_gun" in m.hand:
        mine += 0.5 * FLARE_BONUS
    theirs = m.strength(attacker) + m.hidden_weapons(attacker)
    win = fight_chance(m, mine, theirs, True, {me, attacker})
    refuse = win * -m.wound_cost(attacker) + (1 - win) * (-m.wound_cost(me) - loss) - fight_risk(m)
    values = {"accept": -loss, "refuse": refuse}
    return best(legal, lambda a: values.get(a["type"], -99.0), rng, 0.05)


def fight(m: Model, legal: list[Action], rng: Any) -> Action:
    """A side (or out) and the weapons to play in a fight round."""
    window = m.view["window"] or {}
    sides = window["sides"]
    flares = set(window.get("flares") or [])
    me = m.me
    inside = set(sides["attacker"]) | set(sides["defender"])
    strength = {
        side: sum(m.strength(x) + (FLARE_BONUS if x in flares else 0) for x in sides[side])
        for side in ("attacker", "defender")
    }
    hidden = {side: sum(m.hidden_weapons(x) for x in sides[side] if x != me) for side in strength}
    action = window.get("action") or {}
    defender = window["defender"]
    attacker = window["attacker"]
    # what the attacker winning means to this seat, beyond the wounds
    stakes = 0.0
    if action.get("type") == "mug":
        card = action.get("card")
        named = {c["id"]: c["kind"] for c in m.view["players"][defender]["table"]}
        if defender == me:
            stakes = -(m.hand_loss() if card == "hand" else m.card_value(named.get(card, "")))
        elif attacker == me:
            stakes = m.unknown_mean() if card == "hand" else m.card_value(named.get(card, ""))

    def value(a: Action) -> float:
        side = a["side"]
        add = sum(WEAPON.get(c, 0) for c in a["weapons"]) + (FLARE_BONUS if a["flare"] else 0)
        cost = SHOWN * len(a["weapons"]) + (m.card_value("flare_gun") if a["flare"] else 0.0)
        members = {s: list(sides[s]) for s in sides}
        mine_side = side if side != "out" else None
        if side != "out" and me not in inside:
            members[side].append(me)
            add += m.strength(me)
            cost += fight_risk(m)
        att = strength["attacker"] + hidden["attacker"] + (add if mine_side == "attacker" else 0)
        dfn = strength["defender"] + hidden["defender"] + (add if mine_side == "defender" else 0)
        win_att = fight_chance(m, att, dfn, False, inside | {me})
        lose_att = sum(m.wound_cost(x) for x in members["attacker"])
        lose_def = sum(m.wound_cost(x) for x in members["defender"])
        return win_att * (stakes - lose_def) + (1 - win_att) * -lose_att - cost

    return best(legal, value, rng, 0.02)
