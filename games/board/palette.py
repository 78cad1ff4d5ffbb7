"""A colour-blind-safe palette (Okabe-Ito) with a letter beside every colour.

Colour never carries meaning alone: each figure, boat and character also shows a letter.
"""

from __future__ import annotations

#: Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO: dict[str, str] = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "black": "#000000",
}

#: Lifeboats' player colours (and the black boat) drawn with Okabe-Ito hues, and their letters.
GAME_COLOURS: dict[str, tuple[str, str]] = {
    "red": (OKABE_ITO["vermillion"], "R"),
    "blue": (OKABE_ITO["blue"], "B"),
    "green": (OKABE_ITO["green"], "G"),
    "yellow": (OKABE_ITO["yellow"], "Y"),
    "purple": (OKABE_ITO["purple"], "P"),
    "orange": (OKABE_ITO["orange"], "O"),
    "black": (OKABE_ITO["black"], "K"),
}

#: Text that stays readable on each fill.
DARK_FILLS = {OKABE_ITO["blue"], OKABE_ITO["black"], OKABE_ITO["vermillion"], OKABE_ITO["green"]}

#: Lifeboat's characters, bow to stern order, each with a hue and a two-letter mark.
CHARACTER_COLOURS: dict[str, tuple[str, str]] = {
    "lady_lauren": (OKABE_ITO["purple"], "LL"),
    "sir_stephen": (OKABE_ITO["sky"], "SS"),
    "captain": (OKABE_ITO["blue"], "Ca"),
    "first_mate": (OKABE_ITO["green"], "FM"),
    "frenchy": (OKABE_ITO["orange"], "Fr"),
    "kid": (OKABE_ITO["vermillion"], "Ki"),
}


def ink(fill: str) -> str:
    """Black or white text for a fill colour."""
    return "#FFFFFF" if fill in DARK_FILLS else "#000000"


def game_colour(name: str) -> tuple[str, str, str]:
    """(fill, text colour, letter) for a Lifeboats colour name."""
    fill, letter = GAME_COLOURS.get(name, ("#888888", "?"))
    return fill, ink(fill), letter
