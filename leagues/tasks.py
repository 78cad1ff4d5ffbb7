"""Celery tasks: advancing automatic seasons (after a league game ends, and a beat sweeper)."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(acks_late=True, ignore_result=True)
def advance_season(season_id: int, round_number: int) -> bool:
    """Safe to run twice: the season row is locked and only the current round advances."""
    return services.season_advance(season_id=season_id, round_number=round_number) is not None


@shared_task(acks_late=True, ignore_result=True)
def advance_due_seasons() -> int:
    """Beat: catch rounds whose end was missed (broker down when the last game ended)."""
    return services.advance_due_seasons()
