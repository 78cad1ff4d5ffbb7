"""Cost of rendering the table's `#table` fragment (a cache miss), for a player and a spectator.

    .venv/bin/python bench/render.py [N]

Runs the test settings against a temporary SQLite database (migrated here). For each game, four
players play the same seeded random moves through the services to a point well under way; then
the fragment is rendered N times as the view renders it on a cache miss: the seat's table from
`selectors.table_of` (the engine's view, legal actions and log; the rows are read once, untimed),
its presenters (`present_table`) and the template (`games/table.html#table`), for a seat the game
waits for (board, private corner, prompt and log) and for a signed-in spectator. The parts are
timed apart too. Then the prompt mail of the seat the game waits for is rendered N times as the
mail worker renders it (`notifications.rendering.render_parts`: subject, text and HTML), with its
parts apart (the row's context, the presenters, each template, the CSS inlined, the text wrapped). Prints
medians of CPU time (a shared machine preempts longer work more often); the budget is 5 ms per
seat per version. Figures only: nothing here asserts timings.
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
from games.models import Game  # noqa: E402
from games.present import present_table  # noqa: E402
from notifications import rendering  # noqa: E402
from notifications.models import Kind, Notification  # noqa: E402
from notifications.presenting import present_mail  # noqa: E402
from notifications.writes import record_writes  # noqa: E402
from tests.factories import UserFactory  # noqa: E402

PLAYERS = 4
#: Moves played before measuring, per game: a few days (rounds) into the game, a full log window.
MOVES = {"lifeboat": 40, "lifeboats": 40}
SEED = 7
#: The parts `#table` includes for a started game, rendered alone for the breakdown.
PARTS = (
    "games/table.html#players",
    "games/table.html#prompt",
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


def medians_ms(n: int, works: dict[str, Callable[[], object]]) -> dict[str, float]:
    """Median ms of each work over n rounds, one after the other in each round, so a busy machine
    slows all of them alike."""
    samples: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(n):
        for name, work in works.items():
            start = time.process_time()
            work()
            samples[name].append(time.process_time() - start)
    return {name: statistics.median(values) * 1000 for name, values in samples.items()}


def measure(n: int, game: Game, reader, who: str) -> None:
    request = RequestFactory().get(f"/games/{game.pk}/")
    request.user = reader
    head = selectors.table_head(game_id=game.pk, user=reader)
    table = selectors.table_of(head)
    presented = present_table(table)
    context = {"csrf_token": "token", "invite_token": "", "table": table, "shown": presented}

    def whole() -> str:
        read = selectors.table_of(head)
        shown = present_table(read)
        return render_to_string("games/table.html#table", {**context, "table": read, "shown": shown}, request)

    def render(template: str) -> Callable[[], str]:
        return lambda: render_to_string(template, context, request)

    board = {"board": presented.board, **context}
    works: dict[str, Callable[[], object]] = {
        "#table": whole,
        "selectors.table_of()": lambda: selectors.table_of(head),
        "present_table()": lambda: present_table(table),
        "board partial": lambda: render_to_string(presented.board_template, board, request),
        **{part.partition("#")[2] + " partial": render(part) for part in PARTS},
    }
    medians_ms(20, works)  # warm-up: templates, translations
    lines = sum(len(s.lines) for s in presented.log)
    figures = medians_ms(n, works)
    print(f"  {who:10} #table {figures.pop('#table'):6.2f} ms   ({lines} log sentences)")
    for name, ms in figures.items():
        print(f"    {name:24} {ms:6.2f} ms")


def measure_mail(n: int, game: Game) -> None:
    """The prompt mail of the seat the game waits for, rendered as the mail worker renders it."""
    record_writes(game_ids=[game.pk])  # what the task after the last move would have written
    row = (
        Notification.objects.filter(game=game, kind=Kind.PROMPT).select_related("user__profile").latest("pk")
    )
    ctx = rendering.build_context(row)
    ctx.update(present_mail(ctx, ctx.get("actions")))
    html = render_to_string("notifications/email/prompt_message.html", ctx)
    text = render_to_string("notifications/email/prompt_message.txt", ctx)
    works: dict[str, Callable[[], object]] = {
        "mail": lambda: rendering.render_parts(row),
        "build_context()": lambda: rendering.build_context(row),
        "present_mail()": lambda: present_mail(ctx, ctx.get("actions")),
        "text template": lambda: render_to_string("notifications/email/prompt_message.txt", ctx),
        "HTML template": lambda: render_to_string("notifications/email/prompt_message.html", ctx),
        "inline_css()": lambda: rendering.inline_css(html),
        "wrap_text()": lambda: rendering.wrap_text(text),
    }
    medians_ms(10, works)  # warm-up
    figures = medians_ms(n, works)
    print(f"  prompt mail (seat {row.seat_index}) {figures.pop('mail'):6.2f} ms   (subject, text and HTML)")
    for name, ms in figures.items():
        print(f"    {name:24} {ms:6.2f} ms")


def main(n: int) -> None:
    throwaway_site.migrate()
    spectator = UserFactory()
    print(f"#table fragment render, {PLAYERS} players, median of {n} renders (English, test settings, CPU)")
    for slug in MOVES:
        game, users = game_under_way(slug)
        waited = game.engine.to_act(game.engine.from_json(game.snapshot))[0]
        print(f"{slug} after {MOVES[slug]} moves")
        measure(n, game, users[waited], f"seat {waited}")
        measure(n, game, spectator, "spectator")
        measure_mail(n, game)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
