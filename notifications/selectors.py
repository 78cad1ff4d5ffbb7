"""Reads the table and pages use: who is away and who muted the game (the table's notices).

The notices are read on every page load and change rarely: cached per game, dropped after the
commit of every write that changes them (`forget_notices`), and kept no longer than
NOTICES_CACHE_SECONDS (nor past the end of a vacation they show). The table page reaches them
without games importing this app: `table_notices` is registered as a hook (`games.hooks`, in
`NotificationsConfig.ready`); the table view puts what it returns in its template's context.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db.models import Exists, OuterRef, Subquery
from django.db.models.functions import Lower
from django.utils import timezone

from games.cache_keys import notices_key
from games.models import Game, Seat
from games.waiting import drop_after_commit

from .models import AddressStatus, GameMute, Vacation

NOTICES_CACHE_SECONDS = 300


def forget_notices(game_ids: Iterable[int]) -> None:
    """Drop the games' cached notices once the write that changes them commits (dropped sooner, a
    reader could cache the old rows again before the commit)."""
    drop_after_commit(notices_key(game_id) for game_id in game_ids)


def forget_notices_of_user(user: Any) -> None:
    forget_notices(
        Seat.objects.filter(user=user, index__isnull=False, game__status=Game.Status.RUNNING).values_list(
            "game_id", flat=True
        )
    )


def table_notices(*, game_id: int, seat: int | None, user: Any) -> dict[str, Any]:
    """For the game table (`notifications/_table_notices.html`): who is away (vacation, absent,
    mail not received) and, for a seated reader, their mute and "I'm back"."""
    badges = seat_badges(game_id=game_id)
    signed_in = bool(user is not None and user.is_authenticated and seat is not None)
    me = badges.get(seat) if seat is not None else None
    return {
        "game_id": game_id,
        "badges": sorted(
            (i, b) for i, b in badges.items() if b["absent"] or b["vacation_until"] or b.get("unreachable")
        ),
        "me": me,
        "muted": signed_in and me is not None and me["muted"],
        "signed_in": signed_in,
    }


def seat_badges(*, game_id: int) -> dict[int, dict[str, Any]]:
    """{seat index: {"absent": bool, "vacation_until": datetime | None, "muted": bool,
    "unreachable": bool}} for every seat of the table: who is away and whose mail bounces (every
    player sees it, never why) and whether the seat's player muted the game (the table shows that
    to them alone). One query, then cached (NOTICES_CACHE_SECONDS)."""
    key = notices_key(game_id)
    badges = cache.get(key)
    if badges is not None:
        return badges
    now = timezone.now()
    on_vacation = Vacation.objects.filter(
        user=OuterRef("user_id"), starts_at__lte=now, ends_at__gt=now, ended_early_at__isnull=True
    ).order_by("-ends_at")
    seats = (
        Seat.objects.filter(game_id=game_id, index__isnull=False)
        .annotate(
            vacation_until=Subquery(on_vacation.values("ends_at")[:1]),
            muted=Exists(GameMute.objects.filter(game_id=game_id, user=OuterRef("user_id"))),
            address=Lower("user__email"),
        )
        .annotate(
            unreachable=Exists(
                AddressStatus.objects.filter(email=OuterRef("address"), undeliverable_since__isnull=False)
            )
        )
        .values_list("index", "absent", "vacation_until", "muted", "unreachable")
    )
    badges = {
        index: {"absent": absent, "vacation_until": until, "muted": muted, "unreachable": unreachable}
        for index, absent, until, muted, unreachable in seats
    }
    ends = [b["vacation_until"] for b in badges.values() if b["vacation_until"] is not None]
    seconds = min([NOTICES_CACHE_SECONDS, *((end - now).total_seconds() for end in ends)])
    cache.set(key, badges, max(1, int(seconds)))
    return badges
