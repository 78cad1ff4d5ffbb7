"""Final scores: the pure `final_scores` of the contract, and the state's treasure."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .data import CHARACTERS, JEWEL_POINTS, KIND, VALUE, relation_target
from .state import State


def treasure_points(character: str, cards: Iterable[str]) -> int:
    """Cash 1 each, Jewels 1/4/8 by number, Paintings at value; the character's own kind doubled."""
    cash = jewels = paintings = 0
    for card in cards:
        kind = KIND.get(card)
        if kind == "cash":
            cash += 1
        elif kind == "jewels":
            jewels += 1
        elif kind == "painting":
            paintings += VALUE[card]
    points = {"cash": cash, "jewels": JEWEL_POINTS[min(jewels, 3)], "painting": paintings}
    doubled = CHARACTERS[character].doubles
    if doubled:
        points[doubled] *= 2
    return sum(points.values())


def final_scores(
    seats: list[dict[str, Any]], *, ambivalent_scores: bool = True, sharks: bool = False
) -> list[int]:
    """Scores by seat from `{"character", "love", "hate", "alive", "treasure"}` per seat.

    `love`/`hate` are character slugs; `treasure` the treasure points the seat still holds
    (the character's own kind already doubled; zero for a body no longer in the boat).
    `sharks`: every Size one higher (Hate and Psychopath points).
    """
    alive = {s["character"]: bool(s["alive"]) for s in seats}
    bonus = 1 if sharks else 0

    def is_alive(x: str) -> bool:
        return alive.get(x, False)

    def is_dead(x: str) -> bool:
        return x in alive and not alive[x]

    def size(x: str) -> int:
        return CHARACTERS[x].size + bonus

    scores = []
    for seat in seats:
        me, love, hate = seat["character"], seat["love"], seat["hate"]
        psychopath = hate == me
        ambivalent = love == hate != me
        total = 0
        if not psychopath and is_alive(me):
            total += CHARACTERS[me].survival
        if ambivalent_scores or not ambivalent:
            if is_alive(love):
                total += CHARACTERS[love].survival
            if not psychopath and is_dead(hate):
                total += size(hate)
        if psychopath:
            total += sum(size(x) for x in alive if x not in (me, love) and is_dead(x))
        total += int(seat.get("treasure", 0))
        scores.append(total)
    return scores


def score_sheet(s: State) -> list[dict[str, Any]]:
    return [
        {
            "character": s.chars[p],
            "love": relation_target(s.love[p]),
            "hate": relation_target(s.hate[p]),
            "alive": not s.dead[p],
            "treasure": treasure_points(s.chars[p], s.hands[p] + s.tables[p]) if p in s.boat else 0,
        }
        for p in range(s.n)
    ]


def state_scores(s: State) -> list[int]:
    return final_scores(
        score_sheet(s),
        ambivalent_scores=s.options["ambivalent_scores"],
        sharks=s.options["sharks"],
    )
