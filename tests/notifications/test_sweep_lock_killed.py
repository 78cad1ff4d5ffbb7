"""A sweep killed while it holds its lock (SIGKILL: nothing runs after it) frees the lock within
the lock's short life, and the next run sweeps; while the sweep works, the lock stays held however
long it takes. A real process on the real Redis, under a key prefix of this run's own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from django.test import override_settings

from games.cache_keys import sweep_lock_key as lock_key
from lifeboat_site.cache import RedisCache
from notifications import tasks
from tests.real_services import wait_for

ROOT = Path(__file__).resolve().parents[2]
URL = os.environ.get("REDIS_CACHE_URL") or "redis://127.0.0.1:6379/14"
TTL = 2.0


def _reachable() -> bool:
    try:
        return bool(redis.Redis.from_url(URL, socket_connect_timeout=0.5).ping())
    except redis.RedisError:
        return False


pytestmark = pytest.mark.skipif(not _reachable(), reason=f"needs a Redis at {URL} (REDIS_CACHE_URL)")

#: A process whose writes sweep takes the lock and then works for ever (until it is killed).
SWEEPER = """
import sys, time
import django
django.setup()
from unittest import mock
from django.test.utils import override_settings
from notifications import tasks
url, prefix, ttl = sys.argv[1], sys.argv[2], float(sys.argv[3])
caches = {"default": {"BACKEND": "lifeboat_site.cache.RedisCache", "LOCATION": url, "KEY_PREFIX": prefix}}

def sweeping():
    print("sweeping", flush=True)
    time.sleep(600)

with override_settings(CACHES=caches, SWEEP_LOCK_SECONDS=ttl):
    with mock.patch.object(tasks.writes, "sweep_writes", side_effect=sweeping):
        tasks.sweep_writes()
"""


@pytest.fixture
def prefix():
    prefix = f"lbtest-sweep-lock-{uuid.uuid4().hex[:8]}"
    yield prefix
    RedisCache(URL, {"KEY_PREFIX": prefix}).delete(lock_key("sweep_writes"))


def test_a_killed_sweeps_lock_frees_within_its_short_life_and_the_next_run_sweeps(prefix):
    shared = RedisCache(URL, {"KEY_PREFIX": prefix})
    key = lock_key("sweep_writes")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "lifeboat_site.settings.test"}
    sweeper = subprocess.Popen(
        [sys.executable, "-c", SWEEPER, URL, prefix, str(TTL)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert sweeper.stdout is not None
        assert sweeper.stdout.readline().strip() == "sweeping"
        # Working three times the lock's life: the lock is renewed, held all along.
        held_until = time.monotonic() + 3 * TTL
        while time.monotonic() < held_until:
            assert shared.get(key) is not None, "the lock expired while its sweep was working"
            time.sleep(TTL / 8)
    finally:
        sweeper.send_signal(signal.SIGKILL)
        sweeper.wait()
    killed_at = time.monotonic()
    wait_for(lambda: shared.get(key) is None, "the killed sweep's lock to free", timeout=TTL + 2)
    assert time.monotonic() - killed_at <= TTL + 1
    # The next run takes the lock and sweeps.
    caches = {"default": {"BACKEND": "lifeboat_site.cache.RedisCache", "LOCATION": URL, "KEY_PREFIX": prefix}}
    with override_settings(CACHES=caches, SWEEP_LOCK_SECONDS=TTL), pytest.MonkeyPatch.context() as patch:
        patch.setattr(tasks.writes, "sweep_writes", lambda: 7)
        assert tasks.sweep_writes() == 7
