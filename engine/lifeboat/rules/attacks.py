"""Swaps and mugs, whole: who may be attacked, the answer, the fight a refusal starts, the outcome.

A swap or a mug of a conscious target waits for the target's answer (`accept` / `refuse`); the
Kid's mug for a hand card and any attack on an unconscious target succeed at once. A refusal
starts a fight: rounds in one window each (every conscious character not in the fight may join a
side or stay out; fighters may play weapons from hand and declare the Flare Gun), until a round in
which nothing happens; the higher strength wins, ties to the defender; the losers take a wound.
If the attacker wins (or the target accepted), the swap or mug is carried out (`consummate`).
"""

from __future__ import annotations

from typing import Any

from ...core import Rng, Window, event
from ..board import (
    Action,
    Events,
    answer_window,
    asked,
    conscious,
    discard,
    held,
    is_actor,
    of_kind,
    participant_side,
    size,
    subsets,
    take_card,
    wound,
)
from ..data import CHARACTERS, FLARE_BONUS, KIND, WEAPON
from ..flow import action_done
from ..state import State


# -- swap and mug: the attempt ----------------------------------------------------------------------
def legal_swap(s: State, seat: int) -> list[Action]:
    if not is_actor(s, seat):
        return []
    return [{"type": "swap", "target": t} for t in s.boat if t != seat]


def apply_swap(s: State, seat: int, a: Action, ev: Events) -> None:
    attempt(s, seat, a, ev, instant=not conscious(s, a["target"]))


def legal_mug(s: State, seat: int) -> list[Action]:
    if not is_actor(s, seat):
        return []
    out: list[Action] = []
    for t in s.boat:
        if t != seat:
            out += [{"type": "mug", "target": t, "card": c} for c in s.tables[t]]
            if s.hands[t]:
                out.append({"type": "mug", "target": t, "card": "hand"})
    return out


def apply_mug(s: State, seat: int, a: Action, ev: Events) -> None:
    kid = CHARACTERS[s.chars[seat]].pickpocket and a["card"] == "hand"
    attempt(s, seat, a, ev, instant=kid or not conscious(s, a["target"]))


def attempt(s: State, seat: int, a: Action, ev: Events, *, instant: bool) -> None:
    action = {k: a[k] for k in a}
    ev.append(event("attempt", seat=seat, action=action))
    if instant:
        consummate(s, action, seat, ev)
        action_done(s, ev)
        return
    s.window = Window("answer", [a["target"]], data={"attacker": seat, "action": action})
    s.step = "answer"


def consummate(s: State, action: dict[str, Any], attacker: int, ev: Events) -> None:
    """Carry out an accepted (or won) swap or mug."""
    target = action["target"]
    if action["type"] == "swap":
        i, j = s.boat.index(attacker), s.boat.index(target)
        s.boat[i], s.boat[j] = s.boat[j], s.boat[i]
        ev.append(event("swapped", seat=attacker, target=target, boat=list(s.boat)))
        return
    card = action["card"]
    if card == "hand":
        hand = s.hands[target]
        if not hand:
            ev.append(event("mug_empty", seat=attacker, target=target))
            return
        rng = Rng(s.rng)
        taken = hand.pop(rng.below(len(hand)))
        s.rng = rng.state
        s.hands[attacker].append(taken)
        ev.append(event("mugged_hand_card", seat=attacker, target=target))
        ev.append(event("mug_took", [attacker, target], seat=attacker, target=target, card=taken))
    elif card in s.tables[target]:
        take_card(s, target, card)
        s.tables[attacker].append(card)
        ev.append(event("mugged_card", seat=attacker, target=target, card=card, card_kind=KIND[card]))
    else:
        ev.append(event("mug_missed", seat=attacker, target=target, card=card))


# -- the target's answer ------------------------------------------------------------------------------
def legal_accept(s: State, seat: int) -> list[Action]:
    return [{"type": "accept"}] if asked(s, seat, "answer") else []


def legal_refuse(s: State, seat: int) -> list[Action]:
    return [{"type": "refuse"}] if asked(s, seat, "answer") else []


def apply_answer(s: State, seat: int, a: Action, ev: Events) -> None:
    """`accept` or `refuse`."""
    window = s.window
    assert window is not None
    window.answer(seat, a["type"])
    ev.append(event("answered", seat=seat, answer=a["type"]))
    data = window.data
    s.window = None
    if a["type"] == "accept":
        consummate(s, data["action"], data["attacker"], ev)
        action_done(s, ev)
    else:
        start_fight(s, data["attacker"], seat, data["action"], ev)


# -- the fight ------------------------------------------------------------------------------------------
def can_declare_flare(s: State, data: dict[str, Any], seat: int) -> bool:
    return seat not in data["flares"] and bool(held(s, seat, "flare_gun"))


def fight_asked(s: State, data: dict[str, Any], seat: int) -> bool:
    """Asked in a round: conscious characters not in the fight, fighters with something to play."""
    if not conscious(s, seat) or seat not in s.boat:
        return False
    if participant_side(data, seat) is None:
        return True
    return any(c in WEAPON for c in s.hands[seat]) or can_declare_flare(s, data, seat)


def legal_fight(s: State, seat: int) -> list[Action]:
    if not asked(s, seat, "fight"):
        return []
    assert s.window is not None
    data = s.window.data
    weapons = subsets([c for c in s.hands[seat] if c in WEAPON])
    flares = [False, True] if can_declare_flare(s, data, seat) else [False]
    side = participant_side(data, seat)
    sides = [side] if side is not None else ["attacker", "defender"]
    out: list[Action] = []
    if side is None:
        out.append({"type": "fight", "side": "out", "weapons": [], "flare": False})
    out += [
        {"type": "fight", "side": sd, "weapons": w, "flare": f}
        for sd in sides
        for w in weapons
        for f in flares
    ]
    return out


def apply_fight(s: State, seat: int, a: Action, ev: Events) -> None:
    if answer_window(s, seat, a, ev):
        close_fight_round(s, ev)


def start_fight(s: State, attacker: int, defender: int, action: dict[str, Any], ev: Events) -> None:
    data = {
        "attacker": attacker,
        "defender": defender,
        "action": action,
        "sides": {"attacker": [attacker], "defender": [defender]},
        "flares": [],
        "round": 1,
    }
    ev.append(event("fight_started", attacker=attacker, defender=defender))
    open_fight_round(s, data, ev)


def open_fight_round(s: State, data: dict[str, Any], ev: Events) -> None:
    asked_now = [p for p in range(s.n) if fight_asked(s, data, p)]
    if not asked_now:
        resolve_fight(s, data, ev)
        return
    s.window = Window("fight", asked_now, data=data)
    s.step = "fight"


def close_fight_round(s: State, ev: Events) -> None:
    window = s.window
    assert window is not None
    data = window.data
    ev.append(event("fight_round", round=data["round"], answers=window.revealed()))
    quiet = True
    for seat in window.seats:
        answer = window.answer_of(seat)
        if participant_side(data, seat) is None and answer["side"] != "out":
            data["sides"][answer["side"]].append(seat)
            quiet = False
        for card in answer["weapons"]:
            if card in s.hands[seat]:
                s.hands[seat].remove(card)
                s.tables[seat].append(card)
                quiet = False
        if answer["flare"] and can_declare_flare(s, data, seat):
            gun = held(s, seat, "flare_gun")[0]
            if gun in s.hands[seat]:
                s.hands[seat].remove(gun)
                s.tables[seat].append(gun)
            data["flares"].append(seat)
            quiet = False
    for side in ("attacker", "defender"):
        data["sides"][side].sort()
    data["flares"].sort()
    s.window = None
    if quiet:
        resolve_fight(s, data, ev)
    else:
        data["round"] += 1
        open_fight_round(s, data, ev)


def side_strength(s: State, data: dict[str, Any], side: str) -> int:
    total = 0
    for seat in data["sides"][side]:
        total += size(s, seat) + sum(WEAPON.get(c, 0) for c in s.tables[seat])
        if seat in data["flares"]:
            total += FLARE_BONUS
    return total


def resolve_fight(s: State, data: dict[str, Any], ev: Events) -> None:
    att = side_strength(s, data, "attacker")
    dfn = side_strength(s, data, "defender")
    winner = "attacker" if att > dfn else "defender"
    loser = "defender" if winner == "attacker" else "attacker"
    ev.append(
        event(
            "fight_resolved",
            attacker=data["attacker"],
            defender=data["defender"],
            sides=data["sides"],
            strength={"attacker": att, "defender": dfn},
            winner=winner,
        )
    )
    for seat in data["sides"]["attacker"] + data["sides"]["defender"]:
        s.fought[seat] = True
    for seat in data["sides"][loser]:
        wound(s, seat, 1, "fight", ev)
    for seat in data["flares"]:
        for gun in of_kind(s.tables[seat], "flare_gun"):
            discard(s, seat, gun)
    s.window = None
    if winner == "attacker":
        consummate(s, data["action"], data["attacker"], ev)
    action_done(s, ev)
