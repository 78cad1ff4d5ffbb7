"""Celery tasks: thin wrappers over `notifications.services` (beat runs the sweeps every minute)."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def send_notification(notification_id: int) -> str:
    """Send one outbox row; safe to run twice (the row is locked and sent only from pending)."""
    return services.deliver(notification_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def record_game_writes(game_ids: list[int]) -> int:
    """Write the prompts, mails and idle-ladder counts of these games' latest writes; safe to run
    twice (each write is recorded once, by the transaction that deletes it)."""
    return services.record_writes(game_ids=[int(game_id) for game_id in game_ids])


@shared_task(acks_late=True, ignore_result=True)
def sweep_writes() -> int:
    return services.sweep_writes()


@shared_task(acks_late=True, ignore_result=True)
def sweep_outbox() -> dict[str, int]:
    return services.sweep_outbox()


@shared_task(acks_late=True, ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    """Beat, every minute: find overdue seats (one indexed query) and fan them out per game."""
    return services.dispatch_overdue()


@shared_task(acks_late=True, ignore_result=True)
def play_overdue_seats(games: list) -> dict[str, int]:
    """Play a batch of games' overdue seats ([[game id, [[seat, version], ...]], ...]); safe to run
    twice (each seat carries the version it was read at)."""
    batch = [(int(game_id), [(int(s), int(v)) for s, v in seats]) for game_id, seats in games]
    return services.play_overdue_games(games=batch)


@shared_task(acks_late=True, ignore_result=True)
def autoplay_seat(game_id: int, seat_index: int, version: int) -> bool:
    return services.autoplay(game_id=game_id, seat_index=seat_index, version=version)


@shared_task(acks_late=True, ignore_result=True)
def send_digests() -> int:
    return services.send_digests()
