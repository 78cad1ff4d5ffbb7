"""The card sprites' files: for each game and language, every face the game's package draws
(`Presentation.sprite_faces`) and its pieces (`sprite_pieces`) as `<symbol>`s in one SVG file
(`games.pictures.sprite` says where it is and its URL).

`manage.py draw_card_sprites` writes them; a test fails when one is out of date with the code or
the catalogues.
"""

from __future__ import annotations

from pathlib import Path

from django.utils import translation

from games.pictures.faces import VIEWBOX
from games.pictures.fit import FONT
from games.pictures.markup import el, join
from games.pictures.sprite import languages, sprite_path
from games.presentations import PRESENTATIONS, presentation

GAMES: tuple[str, ...] = tuple(PRESENTATIONS)


def draw_sprite(game: str, language: str) -> str:
    """Every face of `game` with its words in `language`, as one SVG document."""
    with translation.override(language):
        symbols = [
            el("symbol", {"id": face, "viewBox": VIEWBOX, "font_family": FONT}, draw())
            for face, draw in presentation(game).sprite_faces().items()
        ]
        symbols.extend(presentation(game).sprite_pieces())
    return '<svg xmlns="http://www.w3.org/2000/svg">' + join(symbols) + "</svg>\n"


def write_sprites() -> list[Path]:
    """Write every game's sprite in every language; returns the files written."""
    written = []
    for game in GAMES:
        for language in languages():
            path = sprite_path(game, language)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(draw_sprite(game, language), encoding="utf-8")
            written.append(path)
    return written
