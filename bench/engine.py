"""Engine speed: median µs per `apply` and per `view`, and random full games per second.

    .venv/bin/python bench/engine.py [--games 200]

Targets (issue 2): apply ≤ 50 µs, view ≤ 100 µs, a 6-player game ≤ 50 ms. Random games choose
uniformly among the legal actions of a random waited-for seat, with a fixed seed per game.
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


def play(slug: str, players: int, seed: int, apply_ns: list[int], view_ns: list[int]) -> int:
    game = engine.get_game(slug)
    chooser = random.Random(seed)
    state = game.new_game(players, seed)
    steps = 0
    while not game.is_over(state):
        seat = chooser.choice(game.to_act(state))
        action = chooser.choice(game.legal_actions(state, seat))
        t0 = time.perf_counter_ns()
        game.apply(state, seat, action)
        t1 = time.perf_counter_ns()
        game.view(state, seat)
        t2 = time.perf_counter_ns()
        apply_ns.append(t1 - t0)
        view_ns.append(t2 - t1)
        steps += 1
    return steps


def full_game_ms(slug: str, players: int, seeds: range) -> float:
    """Median wall time of a whole random game, choosing moves included, no views."""
    game = engine.get_game(slug)
    times = []
    for seed in seeds:
        chooser = random.Random(seed)
        t0 = time.perf_counter()
        state = game.new_game(players, seed)
        while not game.is_over(state):
            seat = chooser.choice(game.to_act(state))
            game.apply(state, seat, chooser.choice(game.legal_actions(state, seat)))
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    header = ("game", "players", "apply µs", "view µs", "game ms", "games/s", "steps")
    print(f"{header[0]:<10} " + " ".join(f"{h:>8}" for h in header[1:]))
    for slug, game in sorted(engine.GAMES.items()):
        for players in range(game.min_players, game.max_players + 1):
            apply_ns: list[int] = []
            view_ns: list[int] = []
            steps = [play(slug, players, seed, apply_ns, view_ns) for seed in range(args.games)]
            ms = full_game_ms(slug, players, range(args.games))
            print(
                f"{slug:<10} {players:>8} {statistics.median(apply_ns) / 1000:>8.1f} "
                f"{statistics.median(view_ns) / 1000:>8.1f} {ms:>8.2f} {1000 / ms:>8.0f} "
                f"{statistics.median(steps):>8.0f}"
            )


if __name__ == "__main__":
    main()
