"""Play a game seat by seat in the terminal, to check the rules by hand.

    python -m engine lifeboat --players 4 --seed 7

Legal actions are listed as compact JSON (the site words them; the engine has no labels). At
each prompt: a number plays that legal action for the seat shown; `s N` switches to seat N
(any seat may take optional actions); `v` prints the seat's whole view; `d` plays the default
action of every seat waited for; `j {...}` plays a JSON action; `q` quits. This shell is the only
part of `engine` that does I/O.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from . import GAMES, IllegalAction, get_game
from .core.events import is_visible


def summary(view: dict[str, Any]) -> str:
    """The view without the bulkiest parts, one key a line."""
    return "\n".join(f"  {key}: {json.dumps(value)}" for key, value in view.items())


def run(game_slug: str, players: int, seed: int, stdin: TextIO, stdout: TextIO) -> int:
    game = get_game(game_slug)
    state = game.new_game(players, seed)
    seat: int | None = None

    def say(text: str = "") -> None:
        stdout.write(text + "\n")

    say(f"{game.name}, {players} players, seed {seed}.")
    while not game.is_over(state):
        waiting = game.to_act(state)
        if seat is None or not game.legal_actions(state, seat):
            seat = waiting[0]
        legal = game.legal_actions(state, seat)
        say(f"\nWaiting for seats {waiting}. Seat {seat} to choose:")
        for number, action in enumerate(legal):
            say(f"  {number}. {json.dumps(action, separators=(',', ':'))}")
        stdout.write("> ")
        stdout.flush()
        line = stdin.readline()
        if not line or line.strip() == "q":
            return 1
        command = line.strip()
        chosen: list[tuple[int, dict[str, Any]]] = []
        try:
            if command == "v":
                say(summary(game.view(state, seat)))
            elif command.startswith("s "):
                seat = int(command[2:])
            elif command == "d":
                chosen = [(s, game.default_action(state, s)) for s in waiting]
            elif command.startswith("j "):
                chosen = [(seat, json.loads(command[2:]))]
            else:
                chosen = [(seat, legal[int(command)])]
        except (ValueError, IndexError):
            say("Type an action's number, s N, v, d, j {...} or q.")
        for actor, action in chosen:
            try:
                for event in game.apply(state, actor, action):
                    if is_visible(event, actor):
                        say(f"  * {json.dumps({k: v for k, v in event.items() if k != 'visible_to'})}")
                seat = None  # after a move, back to the seats waited for (`s N` picks another)
            except IllegalAction as refusal:
                say(f"Refused: {refusal}")
    say(f"\nGame over. Scores: {game.scores(state)}; places: {game.ranking(state)}.")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    return run(args.game, args.players, args.seed, sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
