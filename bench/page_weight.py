"""Page weight of the game table: the first load and the htmx table fragment, gzipped.

    .venv/bin/python bench/page_weight.py

Targets (issue "The game table"): first load <= 60 KB and each fragment <= 5 KB, both measured
on the gzipped response body (the tests in tests/games/board assert them). Prints the largest
size over every seat, for each game and player count, at a few points of a random game.
"""

from __future__ import annotations

import gzip
import os
import random
from pathlib import Path

import throwaway_site

throwaway_site.start()

from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from games.models import Game  # noqa: E402
from tests.games.helpers import play_moves, start_game  # noqa: E402

PAGE_LIMIT, FRAGMENT_LIMIT = 60 * 1024, 5 * 1024
MOVES = (0, 40, 120)


def largest(game: Game, users: list, **headers: str) -> tuple[int, int]:
    """(raw bytes, gzipped bytes) of the largest table response over every seat."""
    sizes = []
    for user in users:
        client = Client()
        client.force_login(user)
        body = client.get(reverse("games:table", args=[game.pk]), **headers).content
        sizes.append((len(gzip.compress(body)), len(body), body))
    gz, raw, body = max(sizes)
    if os.environ.get("WEIGHT_DUMP") and headers:  # WEIGHT_DUMP=DIR keeps each game's largest fragment
        Path(os.environ["WEIGHT_DUMP"], f"fragment-{gz}.html").write_bytes(body)
    return raw, gz


def main() -> None:
    setup_test_environment()
    throwaway_site.migrate()
    print(
        f"{'game':10} {'players':>7} {'moves':>5}   {'page KB':>8} {'gz':>6}   {'fragment KB':>11} {'gz':>6}"
    )
    worst_page = worst_fragment = 0
    for slug, counts in (("lifeboat", (4, 6)), ("lifeboats", (3, 6))):
        for n in counts:
            game, users = start_game(slug, n, seed=7)
            rng, played = random.Random(7), 0
            for moves in MOVES:
                game = play_moves(game, users, moves - played, rng)
                played = moves
                page = largest(game, users)
                fragment = largest(game, users, HTTP_HX_REQUEST="true")
                worst_page, worst_fragment = max(worst_page, page[1]), max(worst_fragment, fragment[1])
                print(
                    f"{slug:10} {n:>7} {moves:>5}   {page[0] / 1024:8.1f} {page[1] / 1024:6.1f}"
                    f"   {fragment[0] / 1024:11.1f} {fragment[1] / 1024:6.1f}"
                )
    page_ok = "ok" if worst_page <= PAGE_LIMIT else "OVER"
    fragment_ok = "ok" if worst_fragment <= FRAGMENT_LIMIT else "OVER"
    print(
        f"largest gzipped: page {worst_page / 1024:.1f} KB (<= 60: {page_ok}), "
        f"fragment {worst_fragment / 1024:.1f} KB (<= 5: {fragment_ok}; {worst_fragment} bytes)"
    )


if __name__ == "__main__":
    main()
