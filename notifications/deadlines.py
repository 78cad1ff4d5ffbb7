"""Deadlines: overdue seats played for by their default action, in batches of games.

Deadlines are database timestamps (`Seat.due_at`, kept by games on every write) scanned by beat,
never far-future countdowns: `dispatch_overdue` (beat, every minute) finds the overdue seats in
one indexed query and fans them out, one `play_overdue_seats` task per batch of games; each batch
is played through `games.services.apply_default_actions`. An absent seat (the idle ladder in
`progress`) is played at once by `autoplay_seat`.
"""

from __future__ import annotations

import datetime as dt
import logging

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from games.models import Game, Seat
from games.services import apply_default_action, apply_default_actions
from refusals.errors import Refusal

logger = logging.getLogger(__name__)


@shared_task(name="notifications.tasks.play_overdue_seats", acks_late=True, ignore_result=True)
def play_overdue_seats(games: list) -> dict[str, int]:
    """Play a batch of games' overdue seats ([[game id, [[seat, version], ...]], ...]); safe to run
    twice (each seat carries the version it was read at)."""
    batch = [(int(game_id), [(int(s), int(v)) for s, v in seats]) for game_id, seats in games]
    return play_overdue_games(games=batch)


@shared_task(name="notifications.tasks.autoplay_seat", acks_late=True, ignore_result=True)
def autoplay_seat(game_id: int, seat_index: int, version: int) -> bool:
    return autoplay(game_id=game_id, seat_index=seat_index, version=version)


def sweep_batch() -> int:
    return int(getattr(settings, "NOTIFICATIONS_SWEEP_BATCH", 50))


def chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def overdue_seats(*, now: dt.datetime, limit: int) -> list[tuple[int, int, int]]:
    """(game id, seat index, game version) of overdue waiting seats, oldest deadline first.

    One query on the partial index `seat_due_idx` (waiting seats by due_at): its cost grows with
    the overdue seats, not with the games.
    """
    return list(
        Seat.objects.filter(waiting=True, due_at__lte=now, game__status=Game.Status.RUNNING)
        .order_by("due_at")
        .values_list("game_id", "index", "game__version")[:limit]
    )


def _by_game(overdue: list[tuple[int, int, int]]) -> dict[int, list[tuple[int, int]]]:
    grouped: dict[int, list[tuple[int, int]]] = {}
    for game_id, seat_index, version in overdue:
        grouped.setdefault(game_id, []).append((seat_index, version))
    return grouped


def play_overdue_games(*, games: list[tuple[int, list[tuple[int, int]]]]) -> dict[str, int]:
    """Play several games' overdue seats in one transaction (one commit, one disk flush, for the
    batch) through `games.services.apply_default_actions`: the batch's games locked in one query,
    their snapshots loaded once, bulk writes of actions, games, seats and mails, every default
    action under the same version check and engine guard as a single one, so a refused or failing
    game costs only itself. The games' rows stay locked until the batch commits."""
    return apply_default_actions(games=games)


def sweep_deadlines(*, now: dt.datetime | None = None, limit: int = 5000) -> dict[str, int]:
    """Play every overdue seat here, batch after batch (tests, commands, a broker-less fallback)."""
    totals = {"played": 0, "refused": 0}
    games = list(_by_game(overdue_seats(now=now or timezone.now(), limit=limit)).items())
    for batch in chunks(games, sweep_batch()):
        for key, value in play_overdue_games(games=batch).items():
            totals[key] += value
    return totals


def dispatch_overdue(*, now: dt.datetime | None = None, limit: int = 5000) -> dict[str, int]:
    """The beat task's work: one indexed query, then one `play_overdue_seats` task per batch of
    games, so workers play the tables in parallel. A batch that cannot be published is played here.
    """
    dispatched = inline = 0
    games = list(_by_game(overdue_seats(now=now or timezone.now(), limit=limit)).items())
    for batch in chunks(games, sweep_batch()):
        try:
            play_overdue_seats.delay([[game_id, [list(s) for s in seats]] for game_id, seats in batch])
        except Exception:
            logger.warning("could not enqueue %d overdue games; playing them here", len(batch), exc_info=True)
            play_overdue_games(games=batch)
            inline += 1
        else:
            dispatched += 1
    return {"dispatched": dispatched, "inline": inline}


def autoplay(*, game_id: int, seat_index: int, version: int) -> bool:
    """Play an absent seat's default action at once (expected version: the write that asked)."""
    try:
        apply_default_action(game_id=game_id, seat_index=seat_index, expected_version=version, away=True)
    except Refusal:
        return False
    return True


def enqueue_autoplay(game_id: int, seat_index: int, version: int) -> None:
    """After the commit of the write that found the seat absent; never raises."""
    try:
        autoplay_seat.delay(game_id, seat_index, version)
    except Exception:  # the deadline sweep plays it within the minute (its due_at is now)
        logger.warning("could not enqueue autoplay of game %s seat %s", game_id, seat_index, exc_info=True)
