"""Celery tasks, each defined next to the job it runs (and named `notifications.tasks.<name>`):

- `send_notification` (outbox, on the "mail" queue) and `record_game_writes` (writes): enqueued
  after a commit;
- beat runs the sweeps below every minute, the digests every hour and the vacations every five
  minutes (CELERY_BEAT_SCHEDULE). Each holds a lock in the shared cache while it runs
  (`games.locks.one_at_a_time`). The deadlines, and seats played at once, are games' own
  (`games.tasks`).
"""

from __future__ import annotations

from celery import shared_task

from games.locks import one_at_a_time

from . import outbox, vacations, writes
from .outbox import send_notification
from .writes import record_game_writes

__all__ = [
    "record_game_writes",
    "send_digests",
    "send_notification",
    "sweep_outbox",
    "sweep_vacations",
    "sweep_writes",
]


@shared_task(acks_late=True, ignore_result=True)
@one_at_a_time("sweep_writes")
def sweep_writes() -> int:
    return writes.sweep_writes()


@shared_task(acks_late=True, ignore_result=True)
@one_at_a_time("sweep_outbox")
def sweep_outbox() -> dict[str, int]:
    return outbox.sweep_outbox()


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
