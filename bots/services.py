"""When bots play: which bot seats wait, a bot's move, the seats whose task was lost."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db.models import Max
from django.db.models.functions import Coalesce

from games import services as game_services
from games.models import Game, Seat
from refusals.errors import Refusal


def move_delay() -> float:
    """Seconds between a bot's prompt and its move (`BOT_MOVE_DELAY_SECONDS`)."""
    return float(getattr(settings, "BOT_MOVE_DELAY_SECONDS", 20))


def waiting_bots(*, game_ids: list[int]) -> list[tuple[int, int, int]]:
    """(game id, seat index, game version) of every bot seat these running games wait for."""
    return list(
        Seat.objects.filter(game_id__in=game_ids, waiting=True, game__status=Game.Status.RUNNING)
        .exclude(bot="")
        .order_by("game_id", "index")
        .values_list("game_id", "index", "game__version")
    )


def play(*, game_id: int, seat_index: int, version: int) -> bool:
    """A bot's move at `version`; False when the game moved on (the write that moved it prompted
    the bot again) or the seat is no longer a bot's."""
    try:
        game_services.bot_play(game_id=game_id, seat_index=seat_index, expected_version=version)
    except Refusal:
        return False
    return True


def stuck_games(*, now: dt.datetime, limit: int = 500) -> list[int]:
    """Running games waiting for a bot with no move (or start) for longer than the delay and a
    minute: the bot's task was lost (the broker was down, a worker died)."""
    before = now - dt.timedelta(seconds=move_delay() + 60)
    waiting = Seat.objects.filter(waiting=True, game__status=Game.Status.RUNNING).exclude(bot="")
    game_ids = set(waiting.values_list("game_id", flat=True)[:limit])
    return list(
        Game.objects.filter(pk__in=game_ids)
        .annotate(last=Coalesce(Max("actions__created_at"), "started_at"))
        .filter(last__lte=before)
        .values_list("pk", flat=True)
    )
