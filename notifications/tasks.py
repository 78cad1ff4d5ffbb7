"""Celery tasks, each defined next to the job it runs (and named `notifications.tasks.<name>`):

- `send_notification` (outbox, on the "mail" queue), `record_game_writes` (writes),
  `play_overdue_seats` and `autoplay_seat` (deadlines): enqueued after a commit;
- beat runs the sweeps below every minute, the digests every hour and the vacations every five
  minutes (CELERY_BEAT_SCHEDULE). Each holds a lock in the shared cache while it runs
  (`one_at_a_time`): a second beat started by mistake, or a sweep that takes longer than its
  period, never runs the same sweep twice at once.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from celery import shared_task
from django.core.cache import cache

from . import deadlines, outbox, vacations, writes
from .deadlines import autoplay_seat, play_overdue_seats
from .outbox import send_notification
from .writes import record_game_writes

__all__ = [
    "autoplay_seat",
    "play_overdue_seats",
    "record_game_writes",
    "send_digests",
    "send_notification",
    "sweep_deadlines",
    "sweep_outbox",
    "sweep_vacations",
    "sweep_writes",
]

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


@shared_task(acks_late=True, ignore_result=True)
@one_at_a_time("sweep_writes")
def sweep_writes() -> int:
    return writes.sweep_writes()


@shared_task(acks_late=True, ignore_result=True)
@one_at_a_time("sweep_outbox")
def sweep_outbox() -> dict[str, int]:
    return outbox.sweep_outbox()


@shared_task(acks_late=True, ignore_result=True)
@one_at_a_time("sweep_deadlines")
def sweep_deadlines() -> dict[str, int]:
    """Beat, every minute: find overdue seats (one indexed query) and fan them out per game."""
    return deadlines.dispatch_overdue()


@shared_task(acks_late=True, ignore_result=True)
@one_at_a_time("send_digests")
def send_digests() -> int:
    return outbox.send_digests()


@shared_task(acks_late=True, ignore_result=True)
def sweep_vacations() -> dict[str, int]:
    """Beat, every five minutes: booked vacations that begin, and the mails of those ending tomorrow."""
    return {
        "begun": vacations.begin_booked_vacations(),
        "ending_mails": vacations.mail_vacations_ending(),
    }
