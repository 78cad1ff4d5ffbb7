"""Weight and speed of the pictures (`games.pictures`).

    .venv/bin/python bench/pictures.py [ROUNDS]

Prints the size of each card sprite (raw and gzipped, as whitenoise serves it), and for a
Lifeboat and a Lifeboats board halfway through a random 6-player game: the gzipped size of the
board's SVG (what it adds to a table fragment) and the median time to draw it, for a player and
a spectator, beside the table's present board picture (`games.board`) for comparison. Budgets:
a sprite is fetched once per language and then cached; a board is drawn on every fragment
render and should take well under 2 ms. Figures only: nothing here asserts them.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import time
from collections.abc import Callable

import throwaway_site

throwaway_site.start()

import engine  # noqa: E402
from games.lifeboat.picture import lifeboat_board  # noqa: E402
from games.lifeboats.picture import lifeboats_board  # noqa: E402
from games.pictures.sprite import languages  # noqa: E402
from games.sprites import GAMES, draw_sprite  # noqa: E402
from tests.games.pictures.moments import middle  # noqa: E402

NAMES = {0: "Anna Kovács", 1: "Bence", 2: "Csilla Horváth", 3: "Dávid", 4: "Eliška Nováková", 5: "František"}
#: A sprite URL as the manifest storage writes it (the hash makes it longer).
SPRITE = "/static/games/pictures/{game}-en.3f2a9c1b7d4e.svg"


def gz(text: str) -> int:
    return len(gzip.compress(text.encode(), 9))


def median_ms(draw: Callable[[], object], rounds: int) -> float:
    draw()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        draw()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def old_board(slug: str, view: dict) -> Callable[[], str]:
    """The table's present picture (presenter and SVG), for comparison."""
    from games import i18n
    from games.lifeboat import presenter as lifeboat
    from games.lifeboats import presenter as lifeboats

    module = lifeboat if slug == "lifeboat" else lifeboats

    def draw() -> str:
        with i18n.one_language():
            return str(module.board(view, NAMES).svg)

    return draw


def board_drawer(slug: str, view: dict, sprite: str) -> Callable[[], object]:
    board = lifeboat_board if slug == "lifeboat" else lifeboats_board
    return lambda: board(view, NAMES, sprite=sprite)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"{'sprite':22} {'raw KB':>7} {'gz KB':>6}")
    for game in GAMES:
        for language in languages():
            text = draw_sprite(game, language)
            print(f"{game + '-' + language + '.svg':22} {len(text) / 1024:7.1f} {gz(text) / 1024:6.1f}")
    print()
    print(f"{'board (6 players, halfway)':34} {'raw KB':>7} {'gz KB':>6} {'ms':>6}")
    for slug in GAMES:
        state = middle(slug, 6)
        rules = engine.get_game(slug)
        for who, seat in (("player", 0), ("spectator", None)):
            view = rules.view(state, seat)
            draw = board_drawer(slug, view, SPRITE.format(game=slug))
            text = str(draw())
            ms = median_ms(draw, rounds)
            print(f"{slug + ', ' + who:34} {len(text) / 1024:7.1f} {gz(text) / 1024:6.2f} {ms:6.2f}")
        try:
            before = old_board(slug, rules.view(state, 0))
        except ImportError:
            continue
        text = before()
        print(
            f"{slug + ', player: the present board':34} {len(text) / 1024:7.1f} {gz(text) / 1024:6.2f} "
            f"{median_ms(before, rounds):6.2f}"
        )


if __name__ == "__main__":
    main()
