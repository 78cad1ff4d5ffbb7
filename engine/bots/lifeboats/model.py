"""The Lifeboats bot's model of the table: each boat's chance to land, each player's expected
points, and the bot's value of a table (its own expected points against the leader's and the
average opponent's); with the model's moves (a leak, an ejection, a move) and the value after each.

- a boat's chance to land is a race between the moves it still needs and the leaks that would
  sink it (one leak per round and one move per round go to some boat at sea, so each step is
  about as likely to be either; a full boat loses a figure to each leak, so it sinks twice as
  fast);
- a player's expected points are the points already ashore plus, for every figure at sea, its
  island's points times its boat's chance to land;
- the bot's value of a table is its own expected points less a mix of the best and the average
  opponent's (to win it must beat the leader, not only gain points).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

from ...lifeboats.data import MOVES_TO_LAND, SAILOR, SEATS_PER_BOAT
from ..common import View

#: the weight of the leading opponent (against the average one) in the bot's value of a table
LEADER_WEIGHT = 0.6


@cache
def race(moves: int, leaks: int) -> float:
    """The chance of `moves` successes before `leaks` failures, each step even odds."""
    if moves <= 0:
        return 1.0
    if leaks <= 0:
        return 0.0
    return sum(math.comb(moves - 1 + j, j) / 2 ** (moves + j) for j in range(leaks))


@dataclass
class Boat:
    colour: str
    owner: int | None
    island: str
    position: int
    #: (owner, rank) of each figure aboard
    figures: list[tuple[int, str]]
    leaks: int
    behind: list[tuple[int, str]] = field(default_factory=list)

    def copy(self) -> Boat:
        return Boat(
            self.colour,
            self.owner,
            self.island,
            self.position,
            list(self.figures),
            self.leaks,
            list(self.behind),
        )

    @property
    def empty(self) -> int:
        return SEATS_PER_BOAT - len(self.figures) - self.leaks

    def sinks(self) -> bool:
        return self.leaks > len(self.figures)

    def chance(self) -> float:
        """The chance that this boat lands (the race of moves against leaks)."""
        margin = len(self.figures) - self.leaks
        if margin < 0:
            return 0.0
        # leaks until it sinks: one per empty seat, then two figures' worth each (an ejection)
        need = margin + 1
        simple = min(self.empty, need)
        leaks = simple + (need - simple + 1) // 2
        return race(MOVES_TO_LAND - self.position, leaks)


@dataclass
class Table:
    me: int
    n: int
    points: dict[str, dict[str, int]]
    ashore: list[int]
    boats: dict[str, Boat]
    hats: list[int]

    def copy(self) -> Table:
        return Table(
            self.me,
            self.n,
            self.points,
            list(self.ashore),
            {c: b.copy() for c, b in self.boats.items()},
            list(self.hats),
        )

    # -- the model's moves -----------------------------------------------------------------------
    def sink(self) -> None:
        for colour in list(self.boats):
            if self.boats[colour].sinks():
                del self.boats[colour]

    def leak(self, colour: str) -> None:
        self.boats[colour].leaks += 1
        self.sink()

    def eject(self, colour: str, victim: int) -> None:
        boat = self.boats[colour]
        own = [f for f in boat.figures if f[0] == victim]
        if own:
            sailors = [f for f in own if f[1] == SAILOR]
            boat.figures.remove(sailors[0] if sailors else own[0])
        boat.leaks += 1
        self.sink()

    def move(self, colour: str) -> None:
        boat = self.boats[colour]
        boat.position += 1
        if boat.position >= MOVES_TO_LAND:
            for owner, rank in boat.figures:
                self.ashore[owner] += self.points[boat.island][rank]
            del self.boats[colour]

    # -- the bot's value -------------------------------------------------------------------------
    def expected(self) -> list[float]:
        totals = [float(p) for p in self.ashore]
        for boat in self.boats.values():
            chance = boat.chance()
            if not chance:
                continue
            table = self.points[boat.island]
            for owner, rank in boat.figures:
                totals[owner] += chance * table[rank]
        return totals

    def value(self) -> float:
        totals = self.expected()
        others = [t for s, t in enumerate(totals) if s != self.me]
        mine = totals[self.me]
        if not others:
            return mine
        return mine - LEADER_WEIGHT * max(others) - (1 - LEADER_WEIGHT) * sum(others) / len(others)


def read(view: View) -> Table:
    me = view["seat"]
    islands = {entry["lane"]: entry["island"] for entry in view["lanes"]}
    points = {name: dict(island["points"]) for name, island in view["islands"].items()}
    boats: dict[str, Boat] = {}
    for b in view["boats"]:
        if b["status"] != "sea":
            continue
        figures = [(s["owner"], s["rank"]) for s in b["seats"] if s is not None and "owner" in s]
        leaks = sum(1 for s in b["seats"] if s is not None and "leak" in s)
        behind = [(f["owner"], f["rank"]) for f in b["behind"]]
        boats[b["colour"]] = Boat(
            b["colour"], b["owner"], islands[b["lane"]], b["position"], figures, leaks, behind
        )
    return Table(
        me=me,
        n=view["num_players"],
        points=points,
        ashore=[p["points"] for p in view["players"]],
        boats=boats,
        hats=[p["hats"] for p in view["players"]],
    )


def after_leak(table: Table, colour: str) -> float:
    """The value after a leak in `colour`: a full boat loses a figure (an ejection vote among its
    owners, where the bot votes against the others, so it is the victim less often)."""
    boat = table.boats.get(colour)
    if boat is None:
        return table.value()
    if boat.empty > 0:
        t = table.copy()
        t.leak(colour)
        return t.value()
    owners = sorted({o for o, _ in boat.figures})
    if not owners:
        t = table.copy()
        t.leak(colour)
        return t.value()
    weights = [0.3 if o == table.me and len(owners) > 1 else 1.0 for o in owners]
    total = 0.0
    for owner, weight in zip(owners, weights, strict=True):
        t = table.copy()
        t.eject(colour, owner)
        total += weight * t.value()
    return total / sum(weights)


def after_move(table: Table, colour: str) -> float:
    t = table.copy()
    if colour in t.boats:
        t.move(colour)
    return t.value()


def after_eject(table: Table, colour: str, victim: int) -> float:
    t = table.copy()
    if colour in t.boats:
        t.eject(colour, victim)
    return t.value()
