"""One beat sweep at a time, across every process and machine: a lock in the shared cache.

Each periodic sweep (games' deadlines, notifications' writes, outbox and digests) holds a lock in
the shared cache while it runs (`one_at_a_time`): a second beat started by mistake, or a sweep
that takes longer than its period, never runs the same sweep twice at once. The lock lives
`SWEEP_LOCK_SECONDS` (30 s) and a thread of the sweep renews it every third of that while the
sweep works: a sweep killed while it holds the lock (SIGKILL, a machine gone) frees it within
those seconds, less than a sweep's period, and the next tick runs the sweep. A sweep still
working after `MAX_HOLD_SECONDS` is taken for stuck: its lock is left to expire, and another may
run.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache

from .cache_keys import sweep_lock_key

logger = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])

#: A sweep stops renewing its lock after this long (it is taken for stuck); its TTL runs out then.
MAX_HOLD_SECONDS = 30 * 60


def lock_seconds() -> float:
    """How long a sweep's lock outlives the last renewal: how soon a killed sweep's lock frees."""
    return float(getattr(settings, "SWEEP_LOCK_SECONDS", 30))


def _keep_lock(name: str, token: str, ttl: float, done: threading.Event) -> None:
    """While the sweep works: renew its lock every third of its TTL, as long as it is still ours."""
    key, until = sweep_lock_key(name), time.monotonic() + MAX_HOLD_SECONDS
    while not done.wait(ttl / 3):
        if time.monotonic() > until:
            logger.warning("%s has held its lock for %d s: left to expire", name, MAX_HOLD_SECONDS)
            return
        try:
            if cache.get(key) != token:
                logger.warning("%s lost its lock (expired and taken by another run)", name)
                return
            cache.touch(key, ttl)
        except Exception:  # Redis away for a moment: try again at the next beat of the heart
            logger.warning("could not renew the lock of %s", name, exc_info=True)


def one_at_a_time(name: str) -> Callable[[F], F]:
    """Run the sweep only if no other process runs it now (a lock in the shared cache: Redis's
    SET NX, renewed while the sweep works); otherwise skip it, returning None: the next beat tick
    runs it."""

    def decorate(sweep: F) -> F:
        @wraps(sweep)
        def locked(*args: Any, **kwargs: Any) -> Any:
            token, ttl = uuid.uuid4().hex, lock_seconds()
            if not cache.add(sweep_lock_key(name), token, ttl):
                logger.info("%s skipped: it is running elsewhere", name)
                return None
            done = threading.Event()
            keeper = threading.Thread(
                target=_keep_lock, args=(name, token, ttl, done), name=f"{name}-lock", daemon=True
            )
            keeper.start()
            try:
                return sweep(*args, **kwargs)
            finally:
                done.set()
                keeper.join(ttl)  # a renewal waiting on Redis holds the sweep up no longer
                if cache.get(sweep_lock_key(name)) == token:  # not a lock that expired and was retaken
                    cache.delete(sweep_lock_key(name))

        return locked  # type: ignore[return-value]

    return decorate
