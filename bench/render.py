"""Cost of rendering the table's `#table` fragment (a cache miss), for a player and a spectator.

    .venv/bin/python bench/render.py [N]

Runs the test settings against a temporary SQLite database (migrated here). For each game, four
players play the same seeded random moves through the services to a point well under way; then
the fragment is rendered N times as the view renders it on a cache miss
(`render_to_string("games/table.html#table", ...)`), for a seat the game waits for (board,
private corner, prompt and log) and for a signed-in spectator. Each round gets a table fresh from
`selectors.table` and times the fragment, each part it includes rendered alone and the Python
presenters they call, one after the other; only the renders are timed. Prints medians. Figures
only: nothing here asserts timings.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

import throwaway_site

throwaway_site.start()

from django.template.loader import render_to_string  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from games import selectors, services  # noqa: E402
from games.board.log import sections  # noqa: E402
from games.board.present import player_names, present_table  # noqa: E402
from games.models import Game  # noqa: E402
from tests.factories import UserFactory  # noqa: E402

PLAYERS = 4
#: Moves played before measuring, per game: a few days (rounds) into the game, a full log window.
MOVES = {"lifeboat": 40, "lifeboats": 40}
SEED = 7
#: The parts `#table` includes for a started game, rendered alone for the breakdown.
PARTS = (
    "games/table.html#players",
    "games/table.html#board",
    "games/table.html#log",
    "games/table.html#live",
)


def game_under_way(slug: str) -> tuple[Game, list]:
    """A public game with a fixed deal and seat order, after MOVES[slug] seeded random moves."""
    users = [UserFactory() for _ in range(PLAYERS)]
    game = services.game_create_started(users=users, slug=slug, seed=SEED, created_by=users[0])
    rules = game.engine
    chooser = random.Random(SEED)
    for _ in range(MOVES[slug]):
        game.refresh_from_db()
        state = rules.from_json(game.snapshot)
        seat = chooser.choice(rules.to_act(state))
        action = chooser.choice(rules.legal_actions(state, seat))
        services.action_submit(
            game_id=game.pk, user=users[seat], action=action, expected_version=game.version
        )
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING, "the benchmark game ended early: lower MOVES"
    return game, users


def medians_ms(n: int, works: dict[str, Callable[[selectors.Table], object]], fresh) -> dict[str, float]:
    """Median ms of each work over n rounds; each round gets one table from `fresh()` (untimed) and
    runs every work once, so a busy machine slows all of them alike."""
    samples: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(n):
        table = fresh()
        for name, work in works.items():
            start = time.perf_counter()
            work(table)
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) * 1000 for name, values in samples.items()}


def measure(n: int, game: Game, reader, who: str) -> None:
    request = RequestFactory().get(f"/games/{game.pk}/")
    request.user = reader
    context = {"csrf_token": "token", "invite_token": ""}

    def fresh() -> selectors.Table:
        return selectors.table(game_id=game.pk, user=reader)

    def render(template: str) -> Callable[[selectors.Table], str]:
        return lambda t: render_to_string(template, {**context, "t": t}, request)

    def log(t: selectors.Table) -> list:
        return sections(t.game.slug, t.log, t.view, player_names(t))

    works = {
        "#table": render("games/table.html#table"),
        **{part.partition("#")[2]: render(part) for part in PARTS},
        "present_table()": present_table,
        "log sections()": log,
    }
    medians_ms(20, works, fresh)  # warm-up: templates, translations, remembered names
    lines = sum(len(s.lines) for s in log(fresh()))
    figures = medians_ms(n, works, fresh)
    print(f"  {who:10} #table {figures.pop('#table'):6.2f} ms   ({lines} log sentences)")
    for name, ms in figures.items():
        print(f"    {name:24} {ms:6.2f} ms")


def main(n: int) -> None:
    throwaway_site.migrate()
    spectator = UserFactory()
    print(f"#table fragment render, {PLAYERS} players, median of {n} renders (English, test settings)")
    for slug in MOVES:
        game, users = game_under_way(slug)
        waited = game.engine.to_act(game.engine.from_json(game.snapshot))[0]
        print(f"{slug} after {MOVES[slug]} moves")
        measure(n, game, users[waited], f"seat {waited}")
        measure(n, game, spectator, "spectator")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
