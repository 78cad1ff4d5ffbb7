"""Deadline sweep: time and queries to auto-play overdue seats among many running games.

    .venv/bin/python bench/sweep.py [--games 10000] [--overdue 1000] [--broker]
    CELERY_BROKER_URL=redis://127.0.0.1:6379/0 DATABASE_URL=postgres://postgres@127.0.0.1:5432/lifeboat \
        .venv/bin/python bench/sweep.py --workers 2

Builds a throw-away test database (Django's test-database machinery: SQLite in memory, or
`test_<name>` on PostgreSQL when DATABASE_URL says so), bulk-creates running games whose snapshots
are real engine states (a few states played from new games, their JSON reused), marks some waiting
seats overdue, and runs `games.services.deadlines.sweep_deadlines()` once. Prints the time and the
query count, for several sizes, so one can see the queries grow with the overdue seats and not with
the games. Target: 10,000 games with 1,000 overdue seats swept in at most 2 s.

Figures:
- serial: `sweep_deadlines()` plays every overdue seat in this one process (the broker-less path);
  then "record" is the work of the after-commit tasks it queued (`record_writes`: the prompts,
  mails and idle ladder those plays cause), run here in the same batches of games, timed apart.
  Without --broker the after-commit enqueue of mails is counted, not published.
- dispatch: what the beat task itself does (`dispatch_overdue()`): one indexed query, then one
  `play_overdue_seats` task per game (counted, or published with --broker/--workers).
- --workers N (Redis and PostgreSQL): a real `celery worker --concurrency N` plays the fanned-out
  seats and sends the mails; prints the wall time until every overdue seat is played, and the
  move-to-mail latency (prompt row written -> sent) p50/p95 of the mails those plays caused.
Printed figures only: nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lifeboat_site.settings.local")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402

import engine  # noqa: E402
from accounts.models import Profile  # noqa: E402
from games import tasks as games_tasks  # noqa: E402
from games.models import Action, Game, GameWrite, Seat  # noqa: E402
from games.services import action_submit, deadlines  # noqa: E402
from notifications import outbox, writes  # noqa: E402
from notifications.models import Notification, Prompt, SeatStatus  # noqa: E402

SLUG, PLAYERS, USERS = "lifeboats", 4, 80


def real_states(count: int) -> list[tuple[dict, list[int]]]:
    """(snapshot JSON, to_act) of real mid-game states: new games advanced by random legal moves."""
    rules = engine.get_game(SLUG)
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        state = rules.new_game(PLAYERS, seed)
        for _ in range(rng.randrange(0, 12)):
            to_act = rules.to_act(state)
            if not to_act:
                break
            seat = rng.choice(to_act)
            rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
        if rules.to_act(state):
            states.append((rules.to_json(state), rules.to_act(state)))
    return states


def users() -> list:
    User = get_user_model()
    existing = list(User.objects.order_by("pk")[:USERS])
    if len(existing) == USERS:
        return existing
    made = User.objects.bulk_create(
        User(username=f"bench{i}", email=f"bench{i}@example.com") for i in range(USERS)
    )
    Profile.objects.bulk_create(Profile(user=u, display_name=f"Bench {i}") for i, u in enumerate(made))
    return made


def build(games: int, overdue: int, states: list[tuple[dict, list[int]]], people: list) -> None:
    """`games` running games; in `overdue` of them one waiting seat's deadline passed a minute ago."""
    for model in (Notification, Prompt, SeatStatus, GameWrite, Action, Seat, Game):
        model.objects.all().delete()
    now = timezone.now()
    rows = []
    for i in range(games):
        snapshot, _to_act = states[i % len(states)]
        rows.append(
            Game(slug=SLUG, num_players=PLAYERS, status=Game.Status.RUNNING, version=5, snapshot=snapshot)
        )
    made = Game.objects.bulk_create(rows, batch_size=1000)
    late = set(random.Random(1).sample(range(games), overdue))
    seats = []
    for i, game in enumerate(made):
        _snapshot, to_act = states[i % len(states)]
        for index in range(PLAYERS):
            waiting = index in to_act
            due = None
            if waiting:
                due = (
                    now - dt.timedelta(minutes=1)
                    if i in late and index == to_act[0]
                    else now + dt.timedelta(hours=12)
                )
            seats.append(
                Seat(
                    game=game,
                    user=people[(i + index * 7) % len(people)],
                    index=index,
                    waiting=waiting,
                    due_at=due,
                )
            )
    Seat.objects.bulk_create(seats, batch_size=2000)


def counted(fn, *, publish: bool):
    """Run fn() and return (result, seconds, queries, publishes counted when not publishing)."""
    published: list = []
    patches = []
    if not publish:
        patches = [
            mock.patch.object(outbox, "enqueue", side_effect=lambda ids, **kw: published.extend(ids)),
            mock.patch("games.tasks.play_overdue_seats.delay", side_effect=lambda *a: published.append(a)),
            mock.patch("notifications.tasks.record_game_writes.delay"),  # recorded apart, timed
        ]
    for p in patches:
        p.start()
    queries: list[int] = []

    def count(execute, sql, params, many, context):
        queries.append(1)
        return execute(sql, params, many, context)

    try:
        with connection.execute_wrapper(count):
            t0 = time.perf_counter()
            result = fn()
            elapsed = time.perf_counter() - t0
    finally:
        for p in patches:
            p.stop()
    return result, elapsed, len(queries), len(published)


def p50_p95(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    return values[len(values) // 2], values[min(len(values) - 1, int(len(values) * 0.95))]


def single_moves(count: int) -> None:
    """Move-to-mail one move at a time (a quiet site): commit -> the next seat's prompt sent."""
    rules = engine.get_game(SLUG)
    latencies = []
    seats = Seat.objects.filter(waiting=True, game__status=Game.Status.RUNNING).select_related("game", "user")
    seen: set[int] = set()
    for seat in seats.order_by("game_id")[: count * 4]:
        if len(latencies) >= count or seat.game_id in seen:
            continue
        seen.add(seat.game_id)
        game = Game.objects.get(pk=seat.game_id)
        state = rules.from_json(game.snapshot)
        if seat.index not in rules.to_act(state):
            continue
        action = rules.legal_actions(state, seat.index)[0]
        before = Notification.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        t0 = time.perf_counter()
        action_submit(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)
        mails = Notification.objects.filter(pk__gt=before, kind="prompt")
        if not mails.exists():
            continue  # this move prompted nobody
        while mails.exclude(status="sent").exists():
            if time.perf_counter() - t0 > 30:
                break
            time.sleep(0.005)
        latencies.append(time.perf_counter() - t0)
    if latencies:
        p50, p95 = p50_p95(latencies)
        print(
            f"move-to-mail, one move at a time ({len(latencies)} moves, submit -> next prompt mail sent):"
            f" p50 {p50:.3f} s, p95 {p95:.3f} s"
        )


def run_workers(concurrency: int, overdue: int) -> None:
    """Fan out through a real worker pool and time it until every overdue seat is played."""
    import subprocess
    import tempfile

    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    var = tempfile.mkdtemp(prefix="bench-sweep-")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "lifeboat_site.settings.local",  # mails as files under `var`
        "DATABASE_URL": url,
        "LIFEBOAT_VAR_DIR": var,
    }
    log = Path(var) / "worker.log"
    base = [sys.executable, "-m", "celery", "-A", "lifeboat_site", "worker", "--loglevel=warning"]
    base += ["--without-gossip", "--without-mingle"]
    commands = [  # as the Procfile runs them: a worker for everything, a mailer for the mail queue
        [*base, f"--concurrency={concurrency}", "-n", "bench@%h"],
        [*base, "--pool=solo", "--queues=mail", "-n", "benchmail@%h"],
    ]
    processes = []
    with log.open("w") as out:
        for command in commands:
            processes.append(
                subprocess.Popen(
                    command, cwd=Path(__file__).resolve().parent.parent, env=env, stdout=out, stderr=out
                )
            )
    try:
        from lifeboat_site.celery import app

        deadline = time.monotonic() + 60
        names = [f"{n}@{os.uname().nodename}" for n in ("bench", "benchmail")]
        while len(app.control.ping(destination=names, timeout=0.5)) < len(names):
            if time.monotonic() > deadline:
                raise SystemExit(f"the worker did not start; see {log}")
        t0 = time.perf_counter()
        dispatched = games_tasks.dispatch_overdue()
        t1 = time.perf_counter()
        while Action.objects.filter(source=Action.Source.TIMEOUT).count() < overdue:
            if time.perf_counter() - t0 > 300:
                raise SystemExit(f"timed out; see {log}")
            time.sleep(0.05)
        played = time.perf_counter() - t0
        # Let the mails those plays caused go out, then read their latency from the rows.
        while Notification.objects.filter(status="pending", send_after__lte=timezone.now()).exists():
            if time.perf_counter() - t0 > 600:
                break
            time.sleep(0.1)
        latencies = sorted(
            (sent - created).total_seconds()
            for created, sent in Notification.objects.filter(
                kind="prompt", sent_at__isnull=False
            ).values_list("created_at", "sent_at")
        )
        print(
            f"workers: {concurrency} processes and a mailer, {dispatched['dispatched']} game tasks"
            f" published in {t1 - t0:.2f} s"
        )
        print(f"workers: {overdue} overdue seats played {played:.2f} s after the dispatch began")
        if latencies:
            p50 = latencies[len(latencies) // 2]
            p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))]
            print(
                f"move-to-mail (prompt row written -> sent), {len(latencies)} mails under that burst:"
                f" p50 {p50:.2f} s, p95 {p95:.2f} s"
            )
        single_moves(30)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--overdue", type=int, default=1_000)
    parser.add_argument("--broker", action="store_true", help="publish the mails to the real broker")
    parser.add_argument("--workers", type=int, default=0, help="also time a real worker pool of N processes")
    args = parser.parse_args()
    if args.workers and (
        connection.vendor != "postgresql" or not settings.CELERY_BROKER_URL.startswith("redis")
    ):
        raise SystemExit("--workers needs DATABASE_URL=postgres://... and CELERY_BROKER_URL=redis://...")
    if connection.vendor != "sqlite":  # never the pytest database: a name of our own
        connection.settings_dict.setdefault("TEST", {})["NAME"] = "bench_" + connection.settings_dict["NAME"]

    settings.DEBUG = False  # no query log: measure the sweep, not Django's debug cursor
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        states = real_states(12)
        people = users()
        sizes = [
            (args.games // 10, args.overdue // 10),
            (args.games, args.overdue // 10),
            (args.games, args.overdue),
        ]
        print(f"serial sweep on {connection.vendor} ({SLUG}, {PLAYERS} players, {len(states)} real states)")
        print(
            f"{'games':>7} {'overdue':>8} {'played':>7} {'seconds':>8} {'queries':>8} {'q/seat':>7}"
            f" {'record s':>9} {'queries':>8} {'mails':>6}"
        )
        for games, overdue in sizes:
            build(games, overdue, states, people)
            result, elapsed, queries, _ = counted(deadlines.sweep_deadlines, publish=args.broker)
            every_write = timezone.now() + writes.WRITE_GRACE * 2  # late enough, however slow the run
            _, recorded, record_queries, mails = counted(
                lambda late=every_write: writes.sweep_writes(now=late), publish=args.broker
            )
            per_seat = queries / max(1, overdue)
            print(
                f"{games:>7} {overdue:>8} {result['played']:>7} {elapsed:>8.2f} {queries:>8} {per_seat:>7.1f}"
                f" {recorded:>9.2f} {record_queries:>8} {mails:>6}"
            )
        build(args.games, args.overdue, states, people)
        result, elapsed, queries, tasks = counted(games_tasks.dispatch_overdue, publish=bool(args.broker))
        print(
            f"dispatch (the beat task): {args.overdue} overdue seats in {args.games} games ->"
            f" {tasks or result['dispatched']} game tasks in {elapsed:.3f} s, {queries} queries"
        )
        if args.workers:
            build(args.games, args.overdue, states, people)
            run_workers(args.workers, args.overdue)
        print(
            "target: 10,000 games with 1,000 overdue seats in <= 2.00 s; queries grow with overdue seats only"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
