"""Games' own Celery tasks: who plays a seat's turn when its player does not.

- `play_assisted_seat`: a decision games plays at once (a seat's assistant's, or an absent
  player's: `services.turns`), enqueued after the commit of the write that asked it; the write
  names such seats in `signals.game_writes_committed`, whose receiver here (`on_writes`)
  enqueues one task each.
- `autoplay_seat`: a seat whose player is away (notifications' vacations) played at once
  (`enqueue_autoplay`, after the commit of the write that found it so).
- `sweep_deadlines` (beat, every minute, one at a time: `locks`): the overdue seats, found in one
  indexed query and fanned out, one `play_overdue_seats` task per batch of games; a batch that
  cannot be published is played here.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from celery import shared_task

from refusals.errors import Refusal

from . import services
from .locks import one_at_a_time
from .services import deadlines

logger = logging.getLogger(__name__)


@shared_task(
    name="games.tasks.play_assisted_seat", acks_late=True, reject_on_worker_lost=True, ignore_result=True
)
def play_assisted_seat(game_id: int, seat_index: int, version: int) -> bool:
    """The decision games plays for the seat at the version that asked it; a task run twice (or
    after the game moved on) plays nothing."""
    try:
        services.assistant_play(
            game_id=int(game_id), seat_index=int(seat_index), expected_version=int(version)
        )
    except Refusal:
        return False
    return True


def on_writes(sender, assisted_seats: Iterable[tuple[int, int, int]] = (), **kwargs) -> None:
    """After a commit: one task per seat whose decision games plays at once. Never raises: should
    a task not be enqueued, the seat's short deadline lets the deadline sweep play it."""
    for game_id, seat_index, version in assisted_seats:
        try:
            play_assisted_seat.delay(game_id, seat_index, version)
        except Exception:
            logger.warning(
                "could not enqueue the assistant of game %s seat %s", game_id, seat_index, exc_info=True
            )


@shared_task(name="games.tasks.autoplay_seat", acks_late=True, ignore_result=True)
def autoplay_seat(game_id: int, seat_index: int, version: int) -> bool:
    """A seat whose player is away played at once (its assistant where the table allows them,
    else the mildest default), at the version of the write that found it so."""
    try:
        services.apply_default_action(
            game_id=int(game_id), seat_index=int(seat_index), expected_version=int(version), away=True
        )
    except Refusal:
        return False
    return True


def enqueue_autoplay(game_id: int, seat_index: int, version: int) -> None:
    """After the commit of the write that found the seat's player away; never raises (its deadline
    is due now: the deadline sweep plays it within the minute)."""
    try:
        autoplay_seat.delay(game_id, seat_index, version)
    except Exception:
        logger.warning("could not enqueue autoplay of game %s seat %s", game_id, seat_index, exc_info=True)


@shared_task(name="games.tasks.play_overdue_seats", acks_late=True, ignore_result=True)
def play_overdue_seats(games: list) -> dict[str, int]:
    """Play a batch of games' overdue seats ([[game id, [[seat, version], ...]], ...]); safe to run
    twice (each seat carries the version it was read at)."""
    batch = [(int(game_id), [(int(s), int(v)) for s, v in seats]) for game_id, seats in games]
    return deadlines.play_overdue_games(games=batch)


def dispatch_overdue() -> dict[str, int]:
    """The beat task's work: one indexed query, then one `play_overdue_seats` task per batch of
    games, so workers play the tables in parallel. A batch that cannot be published is played here."""
    dispatched = inline = 0
    for batch in deadlines.overdue_batches():
        try:
            play_overdue_seats.delay([[game_id, [list(s) for s in seats]] for game_id, seats in batch])
        except Exception:
            logger.warning("could not enqueue %d overdue games; playing them here", len(batch), exc_info=True)
            deadlines.play_overdue_games(games=batch)
            inline += 1
        else:
            dispatched += 1
    return {"dispatched": dispatched, "inline": inline}


@shared_task(name="games.tasks.sweep_deadlines", acks_late=True, ignore_result=True)
@one_at_a_time("sweep_deadlines")
def sweep_deadlines() -> dict[str, int]:
    """Beat, every minute: find overdue seats (one indexed query) and fan them out per game."""
    return dispatch_overdue()
