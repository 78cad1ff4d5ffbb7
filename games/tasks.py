"""Games' own Celery task: the decision a seat handed its assistant, played after the commit of
the write that asked it (`services.turns`); the write names such seats in
`signals.game_writes_committed`, whose receiver here enqueues one task each."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from celery import shared_task

from refusals.errors import Refusal

from . import services

logger = logging.getLogger(__name__)


@shared_task(
    name="games.tasks.play_assisted_seat", acks_late=True, reject_on_worker_lost=True, ignore_result=True
)
def play_assisted_seat(game_id: int, seat_index: int, version: int) -> bool:
    """The assistant's decision for the seat at the version that handed it over; a task run twice
    (or after the game moved on) plays nothing."""
    try:
        services.assistant_play(
            game_id=int(game_id), seat_index=int(seat_index), expected_version=int(version)
        )
    except Refusal:
        return False
    return True


def on_writes(sender, assisted_seats: Iterable[tuple[int, int, int]] = (), **kwargs) -> None:
    """After a commit: one task per seat whose decision is its assistant's. Never raises: should a
    task not be enqueued, the seat's short deadline lets the deadline sweep play its assistant."""
    for game_id, seat_index, version in assisted_seats:
        try:
            play_assisted_seat.delay(game_id, seat_index, version)
        except Exception:
            logger.warning(
                "could not enqueue the assistant of game %s seat %s", game_id, seat_index, exc_info=True
            )
