"""One end-to-end test with a real Celery worker on Redis and the test PostgreSQL database.

Runs only when CELERY_BROKER_URL is a redis:// URL (CI); the worker is a subprocess
(`celery -A lifeboat_site worker`) whose DATABASE_URL points at the database pytest-django created,
and whose mails are files under a temporary directory (local settings' file backend).
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from games import services as game_services
from games import tasks as game_tasks
from games.models import Action, Seat
from lifeboat_site.celery import app as celery_app
from notifications.models import Notification, Status
from tests import real_services
from tests.factories import GameFactory, UserFactory
from tests.real_services import BROKER, NEEDS_REAL_BROKER, database_url, other_sessions, stop

TIMEOUT = 30.0

pytestmark = NEEDS_REAL_BROKER


def wait_for(condition, what: str, timeout: float = TIMEOUT):
    return real_services.wait_for(condition, what, timeout)


@pytest.fixture
def worker(tmp_path: Path):
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a database it can share: set DATABASE_URL=postgres://...")
    name = f"lbtest-{uuid.uuid4().hex[:8]}@%h"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "lifeboat_site.settings.local",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": BROKER,
        "LIFEBOAT_VAR_DIR": str(tmp_path),
    }
    # The worker runs on local settings, whose shared cache is a table (make run creates it too).
    call_command("createcachetable", settings.CACHE_TABLE)
    # Messages that earlier tests published (their rows are gone) must not reach this worker.
    celery_app.control.purge()
    log = (tmp_path / "worker.log").open("w")
    sessions = other_sessions()
    process = subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "lifeboat_site", "worker",
            "--pool=solo", "--loglevel=info", "--without-gossip", "--without-mingle", "-n", name,
        ],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    old_eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    try:
        wait_for(lambda: "ready" in (tmp_path / "worker.log").read_text(), "the worker to start")
        yield tmp_path
    finally:
        celery_app.conf.task_always_eager = old_eager
        stop([process], sessions, timeout=10)
        log.close()


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_sends_the_mails_and_plays_a_timed_out_seat(worker: Path):
    users = [UserFactory() for _ in range(2)]
    game = GameFactory(slug="lifeboats", num_players=3, players=users)
    game = game_services.game_start(game_id=game.pk, user=game.created_by)  # commits: enqueued for real

    def all_sent() -> bool:
        due = Notification.objects.filter(game=game, send_after__lte=timezone.now())
        return due.exists() and not due.exclude(status=Status.SENT).exists()

    started = time.monotonic()
    wait_for(all_sent, "the start and prompt mails to be sent by the worker")
    first_mails = time.monotonic() - started
    mail_files = list((worker / "mail").glob("*.log"))
    assert mail_files, "the worker wrote no mail files"
    assert Notification.objects.filter(game=game, kind="prompt", status=Status.SENT).exists()

    seat = Seat.objects.get(game=game, waiting=True)
    Seat.objects.filter(pk=seat.pk).update(due_at=timezone.now() - dt.timedelta(minutes=1))
    game_tasks.sweep_deadlines.delay()
    wait_for(
        lambda: Action.objects.filter(
            game=game, source=Action.Source.TIMEOUT, seat_index=seat.index
        ).exists(),
        "the sweep task to auto-play the overdue seat",
    )
    wait_for(all_sent, "the prompts that followed the timeout to be sent")
    assert Action.objects.filter(game=game, source=Action.Source.TIMEOUT).count() == 1
    print(f"\nfirst mails sent {first_mails:.2f}s after the start commit")
