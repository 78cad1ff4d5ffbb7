"""The addresses a table's forms and pollers use, reversed once per game rather than on every render
(each `reverse` walks the URL resolver: tens of microseconds, six times a table)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.urls import get_script_prefix, get_urlconf, reverse


@dataclass(frozen=True)
class GameLinks:
    table: str
    act: str
    compose: str
    trade: str
    resign: str
    version: str


def game_links(game_id: int) -> GameLinks:
    """The game's addresses under the current script prefix and URLconf."""
    return _links(get_script_prefix(), get_urlconf(), game_id)


@functools.lru_cache(maxsize=2048)
def _links(prefix: str, urlconf: str | None, game_id: int) -> GameLinks:
    # reverse() reads the same script prefix and URLconf: they are in the key for that reason.
    def url(name: str) -> str:
        return reverse(f"games:{name}", urlconf=urlconf, args=[game_id])

    return GameLinks(
        table=url("table"),
        act=url("act"),
        compose=url("compose"),
        trade=url("trade"),
        resign=url("resign"),
        version=url("version"),
    )
