"""Days per game: how long a slow game lasts when people answer its prompts (issue 33).

    .venv/bin/python bench/calendar.py [--games 200] [--game lifeboat] [--players 4]

For each game and player count it prints, over N games, the median and 90th percentile of the
days a game lasts and of the prompts people answer in it (the whole table), in these modes:

- `everyone`: every decision is a prompt to its seat's person (deadline 24 h);
- `everyone, minor 6 h`: the same with a 6-hour deadline for the minor kinds;
- `quick`: the quick game: every decision of a minor kind (`game.decision_kinds`) is made at once
  by the seat's assistant, the game's bot (`engine.get_bot`), from the seat's view and legal
  actions; the rest are prompts;
- `quick + ahead`: the quick game, and every seat answers ahead what it may
  (`game.ahead_kinds`: Lifeboat's draft and action, Lifeboats' figure placement and jumps);
- `quick + ahead, visits`: the same, with people who queue their plans whenever they come to the
  table anyway (below).

It also prints, per mode, the share of the game's time spent waiting for each kind of decision
(the kinds that set the pace) and, for answer ahead, how many plans were played, asked anyway
(no longer legal, or the draft's kinds not among the cards) or voided.

The model (a discrete-event simulation over the engine; the clock is in hours):

- Every decision is made by the game's bot, from the seat's view and legal actions, as the site's
  bots decide; only *when* it is made depends on the mode. An any-time action the bot takes
  while answering (a card played face up) is played at the same moment and costs no time.
- A person acts in *visits*. A prompt arriving at time t draws a delay X (log-normal, median 3 h,
  sigma 1: many within the hour, some past a day) and schedules a visit at t + X. The prompt is
  answered at the person's first visit at or after t, or at its deadline (t + 24 h; the bot
  decides then too). Seats waited for at once (a vote, a fight round, the thirst) each have
  their own visits: the window closes with the slowest. A prompt caused by the person's own
  answer (the rowed cards after rowing) is a new prompt with a delay of its own.
- Answer ahead: a seat's next decision of a kind it may answer ahead can be queued only once it
  is possible: `game.ahead_options` of the seat's view offers it (after the seat's previous
  decision of that kind was played, answered or voided, and not while it is being asked). In
  `quick + ahead` the person then queues it after a log-normal time of its own (drawn like a
  prompt's delay; a plan that stops being possible before is not queued, and is drawn anew when
  it is possible again); those times answer no prompt. In `quick + ahead, visits` the person
  queues every plan it may at each of its visits (right after answering a prompt, in the same
  visit), and when a plan is possible and no visit is due, comes back a log-normal time later
  for it (a visit that also answers a prompt waiting then). The plan is the bot's from the view
  at that moment: its first three choices in order, each the bot's choice among those left
  (Lifeboat's action: its one choice, since a fight or a swap of any character it names voids it;
  Lifeboat's draft: every provision kind, ordered by the bot's value of one more card of each).
  When the decision comes, `game.resolve_ahead` plays the plan at once, or returns None: the
  seat is then prompted as usual. Events the seat sees may void a plan first
  (`game.ahead_voided`). A plan costs the person no prompt.
- The clock jumps from event to event (a visit, a deadline, a plan queued); a game's days are
  its last event's hour / 24. Nights, quiet hours and vacations are not modelled.

Targets (issue 33, median days at every player count): Lifeboat ≤ 15 in a quick game, ≤ 7 with
answer ahead, and prompts answered by people at least halved (quick + ahead against everyone);
Lifeboats with answer ahead ≤ 12 days at 3 players and ≤ 24 at 6. The issue's own simulation of
`everyone` gave Lifeboat 4/5/6 players 95/150/186 prompts and 18/26/30 days (medians), Lifeboats
3/4/5/6 players 141/222/290/409 prompts and 23/34/40/51 days.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    # Off the import path with this folder (this file would shadow the standard library's
    # `calendar`), onto it with the repository: `engine` and `bench.calendar_sim` from there.
    sys.path[:] = [str(HERE.parent), *(p for p in sys.path if Path(p or ".").resolve() != HERE)]
    from bench.calendar_sim import main

    main()
else:
    # A script run from bench/ has this folder first on its path, so an `import calendar` there
    # (Django's dateformat has one) finds this file: it hands over the standard library's module.
    import importlib.util
    import sysconfig

    _spec = importlib.util.spec_from_file_location(
        __name__, Path(sysconfig.get_path("stdlib")) / "calendar.py"
    )
    if _spec is None or _spec.loader is None:
        raise ImportError("the standard library's calendar module is missing")
    _stdlib = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_stdlib)
    sys.modules[__name__] = _stdlib
