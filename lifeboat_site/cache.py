"""Django's Redis cache backend, with one redis-py client per connection pool.

Django's `RedisCacheClient.get_client` makes a new `redis.Redis` for every command, and redis-py
builds its table of response callbacks in each one: a tenth of the Python time of a table's
poll (two commands: the session and the game's entry in `games.live`) in py-spy's profile under
`bench/load.py`, and 4% of the poll's CPU (2.71 -> 2.59 ms through gunicorn). A `redis.Redis`
on a connection pool is safe to share between threads, and the pool itself checks for a fork,
so one client per pool is made on first use and kept. Everything else (pools, serializer,
options, keys) is Django's.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends import redis as django_redis


class RedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(django_redis.RedisCache):
    """`django.core.cache.backends.redis.RedisCache` with the client above."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
