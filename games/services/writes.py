"""Games' note of the writes whose follow-up is still to do (`models.GameWrite`).

A stored write notes itself here in its own transaction (one insert for a whole batch), and
`signals.game_writes_committed` names its games after the commit, with the bot seats the write
left waiting (the bots app prompts them without reading the seats again) and the seats whose
decision the write handed to their assistant (games' own task plays them: `games.tasks`).
Whoever follows writes up (the notifications app: prompts, mails, the idle ladder) reads a
locked game's notes with `pending_writes`, does its work from the game as it then is, and drops
them with `writes_done`, all in one transaction; `late_writes` finds the games whose follow-up
never came.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import transaction

from ..models import Game, GameWrite, Seat
from ..signals import game_writes_committed


def note_writes(writes: list[GameWrite], seats: Iterable[Seat] = ()) -> None:
    """One insert in the caller's transaction (the write's), and its games named after the commit
    with the bot seats among `seats` (the written games' seats, as the writes left them) that
    their running game now waits for, and the seats whose decision is their assistant's, each at
    the version written."""
    GameWrite.objects.bulk_create(writes)
    game_ids = sorted({w.game_id for w in writes})
    versions = {w.game_id: w.version for w in writes}
    seats = list(seats)
    bots = sorted(
        (seat.game_id, seat.index, versions[seat.game_id]) for seat in seats if seat.is_bot and seat.waiting
    )
    assisted = sorted(
        (seat.game_id, seat.index, versions[seat.game_id]) for seat in seats if seat.assisted and seat.waiting
    )
    transaction.on_commit(
        lambda: game_writes_committed.send(
            sender=GameWrite, game_ids=game_ids, waiting_bots=bots, assisted_seats=assisted
        )
    )


def pending_writes(*, games: Iterable[Game]) -> dict[int, list[GameWrite]]:
    """{game id: its notes, oldest first} of games the caller has locked."""
    pending: dict[int, list[GameWrite]] = {}
    for write in GameWrite.objects.filter(game__in=games).order_by("game_id", "version"):
        pending.setdefault(write.game_id, []).append(write)
    return pending


def writes_done(*, write_ids: list[int]) -> None:
    """The follow-up of these notes is written (in the caller's transaction): drop them."""
    GameWrite.objects.filter(pk__in=write_ids).delete()


def late_writes(*, before: dt.datetime, limit: int) -> list[int]:
    """Ids of the games with notes older than `before` (their follow-up is late or was lost)."""
    return list(
        GameWrite.objects.filter(created_at__lte=before)
        .order_by()
        .values_list("game_id", flat=True)
        .distinct()[:limit]
    )
