"""What the tests against real processes share (a Celery worker, gunicorn nodes): the broker they
need, the test database's address for the processes they start, and a wait with a deadline."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterable

import pytest
from django.db import connection

BROKER = os.environ.get("CELERY_BROKER_URL", "")

#: Marks of a module whose tests start real processes: one at a time, and only with a real broker.
NEEDS_REAL_BROKER = [
    pytest.mark.celery_worker,
    pytest.mark.skipif(
        not BROKER.startswith("redis://"),
        reason="needs a real broker: set CELERY_BROKER_URL=redis://... (and DATABASE_URL=postgres://...)",
    ),
]


def database_url() -> str:
    """The test database, as a process started by the test connects to it."""
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db.get("PASSWORD") else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def wait_for(condition, what: str, timeout: float):
    """The first true value of `condition()`, asked every 0.2 s; AssertionError after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


def stop(processes: list[subprocess.Popen], sessions_before: Iterable[int], timeout: float = 15) -> None:
    """Stop the processes a test started: TERM, then KILL after `timeout`, reaped either way; back
    only once the database sessions they opened are gone (those not in `sessions_before`, taken
    with `other_sessions` before they started): PostgreSQL refuses to drop a database in use at
    the end of the run, and a process's session outlives it by a moment."""
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    before = set(sessions_before)

    def opened() -> dict[int, str]:
        return {pid: what for pid, what in other_sessions().items() if pid not in before}

    try:
        wait_for(lambda: not opened(), "the stopped processes' database sessions to end", timeout=30)
    except AssertionError as exc:
        raise AssertionError(f"{exc}: {opened()}") from None


def other_sessions() -> dict[int, str]:
    """The test database's sessions other than this connection's, {pid: what PostgreSQL says of
    it} (none on SQLite)."""
    if connection.vendor != "postgresql":
        return {}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, application_name, client_port, backend_start, state, left(query, 120)"
            " FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return {row[0]: " | ".join(str(v) for v in row[1:]) for row in cursor.fetchall()}
