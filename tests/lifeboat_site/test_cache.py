"""The Redis cache backend (`lifeboat_site.cache`): Django's, with one redis-py client per pool."""

from __future__ import annotations

import os
import threading

import pytest
import redis

from lifeboat_site.cache import RedisCache

URL = os.environ.get("REDIS_CACHE_URL") or "redis://127.0.0.1:6379/14"


def _reachable() -> bool:
    try:
        return bool(redis.Redis.from_url(URL, socket_connect_timeout=0.5).ping())
    except redis.RedisError:
        return False


pytestmark = pytest.mark.skipif(not _reachable(), reason=f"needs a Redis at {URL} (REDIS_CACHE_URL)")


@pytest.fixture
def backend():
    cache = RedisCache(URL, {"KEY_PREFIX": f"test-cache-{os.getpid()}"})
    yield cache
    cache.delete_many(["entry", "count", "a", "b"])


def test_one_client_serves_every_command(backend):
    first = backend._cache.get_client()
    assert backend._cache.get_client() is first
    assert backend._cache.get_client(write=True) is first  # one server: one pool for both


def test_it_behaves_as_djangos_backend(backend):
    backend.set("entry", {"game": 7, "seats": (1, 2)}, 30)
    assert backend.get("entry") == {"game": 7, "seats": (1, 2)}
    assert backend.add("entry", "other", 30) is False
    backend.set("count", 1, 30)
    assert backend.incr("count") == 2
    backend.set_many({"a": 1, "b": "two"}, 30)
    assert backend.get_many(["a", "b", "missing"]) == {"a": 1, "b": "two"}
    backend.delete_many(["a", "b"])
    assert backend.get("a") is None


def test_threads_share_the_client_safely(backend):
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(50):
                backend.set(f"t{n}", i, 30)
                assert backend.get(f"t{n}") == i
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    backend.delete_many([f"t{n}" for n in range(4)])
    assert errors == []
