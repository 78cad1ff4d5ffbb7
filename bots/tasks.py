"""The bots' Celery tasks: a bot's move, and the sweep of bot seats whose task was lost."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable

from celery import shared_task
from django.utils import timezone

from . import services

logger = logging.getLogger(__name__)


@shared_task(name="bots.tasks.play_bot_seat", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_seat(game_id: int, seat_index: int, version: int) -> bool:
    """Play the bot's move for the seat at the version it was prompted at; safe to run twice."""
    return services.play(game_id=int(game_id), seat_index=int(seat_index), version=int(version))


@shared_task(name="bots.tasks.sweep_bots", acks_late=True, ignore_result=True)
def sweep_bots() -> int:
    return sweep()


def prompt_bots(*, game_ids: list[int]) -> int:
    """The bot seats these running games wait for, read from the database, prompted."""
    return prompt_seats(services.waiting_bots(game_ids=game_ids))


def prompt_seats(seats: Iterable[tuple[int, int, int]]) -> int:
    """One task per waited-for bot seat (game id, seat index, version), `BOT_MOVE_DELAY_SECONDS`
    later. Never raises (a lost task is prompted again by `sweep_bots`)."""
    prompted = 0
    for game_id, seat_index, version in seats:
        try:
            play_bot_seat.apply_async((game_id, seat_index, version), countdown=services.move_delay())
        except Exception:
            logger.warning("could not enqueue bot of game %s seat %s", game_id, seat_index, exc_info=True)
        else:
            prompted += 1
    return prompted


def sweep(*, now: dt.datetime | None = None) -> int:
    """Prompt again the bots of games whose bot task was lost; returns how many were prompted."""
    return prompt_bots(game_ids=services.stuck_games(now=now or timezone.now()))
