"""Small queries and card moves on a Lifeboat state, shared by the flow, the rules and the view."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..core import Window, event
from .data import CHARACTERS, KIND
from .state import State

Action = dict[str, Any]
Events = list[dict[str, Any]]


def size(s: State, seat: int) -> int:
    return CHARACTERS[s.chars[seat]].size + (1 if s.options["sharks"] else 0)


def conscious(s: State, seat: int) -> bool:
    return not s.dead[seat] and s.wounds[seat] < size(s, seat)


def unconscious(s: State, seat: int) -> bool:
    return not s.dead[seat] and s.wounds[seat] >= size(s, seat)


def condition(s: State, seat: int) -> str:
    if s.dead[seat]:
        return "dead"
    return "conscious" if s.wounds[seat] < size(s, seat) else "unconscious"


def conscious_aboard(s: State) -> list[int]:
    return [p for p in s.boat if conscious(s, p)]


def is_ghost(s: State, seat: int) -> bool:
    return s.dead[seat] and seat not in s.boat


def may_act(s: State, seat: int) -> bool:
    """False for seats that can take no action at all (dead or unconscious, the game over)."""
    if s.phase == "over":
        return False
    if conscious(s, seat):
        return True
    return asked(s, seat, "react")


def is_actor(s: State, seat: int) -> bool:
    """The seat whose turn it is in the Actions phase, before it has chosen."""
    return s.step == "act" and s.order[s.pos] == seat


def asked(s: State, seat: int, step: str) -> bool:
    """The open window of `step` still waits for the seat's answer."""
    return s.step == step and s.window is not None and s.window.asks(seat)


def answer_window(s: State, seat: int, a: Action, ev: Events) -> Window | None:
    """Record a seat's answer in the open window; the window once every answer is in."""
    window = s.window
    assert window is not None
    window.answer(seat, {k: v for k, v in a.items() if k != "type"})
    ev.append(event("window_answered", seat=seat, window=window.kind))
    return window if window.complete else None


def participant_side(data: dict[str, Any], seat: int) -> str | None:
    """The side a seat fights on in a fight's window data, if it is in the fight."""
    for side in ("attacker", "defender"):
        if seat in data["sides"][side]:
            return side
    return None


def lapsed(offer: dict[str, Any], reason: str) -> dict[str, Any]:
    """The event of an offer that lapses, for its two sides: who offered it to whom, and why
    ("phase_end": the Actions phase ended; "knocked_out": a side fell unconscious or died;
    "card_moved": a card it names left its owner)."""
    seats = {"from": offer["from"], "to": offer["to"]}
    return event("trade_lapsed", [offer["from"], offer["to"]], offer=offer["id"], reason=reason, **seats)


def subsets(cards: list[str]) -> list[list[str]]:
    """Every subset, each in the given order, smallest first."""
    return [list(combo) for k in range(len(cards) + 1) for combo in combinations(cards, k)]


def of_kind(cards: list[str], kind: str) -> list[str]:
    return [c for c in cards if KIND.get(c) == kind]


def held(s: State, seat: int, kind: str) -> list[str]:
    """Cards of a kind the seat holds, face up first, then in hand."""
    return of_kind(s.tables[seat], kind) + of_kind(s.hands[seat], kind)


def water_held(s: State, seat: int) -> list[str]:
    return held(s, seat, "water")


def take_card(s: State, seat: int, card: str) -> None:
    """Take a card from a seat's table or hand (it must be there)."""
    if card in s.tables[seat]:
        s.tables[seat].remove(card)
    else:
        s.hands[seat].remove(card)
    if s.lent is not None and s.lent[0] == card:
        s.lent = None


def discard(s: State, seat: int, card: str) -> None:
    take_card(s, seat, card)
    if card in s.open_cards:
        s.open_cards.remove(card)
    s.discard.append(card)


def wound(s: State, seat: int, amount: int, cause: str, ev: Events) -> None:
    if amount <= 0 or s.dead[seat]:
        return
    s.wounds[seat] += amount
    if s.wounds[seat] > size(s, seat):
        s.dead[seat] = True
    ev.append(
        event(
            "wounded",
            seat=seat,
            amount=amount,
            cause=cause,
            wounds=s.wounds[seat],
            condition=condition(s, seat),
        )
    )
