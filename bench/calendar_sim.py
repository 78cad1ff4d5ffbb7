"""The simulation behind `bench/calendar.py` (run that; its docstring describes the model)."""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.bots.lifeboat.model import Model as LifeboatModel

MEDIAN_HOURS = 3.0
SIGMA = 1.0
DEADLINE = 24.0
MINOR_DEADLINE = 6.0
MAX_STEPS = 20_000
#: choices a person gives for a plan, in order of preference (the first then legal is played)
PREFERENCES = 3
#: ... except where more choices cost more than they give: a Lifeboat action plan is voided by a
#: fight or a swap of any character it names, so the person names one action
FEWER_PREFERENCES: dict[tuple[str, str], int] = {("lifeboat", "act"): 1}

EVERYONE, EVERYONE_MINOR_6H, QUICK = "everyone", "everyone, minor 6 h", "quick"
AHEAD, AHEAD_AT_VISITS = "quick + ahead", "quick + ahead, visits"
MODES = (EVERYONE, EVERYONE_MINOR_6H, QUICK, AHEAD, AHEAD_AT_VISITS)
QUICK_MODES = (QUICK, AHEAD, AHEAD_AT_VISITS)
AHEAD_MODES = (AHEAD, AHEAD_AT_VISITS)

#: issue 33's figures of `everyone` (prompts, median days) and its targets (median days)
BASELINE = {
    ("lifeboat", 4): (95, 18),
    ("lifeboat", 5): (150, 26),
    ("lifeboat", 6): (186, 30),
    ("lifeboats", 3): (141, 23),
    ("lifeboats", 4): (222, 34),
    ("lifeboats", 5): (290, 40),
    ("lifeboats", 6): (409, 51),
}
TARGETS: dict[tuple[str, str], str] = {
    ("lifeboat", QUICK): "≤ 15 d",
    ("lifeboat", AHEAD): "≤ 7 d, prompts ≤ half of everyone's",
    ("lifeboat", AHEAD_AT_VISITS): "≤ 7 d, prompts ≤ half of everyone's",
}
LIFEBOATS_AHEAD_TARGET = {3: "≤ 12 d", 6: "≤ 24 d"}


def order_draft(view: dict[str, Any], items: list[str]) -> list[str]:
    """Lifeboat's draft ahead, as the bot would order it: the kinds by its value of one more card."""
    model = LifeboatModel(view)
    return sorted(items, key=lambda kind: -model.card_value(kind))


#: (game, kind) -> how the bot orders an `order` plan
ORDERS: dict[tuple[str, str], Callable[[dict[str, Any], list[str]], list[str]]] = {
    ("lifeboat", "draft"): order_draft,
}


@dataclass
class Asked:
    """A prompt waiting for its person: its kind, when it came, its deadline."""

    kind: str
    since: float
    deadline: float


@dataclass
class Outcome:
    days: float
    prompts: int
    #: hours of waiting by decision kind
    waits: dict[str, float] = field(default_factory=dict)
    prompts_by_kind: Counter[str] = field(default_factory=Counter)
    plans: Counter[str] = field(default_factory=Counter)


class Table:
    """One simulated game: the engine's state, the clock, each person's visits, prompts and plans."""

    def __init__(self, slug: str, n: int, seed: int, mode: str) -> None:
        self.slug = slug
        self.game = engine.get_game(slug)
        self.bot = engine.get_bot(slug)
        self.mode = mode
        self.state = self.game.new_game(n, seed)
        self.n = n
        self.delays = random.Random(f"{seed}:{mode}")
        self.seed = seed
        self.now = 0.0
        self.decisions = 0
        self.visits: list[list[float]] = [[] for _ in range(n)]
        self.asked: dict[int, Asked] = {}
        self.plans: list[dict[str, dict[str, Any]]] = [{} for _ in range(n)]
        #: quick + ahead: (seat, kind) -> when its person queues the plan now possible
        self.queue_at: dict[tuple[int, str], float] = {}
        self.out = Outcome(days=0.0, prompts=0)

    # -- time --------------------------------------------------------------------------------
    def delay(self) -> float:
        return self.delays.lognormvariate(math.log(MEDIAN_HOURS), SIGMA)

    def deadline_for(self, kind: str) -> float:
        minor = self.game.decision_kinds[kind]
        return MINOR_DEADLINE if self.mode == EVERYONE_MINOR_6H and minor else DEADLINE

    def advance_to(self, t: float) -> None:
        """Move the clock, counting the time against the kinds of the prompts waiting."""
        kinds = {a.kind for a in self.asked.values()}
        for kind in kinds:
            self.out.waits[kind] = self.out.waits.get(kind, 0.0) + (t - self.now) / len(kinds)
        self.now = t

    # -- playing ------------------------------------------------------------------------------
    def decide(self, seat: int) -> None:
        """The seat's bot decides its question now (any-time actions it takes first cost nothing)."""
        for attempt in range(20):
            legal = self.game.legal_actions(self.state, seat)
            if attempt == 19:
                legal = [a for a in legal if not self.game.is_any_time(a)]
            self.decisions += 1
            view = self.game.view(self.state, seat)
            action = self.bot.choose(view, legal, self.seed * 100_003 + self.decisions)
            self.play(seat, action)
            if not self.game.is_any_time(action):
                return

    def play(self, seat: int, action: dict[str, Any]) -> None:
        events = self.game.apply(self.state, seat, action)
        if not self.game.is_any_time(action):
            self.asked.pop(seat, None)
        for other, plans in enumerate(self.plans):
            for kind in [k for k, plan in plans.items() if self.game.ahead_voided(plan, other, events)]:
                del plans[kind]
                self.out.plans["voided"] += 1

    def settle(self) -> None:
        """Every seat the game waits for now: its assistant or its plan plays at once, or it is
        prompted (a visit drawn); then, with answer ahead, a visit for each person with a plan to
        queue and no visit due."""
        game, state = self.game, self.state
        moved = True
        while moved and not game.is_over(state):
            moved = False
            waiting = game.to_act(state)
            for seat in list(self.asked):
                if seat not in waiting or game.decision_kind(state, seat) != self.asked[seat].kind:
                    del self.asked[seat]
            for seat in waiting:
                if seat in self.asked:
                    continue
                kind = game.decision_kind(state, seat)
                if self.mode in QUICK_MODES and game.decision_kinds[kind]:
                    self.decide(seat)
                    moved = True
                    break
                plan = self.plans[seat].pop(kind, None)
                if plan is not None:
                    action = game.resolve_ahead(plan, game.view(state, seat), game.legal_actions(state, seat))
                    self.out.plans["played" if action is not None else "asked anyway"] += 1
                    if action is not None:
                        self.play(seat, action)
                        moved = True
                        break
                self.out.prompts += 1
                self.out.prompts_by_kind[kind] += 1
                self.asked[seat] = Asked(kind, self.now, self.now + self.deadline_for(kind))
                self.visits[seat].append(self.now + self.delay())
        if game.is_over(state) or self.mode not in AHEAD_MODES:
            return
        for seat in range(self.n):
            possible = self.to_queue(seat)
            if self.mode == AHEAD_AT_VISITS:
                if possible and not self.visits[seat]:
                    self.visits[seat].append(self.now + self.delay())
                continue
            for kind in possible:
                self.queue_at.setdefault((seat, kind), self.now + self.delay())
            for key in [k for k in self.queue_at if k[0] == seat and k[1] not in possible]:
                del self.queue_at[key]

    def to_queue(self, seat: int) -> dict[str, dict[str, list[Any]]]:
        """What the seat may queue now and has not."""
        options = self.game.ahead_options(self.game.view(self.state, seat))
        return {kind: offered for kind, offered in options.items() if kind not in self.plans[seat]}

    def visit(self, seat: int) -> None:
        """The person answers their prompt, if one waits; at visits, then queues what they may."""
        if seat in self.asked:
            self.decide(seat)
            self.settle()
        if self.mode == AHEAD_AT_VISITS and not self.game.is_over(self.state):
            for kind in self.to_queue(seat):
                self.queue(seat, kind)

    def queue(self, seat: int, kind: str) -> None:
        """The person queues their plan for `kind`: the bot's choices from the seat's view now."""
        view = self.game.view(self.state, seat)
        offered = self.game.ahead_options(view)[kind]
        if "pick" in offered:
            count = FEWER_PREFERENCES.get((self.slug, kind), PREFERENCES)
            plan = {"kind": kind, "actions": self.ranked(view, offered["pick"], count)}
        else:
            plan = {"kind": kind, "order": ORDERS[self.slug, kind](view, offered["order"])}
        assert self.game.ahead_problem(view, plan) is None, plan
        self.plans[seat][kind] = plan

    def ranked(self, view: dict[str, Any], choices: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
        """The bot's first `count` choices in order: its choice, then its choice of the rest."""
        left = list(choices)
        out: list[dict[str, Any]] = []
        while left and len(out) < count:
            self.decisions += 1
            out.append(self.bot.choose(view, left, self.seed * 100_003 + self.decisions))
            left.remove(out[-1])
        return out

    # -- the clock -------------------------------------------------------------------------------
    def run(self) -> Outcome:
        self.settle()
        for _ in range(MAX_STEPS):
            if self.game.is_over(self.state):
                self.out.days = self.now / 24
                return self.out
            visits = [(min(v), s) for s, v in enumerate(self.visits) if v]
            visit, visitor = min(visits, default=(math.inf, -1))
            due, late = min(((a.deadline, s) for s, a in self.asked.items()), default=(math.inf, -1))
            plan_at, (planner, kind) = min(
                ((t, key) for key, t in self.queue_at.items()), default=(math.inf, (-1, ""))
            )
            if plan_at < min(visit, due):
                self.advance_to(plan_at)
                del self.queue_at[planner, kind]
                self.queue(planner, kind)
            elif visit <= due:
                self.advance_to(visit)
                self.visits[visitor].remove(visit)
                self.visit(visitor)
            else:
                self.advance_to(due)
                self.decide(late)
            self.settle()
        raise RuntimeError(f"{self.slug} game {self.seed} did not end in {MAX_STEPS} events")


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Days per game and prompts people answer (issue 33): bench/calendar.py"
    )
    parser.add_argument("--games", type=int, default=200, help="games per game, player count and mode")
    parser.add_argument("--game", choices=sorted(engine.BOTS), help="one game only")
    parser.add_argument("--players", type=int, help="one player count only")
    parser.add_argument("--mode", choices=MODES, action="append", help="only these modes")
    args = parser.parse_args()
    modes = args.mode or list(MODES)
    print(
        f"{'game':<10} {'n':>2} {'mode':<22} {'N':>4} {'days med':>8} {'p90':>6} "
        f"{'prompts med':>11} {'p90':>5}  issue: everyone / target"
    )
    shares: dict[tuple[str, int, str], list[tuple[str, float]]] = {}
    plans: dict[tuple[str, int, str], Counter[str]] = {}
    for slug in sorted(engine.BOTS):
        if args.game and slug != args.game:
            continue
        game = engine.get_game(slug)
        for n in range(game.min_players, game.max_players + 1):
            if args.players and n != args.players:
                continue
            medians: dict[str, float] = {}
            for mode in modes:
                outcomes = [Table(slug, n, seed, mode).run() for seed in range(args.games)]
                days = [o.days for o in outcomes]
                prompts = [float(o.prompts) for o in outcomes]
                medians[mode] = statistics.median(prompts)
                note = ""
                if mode == EVERYONE:
                    issue_prompts, issue_days = BASELINE[slug, n]
                    note = f"issue: {issue_prompts} prompts, {issue_days} d"
                elif (slug, mode) in TARGETS:
                    note = f"target: {TARGETS[slug, mode]}"
                    if mode in AHEAD_MODES and EVERYONE in medians:
                        note += f" (here {medians[mode] / medians[EVERYONE]:.0%})"
                elif slug == "lifeboats" and mode in AHEAD_MODES and n in LIFEBOATS_AHEAD_TARGET:
                    note = f"target: {LIFEBOATS_AHEAD_TARGET[n]}"
                print(
                    f"{slug:<10} {n:>2} {mode:<22} {len(outcomes):>4} {statistics.median(days):>8.1f} "
                    f"{quantile(days, 0.9):>6.1f} {statistics.median(prompts):>11.0f} "
                    f"{quantile(prompts, 0.9):>5.0f}  {note}",
                    flush=True,
                )
                waits: dict[str, float] = {}
                for o in outcomes:
                    for kind, hours in o.waits.items():
                        waits[kind] = waits.get(kind, 0.0) + hours
                total = sum(waits.values()) or 1.0
                ranked = sorted(waits.items(), key=lambda item: -item[1])
                shares[slug, n, mode] = [(kind, hours / total) for kind, hours in ranked]
                if mode in AHEAD_MODES:
                    plans[slug, n, mode] = Counter()
                    for o in outcomes:
                        plans[slug, n, mode].update(o.plans)
    print("\nShare of the game's time waiting for each kind of decision (split when several wait):")
    for (slug, n, mode), kinds in shares.items():
        line = ", ".join(f"{kind} {share:.0%}" for kind, share in kinds if share >= 0.01)
        print(f"{slug:<10} {n:>2} {mode:<22} {line}")
    if plans:
        print("\nAnswer ahead, plans per game (mean): played / asked anyway / voided")
        for (slug, n, mode), counts in plans.items():
            g = args.games
            print(
                f"{slug:<10} {n:>2} {mode:<22} {counts['played'] / g:>6.1f} "
                f"{counts['asked anyway'] / g:>6.1f} {counts['voided'] / g:>6.1f}"
            )
