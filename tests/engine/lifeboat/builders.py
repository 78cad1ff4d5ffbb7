"""Builders for hand-made Lifeboat states and named assertion helpers for the scenario tests."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import IllegalAction
from engine.core import seed_state
from engine.lifeboat import LIFEBOAT, flow
from engine.lifeboat.data import CHARACTER_ORDER, KIND, NAVIGATION_IDS, PROVISION_IDS, hate_id, love_id
from engine.lifeboat.state import State

G = LIFEBOAT


def cards(kind: str) -> list[str]:
    """Every Provisions id of a kind, in id order."""
    return [c for c in PROVISION_IDS if KIND[c] == kind]


def card(kind: str, i: int = 0) -> str:
    return cards(kind)[i]


def nav(number: int) -> str:
    return f"nav-{number:02d}"


def build(
    chars: list[str],
    *,
    love: list[str] | None = None,
    hate: list[str] | None = None,
    hands: dict[int, list[str]] | None = None,
    tables: dict[int, list[str]] | None = None,
    wounds: dict[int, int] | None = None,
    dead: list[int] | None = None,
    provisions: list[str] | None = None,
    navigation: list[str] | None = None,
    options: dict[str, Any] | None = None,
    boat: list[int] | None = None,
) -> State:
    """A state with seat i playing chars[i]; unnamed cards go to the decks (given tops first).

    `provisions=[...]` makes exactly that the Provisions deck (the rest is removed from the game);
    `navigation` lists the top Navigation cards, the rest follow in number order.
    """
    n = len(chars)
    hands = hands or {}
    tables = tables or {}
    placed = {c for cs in list(hands.values()) + list(tables.values()) for c in cs}
    if provisions is None:
        deck = [c for c in PROVISION_IDS if c not in placed]
        removed_prov: list[str] = []
    else:
        deck = list(provisions)
        removed_prov = [c for c in PROVISION_IDS if c not in placed and c not in deck]
    top = navigation or []
    nav_deck = list(top) + [c for c in NAVIGATION_IDS if c not in top]
    love = love or list(chars)
    hate = hate or list(chars)
    removed = [love_id(c) for c in CHARACTER_ORDER if c not in chars]
    removed += [hate_id(c) for c in CHARACTER_ORDER if c not in chars]
    s = State(
        n=n,
        options={**G.options, **(options or {})},
        rng=seed_state(7),
        chars=list(chars),
        love=[love_id(c) for c in love],
        hate=[hate_id(c) for c in hate],
        wounds=[(wounds or {}).get(p, 0) for p in range(n)],
        dead=[p in (dead or []) for p in range(n)],
        boat=boat if boat is not None else sorted(range(n), key=lambda p: CHARACTER_ORDER.index(chars[p])),
        hands=[list(hands.get(p, [])) for p in range(n)],
        tables=[list(tables.get(p, [])) for p in range(n)],
        lost=[[] for _ in range(n)],
        provisions=deck,
        navigation=nav_deck,
        row_stack=[],
        discard=[],
        removed=removed + removed_prov,
        rowed=[False] * n,
        fought=[False] * n,
    )
    for p in range(n):
        if s.dead[p] and not s.wounds[p]:
            s.wounds[p] = 99
    return s


#: A common 4-seat table: boat order bow to stern is seats 0, 1, 2, 3.
FOUR = ["lady_lauren", "captain", "first_mate", "kid"]
SIX = list(CHARACTER_ORDER)


def start(s: State, phase: str) -> list[dict[str, Any]]:
    """Begin a phase on a built state; returns its events."""
    ev: list[dict[str, Any]] = []
    s.turn = max(s.turn, 1)
    {
        "quartermaster": flow.begin_quartermaster,
        "actions": flow.begin_actions,
        "navigation": flow.begin_navigation,
    }[phase](s, ev)
    flow.advance(s, ev)
    return ev


def play(s: State, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    return G.apply(s, seat, action)


def refused(s: State, seat: int, action: Any) -> None:
    """The action is refused and the state is exactly as before."""
    before = copy.deepcopy(G.to_json(s))
    with pytest.raises(IllegalAction):
        G.apply(s, seat, action)
    assert G.to_json(s) == before


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def skip_to_actor(s: State, seat: int) -> None:
    """Let everyone before `seat` in the Actions list do nothing."""
    while G.to_act(s) != [seat]:
        actor = G.to_act(s)[0]
        play(s, actor, {"type": "nothing"})


def assert_conserved(s: State) -> None:
    ids = [c for cs in G.zones(s).values() for c in cs]
    assert len(ids) == len(set(ids)) == 42 + 24 + 12
