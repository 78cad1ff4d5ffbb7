"""A Lifeboats bot: keeps its figures on boats that will land, sinks the others' boats.

It reads only the seat's view (boats, seats, islands, hat counts, the open vote) and its legal
actions. Every decision is one step of look-ahead on a small model of the table:

- a boat's chance to land is a race between the moves it still needs and the leaks that would
  sink it (one leak per round and one move per round go to some boat at sea, so each step is
  about as likely to be either; a full boat loses a figure to each leak, so it sinks twice as
  fast);
- a player's expected points are the points already ashore plus, for every figure at sea, its
  island's points times its boat's chance to land;
- the bot's value of a table is its own expected points less a mix of the best and the average
  opponent's (to win it must beat the leader, not only gain points).

For each legal action the bot applies it to the model (a leak, an ejection, a move, a figure
placed or moved) and keeps the best. A captain's hat is played when deciding the vote alone
(against what its colour card is likely to bring, and if no other hat is likely to cancel it) is
worth more than keeping the hat for one of the votes still to come; a hat's owner or the
tie-breaker then picks the best result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .common import Action, View, best, rng_for

#: a boat lands on its 3rd move (the rules); seats per boat
MOVES_TO_LAND = 3
SEATS = 6
#: the weight of the leading opponent (against the average one) in the bot's value of a table
LEADER_WEIGHT = 0.6
#: the chance that a colour card decides a vote (a hat: certainly, if no other hat is played)
COLOUR_DECIDES = 0.45
#: the chance that any one other player holding hats plays one in a given vote
OTHER_HAT = 0.15
#: the mean gain (in points of value) of deciding a vote alone, from self-play measurements
HAT_GAIN = 0.6


def hat_threshold(view: View) -> float:
    """The gain for which a hat is worth playing now: the bot spends its hats on the best of the
    votes still to come (about two a round, a round for every move the boats at sea still need),
    so the fewer votes are left per hat, the smaller the gain it plays one for."""
    hats = view["you"]["hats"]
    moves = sum(MOVES_TO_LAND - b["position"] for b in view["boats"] if b["status"] == "sea")
    votes = max(1.0, 2 * 0.8 * moves)
    share = min(1.0, hats / votes)
    return HAT_GAIN * math.log(1 / share)


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
        return SEATS - len(self.figures) - self.leaks

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
            sailors = [f for f in own if f[1] == "sailor"]
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


class LifeboatsBot:
    slug = "lifeboats"

    def choose(self, view: View, legal: list[Action], seed: int) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        rng = rng_for(seed)
        kind = legal[0]["type"]
        if kind == "place_boat":
            return self.place_boat(view, legal, rng)
        table = read(view)
        if kind == "place_figure":
            return best(legal, lambda a: self.placed(table, a), rng, noise=0.05)
        if kind == "jump_out":
            return best(legal, lambda a: self.jumped_out(table, view, a), rng, noise=0.05)
        if kind == "jump_in":
            return best(legal, lambda a: self.jumped_in(table, view, a), rng, noise=0.05)
        outcome = self.outcomes(table, view)
        if kind == "decide":
            return best(legal, lambda a: outcome(a["choice"]), rng, noise=0.01)
        return self.vote(view, legal, outcome, rng)

    # -- set-up --------------------------------------------------------------------------------------
    @staticmethod
    def place_boat(view: View, legal: list[Action], rng: Any) -> Action:
        """The lane whose island pays most (the black boat too: the bot may man it)."""
        island = {entry["lane"]: entry["island"] for entry in view["lanes"]}
        worth = {name: sum(v["points"].values()) for name, v in view["islands"].items()}
        return best(legal, lambda a: worth[island[a["lane"]]], rng, noise=0.5)

    @staticmethod
    def placed(table: Table, action: Action) -> float:
        t = table.copy()
        t.boats[action["boat"]].figures.append((table.me, action["rank"]))
        return t.value()

    # -- phase 3 ------------------------------------------------------------------------------------
    @staticmethod
    def jumped_out(table: Table, view: View, action: Action) -> float:
        """Take the figure out and put it into the best other boat with a seat left now."""
        t = table.copy()
        source = t.boats[action["boat"]]
        figure = (table.me, action["rank"])
        source.figures.remove(figure)
        targets = [c for c, b in t.boats.items() if c != action["boat"] and b.empty > 0]
        if not targets:
            t.sink()
            return t.value()
        values = []
        for colour in targets:
            u = t.copy()
            u.boats[colour].figures.append(figure)
            u.sink()
            values.append(u.value())
        return max(values)

    @staticmethod
    def jumped_in(table: Table, view: View, action: Action) -> float:
        jumpers = view["jump"]["jumpers"]
        figure = jumpers[-1]["figure"] if jumpers else None
        behind = [f for b in view["boats"] for f in b["behind"]]
        rank = next((f["rank"] for f in behind if f["id"] == figure), "sailor")
        t = table.copy()
        t.boats[action["boat"]].figures.append((table.me, rank))
        t.sink()
        return t.value()

    # -- votes --------------------------------------------------------------------------------------
    @staticmethod
    def outcomes(table: Table, view: View) -> Any:
        """The value of each possible result of the open vote, by choice."""
        vote = view.get("vote") or {}
        phase = view["phase"]
        cache_: dict[str, float] = {}

        def outcome(choice: str) -> float:
            if choice not in cache_:
                if phase == "eject":
                    victim = next(p["seat"] for p in view["players"] if p["colour"] == choice)
                    # (naming itself, when all results are alike, would look odd)
                    cache_[choice] = after_eject(table, vote["boat"], victim) - 0.01 * (victim == table.me)
                elif phase == "move":
                    cache_[choice] = after_move(table, choice)
                else:
                    cache_[choice] = after_leak(table, choice)
            return cache_[choice]

        return outcome

    @staticmethod
    def vote(view: View, legal: list[Action], outcome: Any, rng: Any) -> Action:
        colours = [a for a in legal if a["card"] not in (None, "hat")]
        hat = next((a for a in legal if a["card"] == "hat"), None)
        abstain = next((a for a in legal if a["card"] is None), None)
        if not colours:
            return hat or abstain or legal[0]
        pick = best(colours, lambda a: outcome(a["card"]), rng, noise=0.01)
        if hat is not None:
            values = [outcome(a["card"]) for a in colours]
            top, mean = max(values), sum(values) / len(values)
            me = view["seat"]
            others = [s for s in view["vote"]["eligible"] if s != me and view["players"][s]["hats"] > 0]
            alone = (1 - OTHER_HAT) ** len(others)
            gain = (1 - COLOUR_DECIDES) * (top - mean) * alone
            if gain > hat_threshold(view):
                return hat
        return pick
