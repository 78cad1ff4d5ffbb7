"""Bot strength and speed: tournaments played through the engine contract only.

    .venv/bin/python bench/bots.py [--games 600] [--bot-games 200] [--game lifeboat] [--players 4]

For every game with a bot (`engine.BOTS`) and every player count it prints:

- one bot against random players (the rest of the table), the bot's seat rotating from game to
  game: its win rate with a 95% interval, its fair share 1/n, the target 2/n, its mean place;
- bots in every seat: each seat's win rate (a sanity check: each near 1/n);
- the median and 95th percentile milliseconds per bot decision (`choose` alone, over the decisions
  with at least two legal actions to choose from; with one, the bot returns it at once).

Targets (issue 19): against random players a bot wins at least twice its fair share at every
player count, and decides in at most 50 ms (median).

How the games are driven, as the site drives them: while the game is not over, one of the seats
in `game.to_act(state)` (chosen at random when several are waited for, as in a window everyone
answers at once) gets `game.view(state, seat)` and `game.legal_actions(state, seat)`, decides,
and its action is applied. Seats not waited for never act. The legal lists of a seat waited for
include its optional actions (playing a card face up, a gift, an answer to an offer), so a random
player takes those too, uniformly with the rest, but only when it is prompted.

A win is first place by `game.ranking` (ties share a place); when k seats share first place
each gets 1/k of the win, so the win credits of a game add up to 1 and the fair share is 1/n.
The 95% interval is Wilson's for a proportion, over the games (a shared win counts as its share).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine.bots import Bot, RandomBot

MAX_STEPS = 50_000


def play(slug: str, seats: list[Bot], seed: int, timed: set[int], times: list[float]) -> list[int]:
    """One game; the places by seat. Decisions of the seats in `timed` are timed into `times`."""
    game = engine.get_game(slug)
    state = game.new_game(len(seats), seed)
    order = random.Random(seed)
    for step in range(MAX_STEPS):
        if game.is_over(state):
            return game.ranking(state)
        waiting = game.to_act(state)
        seat = waiting[0] if len(waiting) == 1 else order.choice(waiting)
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        decision_seed = seed * 100_003 + step
        t0 = time.perf_counter()
        action = seats[seat].choose(view, legal, decision_seed)
        if seat in timed and len(legal) > 1:
            times.append(time.perf_counter() - t0)
        game.apply(state, seat, action)
    raise RuntimeError(f"{slug} game {seed} did not end in {MAX_STEPS} steps")


def win_credit(places: list[int], seat: int) -> float:
    return 1 / places.count(1) if places[seat] == 1 else 0.0


def interval(credits: list[float]) -> tuple[float, float, float]:
    """The mean win credit and its 95% Wilson interval (over the games, a credit each)."""
    n = len(credits)
    p = statistics.fmean(credits)
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return p, centre - half, centre + half


def against_random(slug: str, n: int, games: int, times: list[float]) -> tuple[list[float], list[int]]:
    bot = engine.get_bot(slug)
    baseline = RandomBot(slug)
    credits, places = [], []
    for g in range(games):
        me = g % n
        seats: list[Bot] = [bot if s == me else baseline for s in range(n)]
        result = play(slug, seats, g, {me}, times)
        credits.append(win_credit(result, me))
        places.append(result[me])
    return credits, places


def bots_only(slug: str, n: int, games: int, times: list[float]) -> list[float]:
    bot = engine.get_bot(slug)
    wins = [0.0] * n
    for g in range(games):
        result = play(slug, [bot] * n, 1_000_000 + g, set(range(n)), times)
        for s in range(n):
            wins[s] += win_credit(result, s)
    return [w / games for w in wins]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games of one bot against random players")
    parser.add_argument("--bot-games", type=int, default=200, help="games of bots only")
    parser.add_argument("--game", choices=sorted(engine.BOTS), help="one game only")
    parser.add_argument("--players", type=int, help="one player count only")
    args = parser.parse_args()
    print(
        f"{'game':<10} {'n':>2} {'games':>6} {'win %':>6} {'95% CI':>12} {'fair':>5} {'target':>6} "
        f"{'ok':>3} {'place':>5}   {'bots only: win % by seat':<30} {'ms med':>6} {'ms p95':>6}"
    )
    started = time.perf_counter()
    for slug in sorted(engine.BOTS):
        if args.game and slug != args.game:
            continue
        game = engine.get_game(slug)
        for n in range(game.min_players, game.max_players + 1):
            if args.players and n != args.players:
                continue
            times: list[float] = []
            credits, places = against_random(slug, n, args.games, times)
            seat_rates = bots_only(slug, n, args.bot_games, times) if args.bot_games else []
            mean, low, high = interval(credits)
            ok = "yes" if mean >= 2 / n else "NO"
            by_seat = " ".join(f"{100 * r:.0f}" for r in seat_rates)
            times.sort()
            p95 = times[int(0.95 * (len(times) - 1))]
            print(
                f"{slug:<10} {n:>2} {args.games:>6} {100 * mean:>6.1f} "
                f"{f'{100 * low:.1f}-{100 * high:.1f}':>12} {100 / n:>5.1f} "
                f"{200 / n:>6.1f} {ok:>3} {statistics.fmean(places):>5.2f}   {by_seat:<30} "
                f"{1000 * statistics.median(times):>6.2f} {1000 * p95:>6.2f}",
                flush=True,
            )
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
