"""Each game as its latest write left it (its row and its seats), in the shared cache.

Every open table asks every few seconds whether the version it shows is still current
(`table_views.version`), and a table page starts from the game row and the reader's seat
(`selectors.table_head`). With thousands of tables open that is most of the site's traffic, and
almost every answer is "nothing changed". So each game has one entry in the shared cache (Redis in
production): the game row and its seats, set after every write's commit from what the write
stored (`publish_on_commit`, called by `services.moves` and `services.lobby`, the only writers of
game rows). A poll or a reload that finds it reads no database row.

An entry is only a copy, and a short-lived one. A write drops its game's entry at once (inside its
transaction: a reader meanwhile reads the database, which still shows the old row) and sets it
after the commit; missing, an entry is read from the database in one query (the seats with their
game: one consistent state) and added. Two commits of one game are ordered by its row lock, but
their after-commit callbacks might run out of order, or one might fail (Redis unreachable), and
leave an older state in the cache: a poll that shows a version newer than the entry proves it
stale and reads the database again, and every entry expires after TIMEOUT.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction

from .cache_keys import live_key
from .models import Game, Seat

#: How long an entry lives: the bound on a stale one (each game's entry is then read again once).
TIMEOUT = 60


@dataclass(frozen=True)
class Live:
    game: Game
    seats: tuple[Seat, ...]

    @property
    def version(self) -> int:
        return self.game.version

    def seat_of(self, user_id: int | None) -> Seat | None:
        return next((s for s in self.seats if user_id is not None and s.user_id == user_id), None)

    def may_poll(self, user_id: int | None) -> bool:
        """Players of a game and anyone for a public one (others learn nothing)."""
        return self.game.visibility == Game.Visibility.PUBLIC or self.seat_of(user_id) is not None


def publish_on_commit(written: Iterable[tuple[Game, Iterable[Seat]]]) -> None:
    """After the commit, set the entries of the games just written (with all their seats, as
    the write left them)."""
    values = {live_key(game.pk): (game, tuple(seats)) for game, seats in written}
    if values:
        cache.delete_many(list(values))
        transaction.on_commit(lambda: cache.set_many(values, TIMEOUT), robust=True)


def _from_database(game_id: int) -> tuple[Game, tuple[Seat, ...]] | None:
    """The game and its seats from one statement (one state, even while a write commits)."""
    seats = list(Seat.objects.select_related("game").filter(game__pk=game_id).order_by("index", "pk"))
    game = seats[0].game if seats else Game.objects.filter(pk=game_id).first()
    if game is None:
        return None
    for seat in seats:
        seat.game = game  # one row in the cache, not one per seat
    return game, tuple(seats)


def current(game_id: int, seen: int | None = None) -> Live | None:
    """The game's entry (None: no such game); from the database when it is missing or older than
    `seen`, the version a page already shows."""
    stored = cache.get(live_key(game_id))
    if stored is not None and (seen is None or seen <= stored[0].version):
        return Live(*stored)
    fresh = _from_database(game_id)
    if fresh is None:
        return None
    if stored is None:
        cache.add(live_key(game_id), fresh, TIMEOUT)  # never over an entry a commit set meanwhile
    else:
        cache.set(live_key(game_id), fresh, TIMEOUT)
    return Live(*fresh)
