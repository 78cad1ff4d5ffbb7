"""What the clubs pages ask of the apps above clubs, without importing them.

- a club's league seasons (leagues): `register_seasons(lookup)`; the club page lists
  `seasons_of(club)`. Without one a club has none to show.

A registry, not signals, because clubs needs the answers; each hook is typed by a `Protocol`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .models import Club


class SeasonsOfClub(Protocol):
    """`lookup(club=...)`: the club's league seasons, newest first, as the club page lists them
    (each with id, name, game_name, status, status_label, current_round, rounds, entries)."""

    def __call__(self, *, club: Club) -> Sequence[Any]: ...


_seasons: list[SeasonsOfClub] = []


def register_seasons(lookup: SeasonsOfClub) -> None:
    """The one lookup of a club's seasons (the leagues app's); registering again replaces it."""
    _seasons[:] = [lookup]


def seasons_of(club: Club) -> Sequence[Any]:
    return _seasons[0](club=club) if _seasons else []
