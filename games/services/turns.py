"""Whose turn it is and who decides it: deadlines, a seat's assistant, answers given ahead.

Used by the write path (`moves`) while it holds the game's row lock; nothing here writes rows.

- **Deadlines**: a seat newly waited for gets the pace's time per decision, or the pace's shorter
  time for a decision of a *minor* kind (`Game.MINOR_DELTAS`; the engine's `decision_kinds` says
  which kinds are minor); a time-bank seat its bank (`next_due_at`, `spend_bank`).
- **The assistant** (`assisted`): a seat whose player handed the kind of decision it is asked now
  to their assistant (`Seat.assistant`, at a table that allows assistants) is *assisted*: no
  prompt mail is sent for it, and a task plays the game's bot for it right after the commit, from
  the seat's view and legal actions alone (`moves.assistant_play`). Its deadline is short
  (`ASSISTANT_GRACE`): should the task be lost, the deadline sweep plays the assistant's choice.
- **The idle ladder** (`climb_idle_ladder`): a seat's deadline played for it `Game.idle_limit`
  times in a row (the site's `GAMES_IDLE_TIMEOUTS` by default) marks it absent, and its player
  is told so by mail (the write notes it: `GameWrite.absent`); from then on its decisions are
  played at once (its assistant's where the table allows them, else the mildest default) until
  its player acts again, or says they are back (`seat_back`), or the seat changes hands.
- **Answers given ahead** (`Seat.plans`, `settle`): while a seat waits for others its player may
  queue its next decision of some kinds (the engine's `ahead_kinds`); when a decision of that kind
  comes, the plan is played at once, in the same write, if the engine resolves it to a legal
  action, and is spent either way. Events the seat sees may void a plan before (`void_plans`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings

import engine

from ..models import Action, Game, Seat

#: A bound on the actions played in a row for resigned seats and answers given ahead.
MAX_AUTO_PLAYS = 10_000
#: The deadline of an assisted seat: its task plays it at once; the sweep backs a lost task up.
ASSISTANT_GRACE = timedelta(minutes=2)


@dataclass(frozen=True)
class Play:
    """One action a write plays: whose seat, what, the engine's events, and who chose it (an
    `Action.Source`: the player, their assistant, an answer given ahead, a deadline, ...)."""

    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    source: str


# -- deadlines --------------------------------------------------------------------------------
def is_minor(rules: engine.Game, state: Any, index: int) -> bool:
    """Whether the decision the waited seat `index` is asked now is of a minor kind."""
    return rules.decision_kinds.get(rules.decision_kind(state, index), False)


def next_due_at(game: Game, seat: Seat, now: datetime, *, minor: bool) -> datetime:
    """The deadline of a seat that becomes waited for: now + the pace's time per decision (its
    shorter time for a minor kind), or in a time-bank game now + the seat's bank, which first keeps
    what the seat's last decision left (if it is waited for again right after acting), then gains
    the increment up to the cap."""
    if game.pace != Game.Pace.BANK:
        return now + game.delta_for(minor=minor)
    spend_bank(game, seat, now)
    bank = Game.BANK_START if seat.time_bank is None else seat.time_bank
    seat.time_bank = min(bank + Game.BANK_INCREMENT, Game.BANK_CAP)
    return now + seat.time_bank


def spend_bank(game: Game, seat: Seat, now: datetime) -> None:
    """A time-bank seat's decision ends (it acted, or is no longer waited for): its bank keeps the
    time left before its deadline, none after a timeout."""
    if game.pace == Game.Pace.BANK and seat.waiting and seat.due_at is not None:
        seat.time_bank = max(seat.due_at - now, timedelta(0))


# -- the idle ladder -----------------------------------------------------------------------------
#: Sources of actions a person took: any of them resets the seat's timeouts and absence.
HUMAN_SOURCES = frozenset({Action.Source.WEB, Action.Source.API, Action.Source.EMAIL})


def idle_limit(game: Game) -> int:
    """Timeouts in a row after which a seat is marked absent."""
    return game.idle_limit or int(getattr(settings, "GAMES_IDLE_TIMEOUTS", 3))


def climb_idle_ladder(
    game: Game, seats: list[Seat], plays: list[Play], first_seq: int, now: datetime
) -> list:
    """Count the write's plays on their seats' ladders: a deadline's play (a timeout) climbs one
    step, a person's action resets it; the seats `idle_limit` steps marked absent are returned as
    [[seat index, seq of the timeout that did it], ...] (each is mailed once). Changed seats are
    flagged for the write to store (`ladder_changed`)."""
    by_index = {seat.index: seat for seat in seats if seat.index is not None}
    marked = []
    for seq, play in enumerate(plays, start=first_seq):
        index, source = play.seat, play.source
        seat = by_index.get(index)
        if seat is None or seat.is_bot:
            continue
        if source == Action.Source.TIMEOUT:
            seat.timeouts += 1
            if seat.timeouts >= idle_limit(game) and not seat.absent:
                seat.absent, seat.absent_since = True, now
                marked.append([index, seq])
        elif source in HUMAN_SOURCES and (seat.timeouts or seat.absent):
            seat.timeouts, seat.absent, seat.absent_since = 0, False, None
        else:
            continue
        seat._ladder_changed = True  # type: ignore[attr-defined]
    return marked


def ladder_changed(seat: Seat) -> bool:
    """Whether this write changed the seat's ladder (timeouts, absence)."""
    return bool(getattr(seat, "_ladder_changed", False))


def restart_ladder(seat: Seat) -> None:
    """A seat that changes hands, or whose player says they are back, starts the ladder afresh."""
    seat.timeouts, seat.absent, seat.absent_since = 0, False, None


# -- the assistant ------------------------------------------------------------------------------
def assisted(game: Game, seat: Seat, kind: str) -> bool:
    """Whether games plays the seat's decision of `kind` at once: its assistant's (a person's
    seat, still playing, at a table that allows assistants, whose player handed it that kind),
    or an absent player's (`climb_idle_ladder`)."""
    if seat.is_bot or seat.resigned:
        return False
    return seat.absent or (game.assistants and kind in seat.assistant)


def decides_for(game: Game, seat: Seat, kind: str, *, away: bool = False) -> bool:
    """Whether the seat's assistant (not the mildest default) makes a decision games plays for it:
    the table allows assistants and its player handed it that kind, or is absent or `away`."""
    return game.assistants and (kind in seat.assistant or seat.absent or away)


def starting_kinds(game: Game, rules: engine.Game, defaults: list[str]) -> list[str]:
    """The kinds a seat hands its assistant when the game starts: its player's defaults for the
    game, and in a quick game every minor kind too; none at a table without assistants."""
    if not game.assistants:
        return []
    kinds = {kind for kind in defaults if kind in rules.decision_kinds}
    if game.quick:
        kinds |= {kind for kind, minor in rules.decision_kinds.items() if minor}
    return [kind for kind in rules.decision_kinds if kind in kinds]


def assistant_action(game: Game, rules: engine.Game, state: Any, index: int) -> dict[str, Any]:
    """What the seat's assistant (the game's bot) decides, from the seat's view and legal actions
    alone; the same choice for the same game version and seat."""
    legal = rules.legal_actions(state, index)
    view = rules.view(state, index)
    return engine.get_bot(game.slug).choose(view, legal, (game.seed + game.version * 7 + index) % 2**62)


# -- answers given ahead ------------------------------------------------------------------------
def visible(events: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
    """The events seat `index` may see."""
    return [e for e in events if e.get("visible_to") == "all" or index in (e.get("visible_to") or [])]


def set_plans(seat: Seat, plans: dict[str, Any]) -> None:
    """The seat's answers given ahead are now `plans` (the write stores them: `plans_changed`)."""
    seat.plans = plans
    seat._plans_changed = True  # type: ignore[attr-defined]


def plans_changed(seat: Seat) -> bool:
    """Whether this write changed the seat's answers given ahead (spent or voided)."""
    return bool(getattr(seat, "_plans_changed", False))


def void_plans(rules: engine.Game, seats: list[Seat], events: list[dict[str, Any]]) -> None:
    """Drop the plans these events void (each seat judged by the events it may see)."""
    for seat in seats:
        if not seat.plans or seat.index is None:
            continue
        seen = visible(events, seat.index)
        kept = {
            kind: plan for kind, plan in seat.plans.items() if not rules.ahead_voided(plan, seat.index, seen)
        }
        if kept != seat.plans:
            set_plans(seat, kept)


def settle(rules: engine.Game, state: Any, seats: list[Seat], plays: list[Play]) -> list[Play]:
    """After `plays` were applied to `state`: play on what needs nobody, until a seat with a real
    choice is waited for: the default action of a resigned seat, and a seat's answer given ahead
    for the decision it is asked now (spent whether it plays or not: a plan that no longer fits is
    dropped and the seat is asked as usual). Returns the further plays (applied to `state`)."""
    for play in plays:
        void_plans(rules, seats, play.events)
    by_index = {seat.index: seat for seat in seats if seat.index is not None}
    more: list[Play] = []
    while not rules.is_over(state) and len(more) < MAX_AUTO_PLAYS:
        play = _next_settled(rules, state, by_index)
        if play is None:
            break
        more.append(play)
        void_plans(rules, seats, play.events)
    return more


def _next_settled(rules: engine.Game, state: Any, by_index: dict[int, Seat]) -> Play | None:
    for index in rules.to_act(state):
        seat = by_index.get(index)
        if seat is None or seat.is_bot:
            continue
        if seat.resigned:
            action, source = rules.default_action(state, index), Action.Source.RESIGNED
        else:
            kind = rules.decision_kind(state, index)
            plan = seat.plans.get(kind)
            if plan is None:
                continue
            set_plans(seat, {k: p for k, p in seat.plans.items() if k != kind})  # spent either way
            legal = rules.legal_actions(state, index)
            resolved = rules.resolve_ahead(plan, rules.view(state, index), legal)
            if resolved is None:
                continue
            action, source = resolved, Action.Source.AHEAD
        return Play(index, action, rules.apply(state, index, copy.deepcopy(action)), source)
    return None
