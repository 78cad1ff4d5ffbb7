"""Every seat's view at each move count, kept a while: what a table showed a reader at that move
count, against which their next look marks what changed ("since you last looked").

Written after a write's commit (never before: a rolled-back move would leave views of a move count
its game never reached), read by `selectors.seen_view`, which plays the deal forward when an entry
is gone.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

import engine

from .cache_keys import seen_view_key
from .models import Game

#: How long the views of one move count are kept (a page open for longer asks the game to be
#: played forward again).
SEEN_VIEW_SECONDS = 3600


def remember_views(game: Game, move_count: int, rules: engine.Game, state: Any) -> None:
    """Keep the view of every seat, and the spectators', of `state`: the game after its first
    `move_count` actions."""
    seats: list[int | None] = [None, *range(game.num_players)]
    views = {seen_view_key(game, seat, move_count): rules.view(state, seat) for seat in seats}
    cache.set_many(views, SEEN_VIEW_SECONDS)
