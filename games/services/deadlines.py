"""Deadlines: the overdue seats played for, and deadlines moved outside a move.

Deadlines are database timestamps (`Seat.due_at`, kept by every write: `moves`, `turns`) scanned
by beat, never far-future countdowns: `overdue_seats` finds the overdue seats in one indexed
query (its cost grows with the overdue seats, not with the games); beat's task
(`games.tasks.sweep_deadlines`) fans them out, one `play_overdue_seats` task per batch of games,
each batch played in one transaction through `moves.apply_default_actions` (`play_overdue_games`);
`sweep_deadlines` plays them all here (tests, commands, a broker-less fallback).

A move sets its seats' deadlines and time banks itself; `deadlines_extend`, `deadline_postpone`
and `deadlines_due_now` are the only other writes of `Seat.due_at`, for the apps above games
(notifications' vacations), which never write seats themselves.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .. import waiting
from ..models import Game, Seat
from .moves import apply_default_actions


@transaction.atomic
def deadlines_extend(*, user: Any, by: dt.timedelta) -> list[tuple[int, int, dt.datetime]]:
    """Move the deadlines of the user's waiting seats in running games on by `by` (back when it is
    negative; each game row locked in id order, like a game write); returns (game id, seat index,
    new deadline) of each."""
    seats = list(
        Seat.objects.filter(user=user, waiting=True, due_at__isnull=False, game__status=Game.Status.RUNNING)
        .order_by("game_id")
        .values_list("pk", "game_id", "index")
    )
    moved = []
    for seat_pk, game_id, index in seats:
        Game.objects.select_for_update().filter(pk=game_id).values_list("pk").first()
        Seat.objects.filter(pk=seat_pk).update(due_at=F("due_at") + by)
        due_at = Seat.objects.filter(pk=seat_pk).values_list("due_at", flat=True).first()
        moved.append((game_id, index, due_at))
    if moved:
        waiting.forget_waiting([user.pk])  # the order of the player's waiting games
    return moved


def deadline_postpone(*, seat_id: int, due_at: dt.datetime) -> None:
    """A waiting seat's deadline moves to `due_at` (one met while its player is away starts after
    the vacation). The caller holds the game's row lock, as the follow-up of a write does."""
    Seat.objects.filter(pk=seat_id).update(due_at=due_at)
    waiting.forget_waiting(Seat.objects.filter(pk=seat_id).values_list("user_id", flat=True))


def deadlines_due_now(*, game: Game, seat_indexes: list[int], now: dt.datetime) -> None:
    """These waiting seats are due at once (absent players, played for right away; should that be
    lost, the deadline sweep plays them). The caller holds the game's row lock."""
    Seat.objects.filter(game=game, index__in=seat_indexes, waiting=True).update(due_at=now)


# -- the overdue seats ------------------------------------------------------------------------------
Batch = list[tuple[int, list[tuple[int, int]]]]


def sweep_batch() -> int:
    """Games per batch of overdue seats (one task, one transaction)."""
    return int(getattr(settings, "GAMES_SWEEP_BATCH", 50))


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


def overdue_batches(*, now: dt.datetime | None = None, limit: int = 5000) -> list[Batch]:
    """The overdue seats grouped by game, in batches of games ([[game id, [(seat, version)]]])."""
    grouped: dict[int, list[tuple[int, int]]] = {}
    for game_id, seat_index, version in overdue_seats(now=now or timezone.now(), limit=limit):
        grouped.setdefault(game_id, []).append((seat_index, version))
    return chunks(list(grouped.items()), sweep_batch())


def play_overdue_games(*, games: Batch) -> dict[str, int]:
    """Play several games' overdue seats in one transaction (one commit, one disk flush, for the
    batch) through `moves.apply_default_actions`: the batch's games locked in one query, their
    snapshots loaded once, bulk writes of actions, games, seats and mails, every default action
    under the same version check and engine guard as a single one, so a refused or failing game
    costs only itself. The games' rows stay locked until the batch commits."""
    return apply_default_actions(games=games)


def sweep_deadlines(*, now: dt.datetime | None = None, limit: int = 5000) -> dict[str, int]:
    """Play every overdue seat here, batch after batch (tests, commands, a broker-less fallback)."""
    totals = {"played": 0, "refused": 0}
    for batch in overdue_batches(now=now, limit=limit):
        for key, value in play_overdue_games(games=batch).items():
            totals[key] += value
    return totals
