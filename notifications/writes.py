"""Games' writes followed up: the task that records them, and its sweeper.

A game write notes itself in games (`games.models.GameWrite`, in the write's transaction), and
games names its games after the commit (`games.signals.game_writes_committed`); the receiver
(`receivers.py`) hands them to `record_game_writes`. The task (`record_writes`) locks the games,
writes what their pending writes cause (`progress.record_progress`) from each game's state as it
then is, and drops the notes, in one transaction; writes that came in the meantime are recorded
together, so nobody is mailed for a decision already taken. `sweep_writes` (beat, every minute)
records any whose task was lost.
"""

from __future__ import annotations

import datetime as dt
import logging

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from games.models import Game, GameWrite
from games.services import late_writes, pending_writes, writes_done
from games.services.deadlines import chunks, sweep_batch

from .progress import GameProgress, record_progress

logger = logging.getLogger(__name__)

#: How old a pending GameWrite must be before `sweep_writes` takes it (its task is late or lost).
WRITE_GRACE = dt.timedelta(seconds=30)


@shared_task(
    name="notifications.tasks.record_game_writes",
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def record_game_writes(game_ids: list[int]) -> int:
    """Write the prompts, mails and idle-ladder counts of these games' latest writes; safe to run
    twice (each write is recorded once, by the transaction that deletes it)."""
    return record_writes(game_ids=[int(game_id) for game_id in game_ids])


def enqueue_recording(game_ids: list[int]) -> None:
    """After a game write's commit: hand its games to the task. Never raises."""
    try:
        record_game_writes.delay(game_ids)
    except Exception:  # the broker is down: sweep_writes records them within the minute
        logger.warning("could not enqueue recording of games %s", game_ids, exc_info=True)


def record_writes(*, game_ids: list[int]) -> int:
    """Record the pending writes of these games; returns how many were recorded.

    Locks the games (in id order, as every game write does), then writes what their pending
    writes cause from each game's current state and deletes them, in one transaction: safe to run
    twice or concurrently (a write is recorded only by the transaction that deletes it).
    """
    with transaction.atomic():
        games = list(Game.objects.select_for_update().filter(pk__in=game_ids).order_by("pk"))
        return record_locked_writes(games)


def record_locked_writes(games: list[Game]) -> int:
    """`record_writes` for games the caller has locked in its transaction (a mail's move first
    brings the game's prompts up to date, so a prompt kept valid by the last write is honoured)."""
    pending = pending_writes(games=games)
    if not pending:
        return 0
    record_progress([_progress(game, writes) for game in games if (writes := pending.get(game.pk))])
    recorded = [w.pk for writes in pending.values() for w in writes]
    writes_done(write_ids=recorded)
    return len(recorded)


def sweep_writes(*, now: dt.datetime | None = None, limit: int = 1000) -> int:
    """Record the writes whose task is late or was lost (broker down, process died after the
    commit), in batches of games; returns how many were recorded."""
    now = now or timezone.now()
    game_ids = late_writes(before=now - WRITE_GRACE, limit=limit)
    return sum(record_writes(game_ids=batch) for batch in chunks(sorted(game_ids), sweep_batch()))


def _progress(game: Game, writes: list[GameWrite]) -> GameProgress:
    """One game's pending writes as one step of progress (a start among them makes it a start)."""
    return GameProgress(
        game=game,
        acted_seats=frozenset(w.acted_seat for w in writes if w.acted_seat is not None),
        kind="started" if any(w.kind == "started" for w in writes) else writes[-1].kind,
        absent=[marked for w in writes for marked in w.absent],
        new_actions=[
            {"seq": seq, "seat_index": seat, "source": source}
            for w in writes
            for seq, seat, source in w.actions
        ],
    )
