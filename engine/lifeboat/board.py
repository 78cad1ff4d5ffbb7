"""Small queries and card moves on a Lifeboat state, shared by the flow and the moves."""

from __future__ import annotations

from typing import Any

from ..core import event
from .data import CHARACTERS, KIND
from .state import State

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


def of_kind(cards: list[str], kind: str) -> list[str]:
    return [c for c in cards if KIND.get(c) == kind]


def held(s: State, seat: int, kind: str) -> list[str]:
    """Cards of a kind the seat holds, face up first, then in hand."""
    return of_kind(s.tables[seat], kind) + of_kind(s.hands[seat], kind)


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
