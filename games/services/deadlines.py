"""Deadlines moved outside a move: a player away, a seat played at once.

A move sets its seats' deadlines and time banks itself (`moves`); these are the only other writes
of `Seat.due_at`, for the apps above games (notifications' vacations and idle ladder), which never
write seats themselves.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import F

from .. import waiting
from ..models import Game, Seat


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
