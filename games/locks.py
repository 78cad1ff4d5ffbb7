"""One beat sweep at a time, across every process and machine: a lock in the shared cache.

Each periodic sweep (games' deadlines, notifications' writes, outbox and digests) holds a lock in
the shared cache while it runs (`one_at_a_time`): a second beat started by mistake, or a sweep
that takes longer than its period, never runs the same sweep twice at once.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.core.cache import cache

logger = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])

#: A sweep's lock expires after this long, even if its holder died without releasing it.
LOCK_SECONDS = 300


def lock_key(name: str) -> str:
    return f"notifications:sweep-lock:{name}"


def one_at_a_time(name: str) -> Callable[[F], F]:
    """Run the sweep only if no other process runs it now (a lock in the shared cache: Redis's
    SET NX); otherwise skip it, returning None: the next beat tick runs it."""

    def decorate(sweep: F) -> F:
        @wraps(sweep)
        def locked(*args: Any, **kwargs: Any) -> Any:
            token = uuid.uuid4().hex
            if not cache.add(lock_key(name), token, LOCK_SECONDS):
                logger.info("%s skipped: it is running elsewhere", name)
                return None
            try:
                return sweep(*args, **kwargs)
            finally:
                if cache.get(lock_key(name)) == token:  # not a lock that expired and was retaken
                    cache.delete(lock_key(name))

        return locked  # type: ignore[return-value]

    return decorate
