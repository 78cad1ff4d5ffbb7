"""After a league game's write commits: if it ended its round, queue the season's advance."""

from __future__ import annotations

import logging
from typing import Any

from games.models import Game

from .models import LeagueTable, Season
from .tasks import advance_season

logger = logging.getLogger(__name__)


def on_game_changed(sender: Any, game_id: int, kind: str, **kwargs: Any) -> None:
    if kind not in ("action", "resigned"):
        return
    if kwargs.get("status", "finished") != "finished":
        return  # only a finished game can end a round: no query for every other move
    table = (
        LeagueTable.objects.filter(
            game_id=game_id,
            game__status=Game.Status.FINISHED,
            round__season__status=Season.Status.RUNNING,
            round__season__auto_advance=True,
        )
        .values_list("round__season_id", "round__number")
        .first()
    )
    if table is None:
        return
    try:
        advance_season.delay(*table)
    except Exception:  # the broker is down: the beat sweeper advances the season later
        logger.warning(
            "could not enqueue the advance of season %s; the sweeper will", table[0], exc_info=True
        )
