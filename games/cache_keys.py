"""Every key of the shared cache, built here and only here.

A key names what it holds and everything its value depends on, so a write never has to find the
keys to drop: a game by its id and creation time (`game_cache_name`: a database that reuses ids
could give another game the same id), a version or move count where the value is of one, a seat,
a reader's language and time zone where the value is worded or dated for them. The entries
dropped after a write (a player's waiting games, a table's notices, a game's live entry) have
keys of one id.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Game


def game_cache_name(game_id: int, created_at: datetime) -> str:
    """How a key names one game: its id and its creation time."""
    return f"{game_id}:{created_at.timestamp()}"


def seats_key(game: Game) -> str:
    """A game version's seats with their players' names (`selectors.tables.seat_rows`)."""
    return f"seats:{game_cache_name(game.pk, game.created_at)}:{game.version}"


def seen_view_key(game: Game, seat: int | None, move_count: int) -> str:
    """`seat`'s view after the game's first `move_count` actions (what the table marks changes
    since)."""
    return ":".join(("games:view", game_cache_name(game.pk, game.created_at), str(seat), str(move_count)))


def recent_actions_key(game_id: int, created_at: datetime, move_count: int) -> str:
    """A game's latest actions as of `move_count` (`games.recent`)."""
    return f"recent_actions:{game_cache_name(game_id, created_at)}:{move_count}"


def live_key(game_id: int) -> str:
    """A game's row and seats as its latest write left them (`games.live`)."""
    return f"games:live:{game_id}"


def waiting_key(user_id: int) -> str:
    """A player's waiting games (`games.waiting`)."""
    return f"waiting:{user_id}"


def learn_panel_key(user_id: int, game_id: int) -> str:
    """Whether a player's table of one game shows the first-game tips."""
    return ":".join(("games:learnpanel", str(user_id), str(game_id)))


def notices_key(game_id: int) -> str:
    """A table's notices: who is away, who muted it (`notifications.selectors`)."""
    return f"notices:{game_id}"


def sweep_lock_key(name: str) -> str:
    """The lock that lets one sweep of `name` run at a time (`games.locks`)."""
    return f"notifications:sweep-lock:{name}"
