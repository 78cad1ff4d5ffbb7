"""The games waiting for a player, soonest deadline first: the navigation's count and its "next
game waiting for me" link on every page, and the API's list.

Read on every page, changed by game writes: cached per user in the shared cache (the key is built
in `games.cache_keys.waiting_key`, and only there), dropped after the commit of every write that
changes a seat's waiting flag or deadline (`forget_waiting`: the games services call it for the
seats of the games they write), and kept no longer than WAITING_CACHE_SECONDS. The same mechanism
drops the table notices (`notifications.selectors.forget_notices`): `drop_after_commit`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache
from django.db import transaction

from .cache_keys import waiting_key
from .models import Game, Seat

#: A bound on a stale entry's life, should a write that changes seats forget to drop it.
WAITING_CACHE_SECONDS = 300


@dataclass(frozen=True)
class Waiting:
    """One game waiting for the player: its id and the seat's deadline (None: no deadline)."""

    game_id: int
    due_at: datetime | None


def drop_after_commit(keys: Iterable[str]) -> None:
    """Drop cache entries once the write that changes them commits (dropped sooner, a reader could
    cache the old rows again before the commit; outside a transaction, at once)."""
    keys = list(keys)
    if keys:
        transaction.on_commit(lambda: cache.delete_many(keys))


def forget_waiting(user_ids: Iterable[int | None]) -> None:
    """The players' seats changed (a move, a start, a deadline moved): read their list anew (a
    bot's seat, with no user, has no list)."""
    drop_after_commit(waiting_key(user_id) for user_id in sorted({u for u in user_ids if u is not None}))


def waiting_for(user_id: int) -> list[Waiting]:
    """The running games waiting for the player, soonest deadline first (games without one last,
    then by id): one query, then cached."""
    key = waiting_key(user_id)
    rows = cache.get(key)
    if rows is None:
        seats = (
            Seat.objects.filter(
                user_id=user_id, waiting=True, resigned=False, game__status=Game.Status.RUNNING
            )
            .order_by("due_at", "game_id")
            .values_list("game_id", "due_at")
        )
        rows = [Waiting(game_id, due_at) for game_id, due_at in seats]
        # NULL deadlines sort first on some databases and last on others: last, everywhere.
        rows.sort(key=lambda w: (w.due_at is None, w.due_at or datetime.min, w.game_id))
        cache.set(key, rows, WAITING_CACHE_SECONDS)
    return rows


def next_after(rows: list[Waiting], game_id: int | None) -> int | None:
    """The game after `game_id` in deadline order (the first after the last, and the first when
    `game_id` is not waiting); None when nothing waits, or only `game_id` itself."""
    ids = [w.game_id for w in rows]
    if not ids:
        return None
    if game_id not in ids:
        return ids[0]
    following = ids[(ids.index(game_id) + 1) % len(ids)]
    return None if following == game_id else following
