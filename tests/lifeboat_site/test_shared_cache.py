"""The one-machine default (`make run`: the site, a worker, a mail worker and beat, four
processes) shares one cache: what one process writes, another reads at once.

With a cache per process, a move the worker made (a bot, a deadline) or a reply by mail
(`manage.py inbound_mail`) reached the site's process only when its own entries expired, up to a
minute later: the table showed the old state and its buttons answered 409. Here separate Python
processes are started as `make run` starts them (the local settings, no REDIS_CACHE_URL, one
SQLite file), after the set-up `make run` does (`createcachetable`), and each uses the cache as
the site does: an entry written, read and deleted across processes, a sweep's lock
(`cache.add`) held against another process, and many entries set at once (`games.live`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def local_site(tmp_path):
    """Runs Python code in a new process of the local settings on a database of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "REDIS_", "CELERY_"))}
    env.update(
        DJANGO_SETTINGS_MODULE="lifeboat_site.settings.local",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        CELERY_BROKER_URL="memory://",
    )

    def run(*args: str) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return done

    def python(code: str):
        program = f"import django, json; django.setup()\nfrom django.core.cache import cache\n{code}\n"
        return json.loads(run("-c", program).stdout.strip().splitlines()[-1])

    run("manage.py", "createcachetable")  # what `make run` does before it starts the processes
    return python


def test_the_processes_of_make_run_share_one_cache(local_site):
    # the worker writes (a move: the game's live entry, a rendered table), the site reads it
    wrote = local_site(
        "cache.set('live:7', {'version': 12}, 3600)\n"
        "cache.set_many({'table:7:12:0': '<div id=table>', 'table:7:12:1': '<div id=table>'}, 60)\n"
        "print(json.dumps(cache.get('live:7')))"
    )
    assert wrote == {"version": 12}
    assert local_site("print(json.dumps([cache.get('live:7'), cache.get('table:7:12:1')]))") == [
        {"version": 12},
        "<div id=table>",
    ]

    # one process holds a sweep's lock: another may not take it until it is let go
    assert local_site("print(json.dumps(cache.add('notifications:sweep-lock:x', 'a', 300)))") is True
    assert local_site("print(json.dumps(cache.add('notifications:sweep-lock:x', 'b', 300)))") is False
    local_site("cache.delete('notifications:sweep-lock:x'); print(1)")
    assert local_site("print(json.dumps(cache.add('notifications:sweep-lock:x', 'c', 300)))") is True

    # an entry deleted by one process (a notice the worker clears) is gone for the others
    local_site("cache.delete_many(['live:7']); print(1)")
    assert local_site("print(json.dumps(cache.get('live:7')))") is None


def test_the_local_default_is_not_a_per_process_cache():
    code = (
        "import django, json; django.setup()\n"
        "from django.conf import settings\n"
        "print(json.dumps(settings.CACHES['default']['BACKEND']))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "REDIS_"))}
    env["DJANGO_SETTINGS_MODULE"] = "lifeboat_site.settings.local"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    from accounts.checks import PER_PROCESS_CACHES

    assert json.loads(done.stdout) not in PER_PROCESS_CACHES
