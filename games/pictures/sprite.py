"""Where a game's card sprite is: every face of the game drawn once as `<symbol>`s, with the
pieces its board draws many times, one file per game and language (`games.sprites` draws them).

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

import engine

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
    engine.get_game(game)  # KeyError for a game there is no sprite of
    return static(sprite_name(game, sprite_language(language)))
