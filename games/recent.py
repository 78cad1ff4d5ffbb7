"""The events of a game's latest actions, every seat's, cached by the game's move count.

The actions up to a move count never change, so an entry is never stale; each reader's table
filters the events for its seat (`selectors.table_from`). A read fills the entry of its move count;
a move, once committed, makes the next entry from the one before it, so the mover's table and
every other seat's after it read no actions at all.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.cache import cache

from .models import Action, Game

#: How many of the latest actions' events the table shows.
LOG_ACTIONS = 30
#: How long an entry is kept (a move makes a new one).
CACHE_SECONDS = 600

Events = list[list[dict[str, Any]]]


def _key(game_id: int, created_at: datetime, move_count: int) -> str:
    # The creation time too: a database that reuses ids could give another game the same id.
    return f"recent:{game_id}:{created_at.timestamp()}:{move_count}"


def recent_events(game: Game) -> Events:
    """The events of the game's latest LOG_ACTIONS actions, oldest first, read anew on every call
    (from the cache, which pickles, or the database): the caller may change them (a table
    redacts its seat's events in place)."""
    key = _key(game.pk, game.created_at, game.move_count)
    events = cache.get(key)
    if events is None:
        latest = Action.objects.filter(game_id=game.pk).order_by("-seq").values_list("events", flat=True)
        events = list(reversed(latest[:LOG_ACTIONS]))
        cache.set(key, events, CACHE_SECONDS)
    return events


def remember_move(game_id: int, created_at: datetime, before: int, added: Events) -> None:
    """After a move's commit (never before: a rolled-back move would leave an entry for a move
    count its game never reached): the entry after the move from the one before it, if cached."""
    events = cache.get(_key(game_id, created_at, before))
    if events is not None:
        entry = (events + added)[-LOG_ACTIONS:]
        cache.set(_key(game_id, created_at, before + len(added)), entry, CACHE_SECONDS)
