"""The card sprites: every face of a game drawn once as `<symbol>`s, with the pieces its board
draws many times (`pieces.py`), one file per game and language.

The files are static (`games/static/games/pictures/<game>-<language>.svg`), written by
`manage.py draw_card_sprites` and committed; a test fails when one is out of date with the code
or the catalogues. Whitenoise serves them with a hashed name and a year's cache, so a table
page pays for its sprite once. Pictures refer to faces as `<use href="{sprite_url}#face-...">`.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.templatetags.static import static
from django.utils import translation

from .faces import FACES, VIEWBOX
from .fit import FONT
from .lifeboats import board_pieces
from .markup import el, join
from .pieces import PIECES

GAMES: tuple[str, ...] = tuple(FACES)
STATIC_DIR = Path(__file__).resolve().parent.parent / "static"


def sprite_name(game: str, language: str) -> str:
    """The sprite's path among the static files."""
    return f"games/pictures/{game}-{language}.svg"


def sprite_path(game: str, language: str) -> Path:
    return STATIC_DIR / sprite_name(game, language)


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def sprite_language(language: str | None = None) -> str:
    """The language whose sprite a reader gets: the active one if it has a sprite, else English."""
    language = (language or translation.get_language() or "en").split("-")[0]
    return language if language in languages() else "en"


def sprite_url(game: str, language: str | None = None) -> str:
    """The URL of `game`'s sprite in `language` (default: the active language)."""
    if game not in FACES:
        raise KeyError(game)
    return static(sprite_name(game, sprite_language(language)))


def draw_sprite(game: str, language: str) -> str:
    """Every face of `game` with its words in `language`, as one SVG document."""
    with translation.override(language):
        symbols = [
            el("symbol", {"id": face, "viewBox": VIEWBOX, "font_family": FONT}, draw())
            for face, draw in FACES[game]().items()
        ]
        symbols.extend(PIECES[game]())
        if game == "lifeboats":
            symbols.extend(board_pieces())
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
