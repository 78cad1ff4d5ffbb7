"""Production on two machines: two gunicorn "nodes" on one PostgreSQL and one Redis, a real Celery
worker and two beats (one per node, as during a hand-over), and a game whose players alternate
between the nodes.

What must hold when nothing lives in one process (issue 20): a player signed in on one node is
signed in on the other; every page and poll is current on both after every move; every mail is
handed to the mail backend once; a rate limit counts the attempts made on both; an overdue seat
is played once however many beats sweep.

Runs when DATABASE_URL is PostgreSQL and CELERY_BROKER_URL is Redis (CI); the nodes use the
production settings, a cache on the broker's Redis server (the next database number, keys under
a prefix of this run) and a mail backend that records each mail in Redis (`recording_mail`).
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
import requests
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.urls import reverse
from django.utils import timezone

import engine
from games import services as game_services
from games.models import Action, Game, Seat
from lifeboat_site.celery import app as celery_app
from notifications.models import Notification, Status
from tests import real_services
from tests.factories import PASSWORD, GameFactory, UserFactory
from tests.real_services import BROKER, NEEDS_REAL_BROKER, database_url, other_sessions, stop

HOST = "lifeboat.test"
TIMEOUT = 60.0
START_TIMEOUT = 90.0  # a process's first answer: imports and connections, on a busy machine

pytestmark = NEEDS_REAL_BROKER


def cache_url() -> str:
    """The broker's Redis server, the next database number (the broker's own stays the broker's)."""
    parts = urlsplit(BROKER)
    number = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(number + 1) % 16}"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(condition, what: str, timeout: float = TIMEOUT):
    return real_services.wait_for(condition, what, timeout)


class Browser:
    """A player's browser behind the TLS proxy: HTTPS as the proxy forwards it, its own cookies
    (the production cookies are Secure: kept here by hand), any node for any request."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def request(self, node: str, method: str, path: str, **kwargs) -> requests.Response:
        headers = {"Host": HOST, "X-Forwarded-Proto": "https", "Referer": f"https://{HOST}{path}"}
        headers.update(kwargs.pop("headers", {}))
        response = requests.request(
            method,
            node + path,
            headers=headers,
            cookies=self.cookies,
            allow_redirects=False,
            timeout=20,
            **kwargs,
        )
        self.cookies.update(response.cookies.get_dict())
        return response

    def post(self, node: str, path: str, data: dict, **kwargs) -> requests.Response:
        if "csrftoken" not in self.cookies:
            self.request(node, "GET", reverse("account_login"))
        return self.request(
            node, "POST", path, data={**data, "csrfmiddlewaretoken": self.cookies["csrftoken"]}, **kwargs
        )

    def sign_in(self, node: str, email: str, password: str = PASSWORD) -> requests.Response:
        return self.post(node, reverse("account_login"), {"login": email, "password": password})


@pytest.fixture
def site(tmp_path: Path):
    """Two web nodes, a worker (both queues, threads) and two beats; yields the nodes' URLs."""
    if connection.vendor != "postgresql":
        pytest.skip("the nodes need a database they can share: set DATABASE_URL=postgres://...")
    run = uuid.uuid4().hex[:8]
    mail_key = f"lbtest:{run}:mails"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "REDIS_", "ANYMAIL_"))},
        "DJANGO_SETTINGS_MODULE": "lifeboat_site.settings.production",
        "DJANGO_SECRET_KEY": "two-nodes-test-secret-key-" + "x" * 40,
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_MEDIA_LOCAL_DISK": "true",
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
        "DJANGO_LOG_LEVEL": "WARNING",
        "TRUSTED_PROXY_COUNT": "0",  # the test talks to the nodes directly, no proxy between
        "SITE_URL": f"https://{HOST}",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": BROKER,
        "CELERY_SWEEP_SECONDS": "1",
        "REDIS_CACHE_URL": cache_url(),
        "REDIS_CACHE_KEY_PREFIX": f"lbtest-{run}",
        "ANYMAIL_BACKEND": "tests.lifeboat_site.recording_mail.EmailBackend",
        "RECORDING_MAIL_URL": cache_url(),
        "RECORDING_MAIL_KEY": mail_key,
        "WEB_CONCURRENCY": "1",
        "WEB_ACCESS_LOG": "",
    }
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"],
        cwd=settings.BASE_DIR, env=env, check=True, timeout=120,
    )  # fmt: skip
    celery_app.control.purge()  # messages of earlier tests (their rows are gone)
    ports = [free_port(), free_port()]
    commands = [
        *([".venv/bin/gunicorn", "lifeboat_site.wsgi", "--config", "deploy/gunicorn.conf.py"] for _ in ports),
        [sys.executable, "-m", "celery", "-A", "lifeboat_site", "worker", "--pool=threads", "--concurrency=4",
         "--loglevel=info", "--without-gossip", "--without-mingle", "-n", f"lbtest-{run}@%h"],
        *([sys.executable, "-m", "celery", "-A", "lifeboat_site", "beat", "--loglevel=info",
           f"--schedule={tmp_path / f'beat-{i}'}"] for i in range(2)),
    ]  # fmt: skip
    envs = [
        {**env, "PORT": str(ports[0]), "HOST": "127.0.0.1"},
        {**env, "PORT": str(ports[1]), "HOST": "127.0.0.1"},
    ]
    envs += [env, env, env]
    processes, logs = [], []
    sessions = other_sessions()
    for i, (command, process_env) in enumerate(zip(commands, envs, strict=True)):
        logs.append((tmp_path / f"process-{i}.log").open("w"))
        processes.append(
            subprocess.Popen(
                command, cwd=settings.BASE_DIR, env=process_env, stdout=logs[-1], stderr=subprocess.STDOUT
            )
        )
    nodes = [f"http://127.0.0.1:{port}" for port in ports]
    old_eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    recorded = redis.Redis.from_url(cache_url())
    try:
        for node in nodes:
            wait_for(lambda node=node: _answers(node), f"the node {node} to answer", timeout=START_TIMEOUT)
        yield nodes, lambda: [json.loads(m) for m in recorded.lrange(mail_key, 0, -1)]
    finally:
        celery_app.conf.task_always_eager = old_eager
        stop(processes, sessions)
        for log in logs:
            log.close()
        recorded.delete(mail_key)
        for key in recorded.scan_iter(f"lbtest-{run}:*"):
            recorded.delete(key)


def _answers(node: str) -> bool:
    try:
        return requests.get(
            node + "/health/", headers={"Host": HOST, "X-Forwarded-Proto": "https"}, timeout=10
        ).ok
    except requests.RequestException:
        return False


def player(email_user) -> object:
    """A user whose password the production hashers check (the tests' own hasher is MD5)."""
    email_user.password = PBKDF2PasswordHasher().encode(PASSWORD, "twonodessalt", iterations=1000)
    email_user.save(update_fields=["password"])
    return email_user


def shown_version(html: str) -> int:
    """The version a table page or fragment shows: the one its poll asks about."""
    return int(re.search(r"/version/\?v=(\d+)", html)[1])


@pytest.mark.django_db(transaction=True)
def test_a_game_played_across_two_nodes_stays_current_mails_once_and_counts_limits_on_both(site):
    nodes, mails = site
    users = [player(UserFactory()) for _ in range(3)]
    browsers = [Browser() for _ in users]
    for i, (browser, user) in enumerate(zip(browsers, users, strict=True)):
        assert browser.sign_in(nodes[i % 2], user.email).status_code == 302  # signed in on one node,
        profile = browser.request(nodes[(i + 1) % 2], "GET", reverse("accounts:profile"))
        assert profile.status_code == 200, "a session made on one node is unknown on the other"

    game = GameFactory(slug="lifeboats", num_players=3, players=users[1:], created_by=users[0])
    game = game_services.game_start(game_id=game.pk, user=users[0])
    by_user = {seat.user_id: seat.index for seat in Seat.objects.filter(game=game)}
    browser_of = {by_user[u.pk]: b for u, b in zip(users, browsers, strict=True)}
    table, act = reverse("games:table", args=[game.pk]), reverse("games:act", args=[game.pk])
    rules = engine.get_game("lifeboats")

    for move in range(12):
        game.refresh_from_db()
        state = rules.from_json(game.snapshot)
        seat = rules.to_act(state)[0]
        node = nodes[move % 2]
        mover = browser_of[seat]
        page = mover.request(node, "GET", table)
        assert shown_version(page.text) == game.version
        data = {"action": json.dumps(rules.legal_actions(state, seat)[0]), "expected_version": game.version}
        assert mover.post(node, act, data).status_code == 302
        new = game.version + 1
        for index, browser in browser_of.items():
            for other in nodes:  # every node knows at once, whichever node took the move
                poll = browser.request(
                    other, "GET", reverse("games:version", args=[game.pk]) + f"?v={game.version}"
                )
                assert poll.status_code == 204
                assert json.loads(poll.headers["HX-Trigger"]) == {"game-changed": {"version": new}}, (
                    f"seat {index} polling {other} after move {move} on {node}"
                )
                fragment = browser.request(other, "GET", table, headers={"HX-Request": "true"})
                assert shown_version(fragment.text) == new
                current = browser.request(
                    other, "GET", reverse("games:version", args=[game.pk]) + f"?v={new}"
                )
                assert "HX-Trigger" not in current.headers

    # An overdue seat: both beats sweep every second; it is played once.
    game.refresh_from_db()
    waiting = Seat.objects.filter(game=game, waiting=True).order_by("index").first()
    timeouts_before = Action.objects.filter(game=game, source=Action.Source.TIMEOUT).count()
    Seat.objects.filter(pk=waiting.pk).update(due_at=timezone.now() - timezone.timedelta(minutes=1))
    wait_for(
        lambda: Action.objects.filter(game=game, source=Action.Source.TIMEOUT).count() > timeouts_before,
        "a beat's sweep to play the overdue seat",
    )
    time.sleep(3)  # several more sweeps by both beats
    timeouts = Action.objects.filter(game=game, source=Action.Source.TIMEOUT, seat_index=waiting.index)
    assert timeouts.count() == 1

    # Every mail due is handed to the backend once, by whichever worker thread sent it.
    def all_sent() -> bool:
        due = Notification.objects.filter(game=game, send_after__lte=timezone.now())
        return due.exists() and not due.exclude(status=Status.SENT).exists()

    wait_for(all_sent, "the worker to send every due mail")
    sent = Notification.objects.filter(game=game, status=Status.SENT).count()
    recorded = [m for m in mails() if any(u.email in m["to"] for u in users)]
    assert len(recorded) == sent
    assert max(Counter(m["message_id"] for m in recorded).values()) == 1

    # A rate limit counts the attempts on both nodes: 5 failed passwords per address in 5 minutes.
    target, stranger = player(UserFactory()), Browser()
    limited = "Too many failed login attempts"
    for attempt in range(5):
        refused = stranger.sign_in(nodes[attempt % 2], target.email, "not the password")
        assert refused.status_code == 200  # the form again, with its error
        assert limited not in refused.text, f"limited after {attempt} failures"
    assert limited in stranger.sign_in(nodes[1], target.email, "not the password").text
    again = stranger.sign_in(nodes[0], target.email)  # even the right password, on the other node
    assert again.status_code == 200
    assert limited in again.text

    assert Game.objects.get(pk=game.pk).version == game.version + 1
