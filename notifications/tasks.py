"""Celery tasks, each defined next to the job it runs (and named `notifications.tasks.<name>`):

- `send_notification` (outbox, on the "mail" queue), `record_game_writes` (writes),
  `play_overdue_seats` and `autoplay_seat` (deadlines): enqueued after a commit;
- beat runs the sweeps below every minute, the digests every hour and the vacations every five
  minutes (CELERY_BEAT_SCHEDULE).
"""

from __future__ import annotations

from celery import shared_task

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


@shared_task(acks_late=True, ignore_result=True)
def sweep_writes() -> int:
    return writes.sweep_writes()


@shared_task(acks_late=True, ignore_result=True)
def sweep_outbox() -> dict[str, int]:
    return outbox.sweep_outbox()


@shared_task(acks_late=True, ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    """Beat, every minute: find overdue seats (one indexed query) and fan them out per game."""
    return deadlines.dispatch_overdue()


@shared_task(acks_late=True, ignore_result=True)
def send_digests() -> int:
    return outbox.send_digests()


@shared_task(acks_late=True, ignore_result=True)
def sweep_vacations() -> dict[str, int]:
    """Beat, every five minutes: booked vacations that begin, and the mails of those ending tomorrow."""
    return {
        "begun": vacations.begin_booked_vacations(),
        "ending_mails": vacations.mail_vacations_ending(),
    }
