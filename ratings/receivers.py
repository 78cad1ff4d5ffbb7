"""Ratings follow finished games: `games.signals.game_finished`, inside the finishing transaction."""

from __future__ import annotations

from typing import Any

from .services import rate_finished_game


def on_game_finished(sender: Any, game: Any, **kwargs: Any) -> None:
    rate_finished_game(game=game)  # an error here rolls the finishing write back, as it should
