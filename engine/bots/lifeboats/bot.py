"""`LifeboatsBot`: its choosers (where to put a boat and a figure, where to jump, how to vote and
when to play a captain's hat), each one step of look-ahead on the `model` of the table."""

from __future__ import annotations

import math
from typing import Any

from ...lifeboats.data import MOVES_TO_LAND, SAILOR
from ..common import Action, View, best, rng_for
from .model import Table, after_eject, after_leak, after_move, read

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
        rank = next((f["rank"] for f in behind if f["id"] == figure), SAILOR)
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
