"""The game's latest actions (who played each, whether a deadline did, every seat's events),
cached by the game's move count.

The actions up to a move count never change, so an entry is never stale; each reader's table
filters the events for its seat (`selectors.table_of`). A read fills the entry of its move count;
a move, once committed, makes the next entry from the one before it, so the mover's table and
every other seat's after it read no actions at all.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from django.core.cache import cache

from .cache_keys import recent_actions_key
from .models import Action, Game

#: How many of the latest actions the table's log shows.
LOG_ACTIONS = 30
#: How long an entry is kept (a move makes a new one).
CACHE_SECONDS = 600

#: One action as the log reads it: {"seat": int, "timed_out": bool, "helped": str, "events": [...]}
#: (`helped`: who decided it for its seat, `helped_by`).
Recent = list[dict[str, Any]]


def recent_actions(game: Game) -> Recent:
    """The game's latest LOG_ACTIONS actions, oldest first, read anew on every call (from the
    cache, which pickles, or the database): the caller may change them."""
    key = recent_actions_key(game.pk, game.created_at, game.move_count)
    actions = cache.get(key)
    if actions is None:
        rows = (
            Action.objects.filter(game_id=game.pk)
            .order_by("-seq")
            .values_list("seat_index", "source", "events")[:LOG_ACTIONS]
        )
        actions = [
            {
                "seat": seat,
                "timed_out": source == Action.Source.TIMEOUT,
                "helped": helped_by(source),
                "events": events,
            }
            for seat, source, events in reversed(rows)
        ]
        cache.set(key, actions, CACHE_SECONDS)
    return actions


def helped_by(source: str) -> str:
    """Who decided an action of this source for its seat: "assistant", "ahead", or "" (its player,
    a deadline, a bot)."""
    return {Action.Source.ASSISTANT: "assistant", Action.Source.AHEAD: "ahead"}.get(source, "")


class Play(Protocol):
    """An action a move played, as the log needs it (`services.turns.Play`)."""

    @property
    def seat(self) -> int: ...
    @property
    def source(self) -> str: ...
    @property
    def events(self) -> list[dict[str, Any]]: ...


def remember_move(game_id: int, created_at: datetime, before: int, added: list[Play]) -> None:
    """After a move's commit (never before: a rolled-back move would leave an entry for a move
    count its game never reached): the entry after the move from the one before it, if cached.

    `added` holds each action the move played (`services.turns.Play`): the player's own (or
    their assistant's), then any played for resigned seats or answers given ahead. None of them
    ran out of time (deadlines play through another path).
    """
    actions = cache.get(recent_actions_key(game_id, created_at, before))
    if actions is not None:
        played = [
            {"seat": play.seat, "timed_out": False, "helped": helped_by(play.source), "events": play.events}
            for play in added
        ]
        entry = (actions + played)[-LOG_ACTIONS:]
        cache.set(recent_actions_key(game_id, created_at, before + len(added)), entry, CACHE_SECONDS)
