"""What a player asked for: mutes, opting out, quiet hours, the daily digest, vacations, "I'm back".

The mail preferences are applied when a mail is sent, not when it is written (`decide`, called
by `outbox.deliver`), so a change reaches the mails already queued. A vacation moves the
deadlines of the player's waiting seats through `games.services.deadlines_extend` (games writes
seats) and keeps their prompts' expiries and reminders in step.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import NotifyMode, Profile
from accounts.selectors import profile_for
from accounts.services import update_profile
from games.models import Game, Seat
from games.selectors import GameRead
from games.services import deadlines_extend, seat_back

from .errors import VacationError
from .models import (
    ALWAYS_KINDS,
    ANNOUNCE_KINDS,
    NOT_MAIL_KINDS,
    TO_UNDELIVERABLE_KINDS,
    TURN_KINDS,
    AddressStatus,
    GameMute,
    Kind,
    Notification,
    Prompt,
    SeatStatus,
    Vacation,
)
from .prompts import retime_prompt
from .selectors import forget_notices, forget_notices_of_user


# -- applied when a mail is sent --------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    action: str  # "send", "skip", "digest", "cancel", "hold"
    until: dt.datetime | None = None


def _profile(user: Any) -> Profile | None:
    if user is None:
        return None
    try:
        return user.profile
    except Profile.DoesNotExist:
        return None


def quiet_hours_end(profile: Profile, now: dt.datetime) -> dt.datetime:
    """The next moment the user's quiet hours end, as an aware datetime."""
    zone = profile.zone
    local = now.astimezone(zone)
    end = profile.quiet_hours_end
    candidate = dt.datetime.combine(local.date(), end, tzinfo=zone)
    if candidate <= local:
        candidate = dt.datetime.combine(local.date() + dt.timedelta(days=1), end, tzinfo=zone)
    return candidate.astimezone(dt.UTC)


def decide(n: Notification, now: dt.datetime) -> Decision:
    """What the user's preferences make of this mail (or browser push) now: checked when sending,
    not when written. Nothing but account mail goes to an address that bounced (`bounces`); a
    push follows the mutes, the turn preference (none and the digest: no push) and quiet hours."""
    push = n.kind in NOT_MAIL_KINDS
    if not push:
        address = (n.to_email or (n.user.email if n.user_id else "")).strip().lower()
        bounced = AddressStatus.objects.filter(email=address, undeliverable_since__isnull=False)
        if n.kind not in TO_UNDELIVERABLE_KINDS and address and bounced.exists():
            return Decision("skip")
    if n.kind in ALWAYS_KINDS or n.user_id is None:
        return Decision("send")
    if (
        n.game_id is not None
        and n.seat_index is not None
        and not Seat.objects.filter(game_id=n.game_id, index=n.seat_index, user_id=n.user_id).exists()
    ):
        return Decision("cancel")  # the seat changed hands: what it sees is no longer this player's
    if (n.kind in TURN_KINDS or push) and n.prompt_id is not None:
        prompt = Prompt.objects.filter(pk=n.prompt_id).values("closed_at", "used_at").first()
        if prompt is None or prompt["closed_at"] is not None or prompt["used_at"] is not None:
            return Decision("cancel")
    if n.kind == Kind.TRADE_OFFER and not trade_offer_open(n):
        return Decision("cancel")  # answered, replaced or lapsed since
    profile = _profile(n.user)
    if profile is not None and profile.email_opt_out and not push:
        return Decision("skip")
    if n.game_id is not None and GameMute.objects.filter(user_id=n.user_id, game_id=n.game_id).exists():
        return Decision("skip")
    if profile is not None and (n.kind in TURN_KINDS or n.kind in ANNOUNCE_KINDS or push):
        if profile.notify_mode == NotifyMode.NONE:
            return Decision("skip")
        if profile.notify_mode == NotifyMode.DIGEST:
            return Decision("skip" if push else "digest")
    if profile is not None and profile.in_quiet_hours(now):
        return Decision("hold", quiet_hours_end(profile, now))
    return Decision("send")


def current_views(seats: Iterable[tuple[int, int]]) -> dict[tuple[int, int], dict[str, Any]]:
    """{(game id, seat): that seat's view of its running game now} for these seats (one query)."""
    wanted = set(seats)
    rows = Game.objects.filter(pk__in={g for g, _s in wanted}, status=Game.Status.RUNNING).only(
        "pk", "slug", "snapshot"
    )
    views = {}
    for game in rows:
        if game.snapshot is None:
            continue
        read = GameRead(game)
        for g, seat in wanted:
            if g == game.pk:
                views[(g, seat)] = read.view(seat)
    return views


def trade_offer_open(n: Notification) -> bool:
    """Whether the trade offer a row announces is still open to its seat (from that seat's view)."""
    if n.seat_index is None:
        return False
    view = current_views([(n.game_id, n.seat_index)]).get((n.game_id, n.seat_index))
    return offer_open_in(view, n)


def offer_open_in(view: dict[str, Any] | None, n: Notification) -> bool:
    """Whether the trade offer row `n` announces is open in `view` (its seat's view now)."""
    me = view.get("me") if isinstance(view, dict) else None
    offers = me.get("offers", []) if isinstance(me, dict) else []
    return any(o.get("id") == n.context.get("offer") and o.get("to") == n.seat_index for o in offers)


def digest_hour() -> int:
    return int(getattr(settings, "NOTIFICATIONS_DIGEST_HOUR", 7))


def digest_due(profile: Profile | None, oldest: dt.datetime, now: dt.datetime) -> bool:
    """Once a day, in the user's digest hour (their time zone); a day-old item goes out anyway."""
    zone = profile.zone if profile is not None else dt.UTC
    return now.astimezone(zone).hour == digest_hour() or now - oldest >= dt.timedelta(hours=24)


# -- mutes, opting out, coming back -----------------------------------------------------------
@transaction.atomic
def mute_game(*, user: Any, game_id: int) -> None:
    GameMute.objects.get_or_create(user=user, game_id=game_id)
    forget_notices([game_id])


@transaction.atomic
def unmute_game(*, user: Any, game_id: int) -> None:
    GameMute.objects.filter(user=user, game_id=game_id).delete()
    forget_notices([game_id])


@transaction.atomic
def opt_out(*, user: Any) -> None:
    """Stop every game mail for the user (account mails still go), via accounts' own service."""
    profile = profile_for(user)
    if profile.email_opt_out:
        return
    update_profile(
        user=user,
        display_name=profile.display_name,
        time_zone=profile.time_zone,
        language=profile.language,
        notify_mode=profile.notify_mode,
        quiet_hours_start=profile.quiet_hours_start,
        quiet_hours_end=profile.quiet_hours_end,
        email_opt_out=True,
    )


@transaction.atomic
def mark_present(*, user: Any, game_id: int) -> bool:
    """The player is back: their seat is no longer played at once (games' `seat_back`). Returns
    whether it was absent."""
    if not Seat.objects.filter(game_id=game_id, user=user, index__isnull=False, absent=True).exists():
        return False
    forget_notices([game_id])
    return seat_back(game_id=game_id, user=user)


# -- vacations ---------------------------------------------------------------------------------
# A vacation of N days moves the deadlines of the player's waiting seats on by N days (and those
# of seats asked while away to the end of the vacation plus the game's pace) and is charged N days
# of the yearly budget. Ended early, it is charged the days really used, rounded up to whole days,
# and the deadlines move back by the days not charged: charged days and the time the deadlines
# moved by are always the same whole number of days, so coming back at once costs a day and gives
# the game back all but a day, and no repetition can stall a game.
DAY = dt.timedelta(days=1)


def charged_days(vacation: Vacation) -> int:
    """Whole days a vacation counts against the budget: all of them, or those used when it ended
    early (a day begun is a day charged)."""
    planned = math.ceil((vacation.ends_at - vacation.starts_at) / DAY)
    if vacation.ended_early_at is None:
        return planned
    used = max(dt.timedelta(), vacation.ended_early_at - vacation.starts_at)
    return min(planned, math.ceil(used / DAY))


def vacation_days_used(*, user: Any, year: int) -> int:
    return sum(charged_days(v) for v in Vacation.objects.filter(user=user, starts_at__year=year))


def vacation_budget() -> int:
    return int(getattr(settings, "NOTIFICATIONS_VACATION_DAYS_PER_YEAR", 21))


def vacation_days_left(*, user: Any, now: dt.datetime | None = None) -> int:
    now = now or timezone.now()
    return max(0, vacation_budget() - vacation_days_used(user=user, year=now.year))


def active_vacation(*, user: Any, now: dt.datetime | None = None) -> Vacation | None:
    now = now or timezone.now()
    return (
        Vacation.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now, ended_early_at__isnull=True)
        .order_by("-ends_at")
        .first()
    )


@transaction.atomic
def start_vacation(
    *, user: Any, days: int, now: dt.datetime | None = None, starts_at: dt.datetime | None = None
) -> Vacation:
    """Take `days` whole days away from now, or book them ahead from `starts_at` (a moment in the
    future): the deadlines of the user's waiting seats move on by as much when the vacation
    begins (at once, or by `begin_booked_vacations`), and as much is charged to the yearly budget
    of the year it begins in (NOTIFICATIONS_VACATION_DAYS_PER_YEAR). Vacations never overlap."""
    now = now or timezone.now()
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()  # one vacation at a time
    if not isinstance(days, int) or isinstance(days, bool) or days < 1:
        raise VacationError(_("Take at least one day."))
    booked = starts_at is not None and starts_at > now
    begins = starts_at if booked else now
    assert begins is not None
    ends = begins + days * DAY
    if not booked and active_vacation(user=user, now=now) is not None:
        raise VacationError(_("You are already on vacation."))
    overlapping = Vacation.objects.filter(
        user=user, ended_early_at__isnull=True, starts_at__lt=ends, ends_at__gt=begins
    )
    if overlapping.exists():
        raise VacationError(_("That overlaps a vacation you already have."))
    left = vacation_days_left(user=user, now=begins)
    if days > left:
        raise VacationError(_("You have %(left)d vacation days left this year.") % {"left": left})
    vacation = Vacation.objects.create(user=user, starts_at=begins, ends_at=ends, deadlines_moved=not booked)
    if not booked:
        extend_deadlines(user=user, by=days * DAY, now=now)
        forget_notices_of_user(user)
    return vacation


def booked_vacations(*, user: Any, now: dt.datetime | None = None) -> list[Vacation]:
    """The user's vacations booked ahead, soonest first."""
    now = now or timezone.now()
    return list(
        Vacation.objects.filter(user=user, starts_at__gt=now, ended_early_at__isnull=True).order_by(
            "starts_at"
        )
    )


@transaction.atomic
def cancel_booked_vacation(*, user: Any, vacation_id: int, now: dt.datetime | None = None) -> bool:
    """Call off a vacation booked ahead that has not begun (it costs no day); returns whether one was."""
    now = now or timezone.now()
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    return bool(
        Vacation.objects.filter(
            pk=vacation_id, user=user, starts_at__gt=now, deadlines_moved=False, ended_early_at__isnull=True
        ).delete()[0]
    )


@transaction.atomic
def end_vacation(*, user: Any, now: dt.datetime | None = None) -> int | None:
    """Back early: the vacation is charged the whole days used and the deadlines move back by the
    days not charged. Returns the days charged, or None when the user was not away."""
    now = now or timezone.now()
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    vacation = active_vacation(user=user, now=now)
    if vacation is None:
        return None
    vacation.ended_early_at = now
    vacation.save(update_fields=["ended_early_at"])
    charged = charged_days(vacation)
    unused = math.ceil((vacation.ends_at - vacation.starts_at) / DAY) - charged
    if not vacation.deadlines_moved:  # booked, and its start not yet seen by beat: move them now
        vacation.deadlines_moved = True
        vacation.save(update_fields=["deadlines_moved"])
        unused -= math.ceil((vacation.ends_at - vacation.starts_at) / DAY)  # on by the days charged
    if unused:
        extend_deadlines(user=user, by=-unused * DAY, now=now)
    forget_notices_of_user(user)
    return charged


def extend_deadlines(*, user: Any, by: dt.timedelta, now: dt.datetime) -> int:
    """Move the deadlines of the user's waiting seats on by `by` (back when negative; games locks
    each game row, like a game write) and keep each seat's open prompt in step with its new
    deadline."""
    moved = deadlines_extend(user=user, by=by)
    for game_id, index, due_at in moved:
        status = (
            SeatStatus.objects.filter(game_id=game_id, seat_index=index).select_related("open_prompt").first()
        )
        if status is not None and status.open_prompt is not None and status.open_prompt.closed_at is None:
            status.open_prompt.due_at = due_at
            retime_prompt(status.open_prompt, now)
    return len(moved)
