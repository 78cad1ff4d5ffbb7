"""Vacations booked ahead and their ends, which beat follows (`tasks.sweep_vacations`, every five
minutes): a booked vacation whose start has come moves its player's deadlines on, as one taken
then would (`preferences.start_vacation` books it; `preferences` holds the rules of the budget),
and the day before a vacation ends its player is mailed so, once.
"""

from __future__ import annotations

import datetime as dt
import math

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from .models import Kind, Notification, Vacation
from .outbox import create_rows, enqueue_on_commit
from .preferences import DAY, extend_deadlines
from .selectors import forget_notices_of_user


def begin_booked_vacations(*, now: dt.datetime | None = None) -> int:
    """Beat: booked vacations whose start has come move their player's deadlines on, as a vacation
    taken then would; each once (`deadlines_moved`), under its player's row lock."""
    now = now or timezone.now()
    due = Vacation.objects.filter(
        deadlines_moved=False, starts_at__lte=now, ends_at__gt=now, ended_early_at__isnull=True
    ).values_list("pk", flat=True)
    begun = 0
    for vacation_id in list(due[:500]):
        with transaction.atomic():
            vacation = (
                Vacation.objects.select_for_update().filter(pk=vacation_id, deadlines_moved=False).first()
            )
            if vacation is None or vacation.ended_early_at is not None:
                continue
            user = get_user_model().objects.select_for_update().get(pk=vacation.user_id)
            planned = math.ceil((vacation.ends_at - vacation.starts_at) / DAY)
            extend_deadlines(user=user, by=planned * DAY, now=now)
            vacation.deadlines_moved = True
            vacation.save(update_fields=["deadlines_moved"])
            forget_notices_of_user(user)
            begun += 1
    return begun


def mail_vacations_ending(*, now: dt.datetime | None = None) -> int:
    """Beat: the day before a vacation (of more than a day) ends, its player is mailed so; once
    per vacation (the row's dedupe key), through the outbox. Returns how many rows were written."""
    now = now or timezone.now()
    ending = Vacation.objects.filter(
        ended_early_at__isnull=True, starts_at__lte=now, ends_at__gt=now, ends_at__lte=now + DAY
    ).values_list("pk", "user_id", "starts_at", "ends_at")
    rows = [
        Notification(
            kind=Kind.VACATION_ENDS,
            dedupe_key=f"vacation_ends:{pk}",
            user_id=user_id,
            context={"ends_at": ends_at.isoformat()},
            send_after=now,
        )
        for pk, user_id, starts_at, ends_at in ending
        if ends_at - starts_at > DAY
    ]
    with transaction.atomic():
        created = create_rows(rows)
        enqueue_on_commit([row.pk for row in created])
    return len(created)
