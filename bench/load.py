"""Load on the production set-up: simulated players with a table open, against 127.0.0.1 only.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/lifeboat REDIS_CACHE_URL=redis://127.0.0.1:6379/6 \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/5 .venv/bin/python bench/load.py [--players 2000] \\
        [--seconds 60] [--web-workers 4] [--poll 10] [--think 1-3]

Starts what production runs (`Procfile.production`): gunicorn with the production settings
(`deploy/gunicorn.conf.py`, --web-workers sync workers on a free port of 127.0.0.1) and one Celery
worker for both queues, on a throw-away PostgreSQL database (`bench_load_<name>`, made here and
dropped at the end), the given Redis (cache keys under a prefix of this run) and a mail backend
that records each mail in Redis (`tests/lifeboat_site/recording_mail.py`). Seeds --players players
at 4-player Lifeboats tables with a session each, then runs a bounded load for --seconds and
stops by itself.

Each simulated player does what the table page does in a browser: loads the page once, polls
`/games/<id>/version/?v=<shown>` every --poll seconds (the page's `hx-trigger="every 10s"`, also
while its player thinks), reads the table fragment when the poll says it changed, and when the
fragment asks it to move, plays the first choice offered after a think time drawn from --think
(seconds; 1-3 by default, a stress test in which nearly every poll finds a change: players of a
slow game take minutes). Requests are made by one asyncio loop with plain HTTP/1.1 (gunicorn's
sync workers close each connection).

Prints requests/s, p50/p95/p99 per kind of request, errors, moves accepted (302) against moves
stored (0 lost), the load average the machine carried, and for the prompt mails the moves caused:
move committed -> mail handed to the backend, p50/p95. Figures only: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import html
import json
import os
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RUN = uuid.uuid4().hex[:8]
MAIL_KEY = f"bench-load:{RUN}:mails"
os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "lifeboat_site.settings.production",
        "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY", "bench-load-" + secrets.token_hex(24)),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SSL_REDIRECT": "false",
        "DJANGO_MEDIA_LOCAL_DISK": "true",
        "DJANGO_LOG_LEVEL": "WARNING",
        "TRUSTED_PROXY_COUNT": "0",  # the simulated players reach gunicorn directly
        "REDIS_CACHE_KEY_PREFIX": f"bench-load-{RUN}",
        "ANYMAIL_BACKEND": "tests.lifeboat_site.recording_mail.EmailBackend",
        "RECORDING_MAIL_KEY": MAIL_KEY,
        "WEB_ACCESS_LOG": "",
        # The same web workers for the whole run: a replaced one takes its CPU figures with it.
        "WEB_MAX_REQUESTS": "0",
    }
)
for required in ("DATABASE_URL", "REDIS_CACHE_URL", "CELERY_BROKER_URL"):
    if not os.environ.get(required):
        raise SystemExit(f"{required} is required (PostgreSQL and Redis): see the docstring")
os.environ.setdefault("RECORDING_MAIL_URL", os.environ["REDIS_CACHE_URL"])

import django  # noqa: E402

django.setup()

import redis  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import (  # noqa: E402
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
)
from django.contrib.sessions.backends.cached_db import SessionStore  # noqa: E402
from django.contrib.sessions.models import Session  # noqa: E402
from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402

import engine  # noqa: E402
from accounts.models import Profile  # noqa: E402
from games import decisions  # noqa: E402
from games.models import Action, Game, GameWrite, Seat  # noqa: E402
from notifications.models import Notification  # noqa: E402

PLAYERS_PER_GAME = 4
KINDS = ("table page", "poll", "poll (changed)", "table fragment", "move POST")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def seed(players: int) -> list[dict]:
    """Players at 4-seat Lifeboats tables just dealt (bulk-created: the engine's new game, each
    seat's waiting flag, deadline and decision as a start writes them, no start mails), each
    player with a signed-in session (no password hashing) and a CSRF secret."""
    User = get_user_model()
    users = User.objects.bulk_create(
        User(username=f"load{i}", email=f"load{i}@example.com") for i in range(players)
    )
    Profile.objects.bulk_create(Profile(user=u, display_name=f"Player {i}") for i, u in enumerate(users))
    rules = engine.get_game("lifeboats")
    tables = [
        users[i : i + PLAYERS_PER_GAME] for i in range(0, players - PLAYERS_PER_GAME + 1, PLAYERS_PER_GAME)
    ]
    now, states = timezone.now(), [rules.new_game(PLAYERS_PER_GAME, seed) for seed in range(len(tables))]
    games = Game.objects.bulk_create(
        Game(
            slug="lifeboats", num_players=PLAYERS_PER_GAME, created_by=table[0], status=Game.Status.RUNNING,
            started_at=now, version=2, options=dict(rules.options), snapshot=rules.to_json(state),
        )
        for table, state in zip(tables, states, strict=True)
    )  # fmt: skip
    seats = []
    for game, table, state in zip(games, tables, states, strict=True):
        to_act = set(rules.to_act(state))
        for index, user in enumerate(table):
            waiting = index in to_act
            seats.append(
                Seat(
                    game=game, user=user, index=index, waiting=waiting,
                    due_at=now + game.pace_delta if waiting else None,
                    decision=decisions.fingerprint(rules, state, index, to_act), decision_since=2,
                )
            )  # fmt: skip
    Seat.objects.bulk_create(seats, batch_size=2000)
    backend = settings.AUTHENTICATION_BACKENDS[0]
    store, browsers, sessions = SessionStore(), [], []
    expiry = now + dt.timedelta(days=1)
    for seat in seats:
        key = secrets.token_hex(16)
        data = {
            SESSION_KEY: str(seat.user.pk),
            BACKEND_SESSION_KEY: backend,
            HASH_SESSION_KEY: seat.user.get_session_auth_hash(),
        }
        sessions.append(Session(session_key=key, session_data=store.encode(data), expire_date=expiry))
        browsers.append({"game": seat.game.pk, "session": key, "csrf": secrets.token_hex(16)})
    Session.objects.bulk_create(sessions, batch_size=2000)
    return browsers


class Stats:
    def __init__(self, players: int, web_master: int) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.accepted = self.refused = 0
        self.players, self.opened, self.web_master = players, 0, web_master
        #: (time, web CPU, requests so far, polls so far) once every player has its table open
        self.steady: tuple[float, float, int, int] | None = None

    def requests(self) -> int:
        return sum(len(v) for k, v in self.times.items() if k != "poll (changed)")

    def table_opened(self) -> None:
        self.opened += 1
        if self.opened == self.players:
            polls = len(self.times.get("poll", []))
            self.steady = (time.monotonic(), cpu_seconds(self.web_master), self.requests(), polls)


async def http(port: int, method: str, path: str, browser: dict, body: str = "", htmx: bool = False):
    """One request on a new connection: (status, headers, body)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    headers = [
        f"{method} {path} HTTP/1.1",
        "Host: 127.0.0.1",
        f"Cookie: sessionid={browser['session']}; csrftoken={browser['csrf']}",
        "Connection: close",
    ]
    if htmx:
        headers.append("HX-Request: true")
    if method == "POST":
        headers += [
            "Content-Type: application/x-www-form-urlencoded",
            f"Content-Length: {len(body.encode())}",
            f"X-CSRFToken: {browser['csrf']}",
        ]
    writer.write(("\r\n".join(headers) + "\r\n\r\n" + body).encode())
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    fields = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, fields, content.decode("utf-8", "replace")


VERSION_RE = re.compile(r"/version/\?v=(\d+)")
#: The first choice of the page's prompt: a button's or a radio group's `action` in a form with
#: the version it was asked at.
CHOICE_RE = re.compile(
    r'name="expected_version" value="(\d+)">(?:(?!</form>).)*?name="action" value="([^"]+)"', re.DOTALL
)


async def player(
    port: int,
    browser: dict,
    until: float,
    poll: float,
    ramp: float,
    think: tuple[float, float],
    stats: Stats,
    rng: random.Random,
) -> None:
    game = browser["game"]
    table, version_url, act = f"/games/{game}/", f"/games/{game}/version/", f"/games/{game}/act/"

    async def timed(kind: str, expected: int, *args, **kwargs):
        start = time.perf_counter()
        try:
            status, fields, content = await http(port, *args, **kwargs)
        except OSError:
            stats.errors[kind] += 1
            return None
        stats.times[kind].append(time.perf_counter() - start)
        if status != expected:
            stats.errors[kind] += 1
        return status, fields, content

    await asyncio.sleep(rng.uniform(0, ramp))  # the players open their tables over the ramp
    answer = await timed("table page", 200, "GET", table, browser)
    stats.table_opened()
    if answer is None:
        return
    shown = VERSION_RE.search(answer[2])
    seen, page = (shown[1] if shown else ""), answer[2]
    next_poll, decide_at = time.monotonic() + poll, None
    while time.monotonic() < until:
        choice = CHOICE_RE.search(page)
        if choice and choice[1] == seen:  # prompted: the player decides a while later
            decide_at = decide_at or time.monotonic() + rng.uniform(*think)
        else:
            decide_at = None
        # The page polls every `poll` seconds whatever its player does meanwhile.
        await asyncio.sleep(max(0.0, min(next_poll, decide_at or next_poll, until) - time.monotonic()))
        if time.monotonic() >= until:
            break
        if choice and decide_at is not None and time.monotonic() >= decide_at:
            decide_at = None
            body = f"expected_version={choice[1]}&action={_quote(html.unescape(choice[2]))}"
            moved = await timed("move POST", 302, "POST", act, browser, body)
            if moved is not None and moved[0] == 302:
                stats.accepted += 1
            elif moved is not None:
                stats.refused += 1
        elif time.monotonic() < next_poll:
            continue
        next_poll = time.monotonic() + poll
        answer = await timed("poll", 204, "GET", f"{version_url}?v={seen}", browser, htmx=True)
        if answer is None or "hx-trigger" not in answer[1]:
            continue
        stats.times["poll (changed)"].append(stats.times["poll"][-1])
        fragment = await timed("table fragment", 200, "GET", table, browser, htmx=True)
        if fragment is not None:
            page = fragment[2]
            shown = VERSION_RE.search(page)
            seen = shown[1] if shown else seen


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


async def drive(
    port: int,
    browsers: list[dict],
    seconds: float,
    poll: float,
    ramp: float,
    think: tuple[float, float],
    stats: Stats,
) -> float:
    rng = random.Random(7)
    until = time.monotonic() + seconds
    start = time.monotonic()
    await asyncio.gather(
        *(player(port, b, until, poll, ramp, think, stats, random.Random(rng.random())) for b in browsers)
    )
    return time.monotonic() - start


def cpu_seconds(master: int) -> float:
    """User + system CPU of a process's children (gunicorn's workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for child in Path(f"/proc/{master}/task/{master}/children").read_text().split():
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def mail_latencies(since: float) -> list[float]:
    """For each prompt mail recorded: when the backend got it minus when the move that caused it
    was committed (the game's latest action before the mail's row was written)."""
    recorded = [
        json.loads(m) for m in redis.Redis.from_url(os.environ["RECORDING_MAIL_URL"]).lrange(MAIL_KEY, 0, -1)
    ]
    ids = {}
    for m in recorded:
        found = re.match(r"<n(\d+)\.", m["message_id"])
        if found and m["at"] >= since:
            ids[int(found[1])] = m["at"]
    latencies = []
    rows = Notification.objects.filter(pk__in=ids, kind="prompt").values_list("pk", "game_id", "created_at")
    for pk, game_id, created in rows:
        move = (
            Action.objects.filter(game_id=game_id, created_at__lte=created, source=Action.Source.WEB)
            .order_by("-created_at")
            .values_list("created_at", flat=True)
            .first()
        )
        if move is not None and move.timestamp() >= since:
            latencies.append(ids[pk] - move.timestamp())
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--web-workers", type=int, default=4)
    parser.add_argument("--poll", type=float, default=10.0)
    parser.add_argument(
        "--ramp", type=float, default=20.0, help="seconds over which the players open their tables"
    )
    parser.add_argument(
        "--think", default="1-3", help="seconds a prompted player takes to decide, as MIN-MAX"
    )
    args = parser.parse_args()
    low, _, high = args.think.partition("-")
    think = (float(low), float(high or low))
    if connection.vendor != "postgresql":
        raise SystemExit("DATABASE_URL must name PostgreSQL")
    connection.settings_dict.setdefault("TEST", {})["NAME"] = f"bench_load_{connection.settings_dict['NAME']}"
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    processes = []
    try:
        started = time.monotonic()
        browsers = seed(args.players)
        print(
            f"seeded {len(browsers)} players at {len(browsers) // PLAYERS_PER_GAME} tables"
            f" in {time.monotonic() - started:.0f} s"
        )
        port = free_port()
        static = Path(f"/tmp/bench-load-{RUN}-static")
        env = {**os.environ, "DATABASE_URL": url, "DJANGO_STATIC_ROOT": str(static)}
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"], cwd=ROOT, env=env, check=True
        )
        web_env = {**env, "PORT": str(port), "HOST": "127.0.0.1", "WEB_CONCURRENCY": str(args.web_workers)}
        processes.append(
            subprocess.Popen(
                [
                    str(ROOT / ".venv/bin/gunicorn"),
                    "lifeboat_site.wsgi",
                    "--config",
                    "deploy/gunicorn.conf.py",
                ],
                cwd=ROOT,
                env=web_env,
            )
        )
        processes.append(
            subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "lifeboat_site", "worker", "--pool=threads",
                 "--concurrency=4",
                 "--loglevel=warning", "--without-gossip", "--without-mingle", "-n", f"bench-load-{RUN}@%h"],
                cwd=ROOT, env=env,
            )
        )  # fmt: skip
        ready_until = time.monotonic() + 180  # every web worker booted (the app loads in each)
        answered = 0
        while time.monotonic() < ready_until and answered < 4 * args.web_workers:
            try:
                status, _fields, _body = asyncio.run(http(port, "GET", "/health/", browsers[0]))
                answered += status == 200
            except (OSError, IndexError, ValueError):
                time.sleep(0.5)
        backlog_until = time.monotonic() + 300  # the start mails of every table, before the load
        while time.monotonic() < backlog_until and (
            GameWrite.objects.exists()
            or Notification.objects.filter(status="pending", send_after__lte=timezone.now()).exists()
        ):
            time.sleep(1)
        print(f"start mails sent: {Notification.objects.filter(status='sent').count()}")
        moves_before = Action.objects.filter(source=Action.Source.WEB).count()
        stats = Stats(len(browsers), processes[0].pid)
        load_before = os.getloadavg()[0]
        since, cpu_before = time.time(), cpu_seconds(processes[0].pid)
        driver_cpu = time.process_time()
        elapsed = asyncio.run(drive(port, browsers, args.seconds, args.poll, args.ramp, think, stats))
        driver_cpu = time.process_time() - driver_cpu
        load_after, web_cpu = os.getloadavg(), cpu_seconds(processes[0].pid) - cpu_before
        time.sleep(5)  # the last mails
        stored = Action.objects.filter(source=Action.Source.WEB).count() - moves_before
        total = sum(len(v) for k, v in stats.times.items() if k != "poll (changed)")
        print(
            f"\n{len(browsers)} players opening their tables over {args.ramp:.0f} s,"
            f" {args.seconds:.0f} s in all,"
            f" poll every {args.poll:.0f} s, think {args.think} s, gunicorn "
            f"{args.web_workers} sync workers, 1 Celery worker (4 threads), PostgreSQL, Redis; "
            f"{os.cpu_count()} cores, load average {load_before:.1f} before, {load_after[0]:.1f} after"
        )
        print(
            f"{total} requests in {elapsed:.1f} s: {total / elapsed:.0f} requests/s"
            f" (the simulated players took {driver_cpu:.1f} s of CPU on the same cores)"
        )
        if stats.steady is not None:
            at, cpu, requests, polls = stats.steady
            steady_cpu, steady_seconds = cpu_seconds(processes[0].pid) - cpu, time.monotonic() - at
            steady_requests = stats.requests() - requests
            steady_polls = len(stats.times.get("poll", [])) - polls
            per_request = steady_cpu / max(1, steady_requests)
            print(
                f"with every table open ({steady_seconds:.0f} s): {steady_requests} requests"
                f" ({steady_polls} polls), web CPU {per_request * 1000:.2f} ms per request; at one"
                f" poll per player every {args.poll:.0f} s, 2 cores of web workers alone hold"
                f" ~{2 * args.poll / per_request:,.0f} players"
            )
        print(f"web CPU in all {web_cpu:.1f} s: {web_cpu / max(1, total) * 1000:.2f} ms per request")
        print(f"  {'request':16} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}")
        for kind in KINDS:
            values = stats.times.get(kind, [])
            if values:
                print(
                    f"  {kind:16} {len(values):>7} {statistics.median(values) * 1000:>8.1f}"
                    f" {percentile(values, 95) * 1000:>8.1f} {percentile(values, 99) * 1000:>8.1f}"
                    f" {stats.errors.get(kind, 0):>7}"
                )
        print(
            f"moves accepted {stats.accepted}, stored {stored}, lost {stats.accepted - stored};"
            f" refused {stats.refused}"
        )
        latencies = mail_latencies(since)
        if latencies:
            print(
                f"prompt mails: {len(latencies)}, move committed -> handed to the backend:"
                f" p50 {statistics.median(latencies):.2f} s, p95 {percentile(latencies, 95):.2f} s"
                " (target <= 2 s)"
            )
        print("target: table page p95 <= 100 ms with >= 2,000 players")
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        client = redis.Redis.from_url(os.environ["REDIS_CACHE_URL"])
        for key in client.scan_iter(f"bench-load-{RUN}:*"):
            client.delete(key)
        redis.Redis.from_url(os.environ["RECORDING_MAIL_URL"]).delete(MAIL_KEY)
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
