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

#: The fills of the letter tags beside the pictures (static/site/site.css has a class for each,
#: `fill-<hex>`, since a strict Content-Security-Policy allows no style= attribute).
TAG_FILLS = {*OKABE_ITO.values(), "#888888", "#BBBBBB"}

#: Lifeboat's characters, bow to stern order, each with a hue and a two-letter mark.
CHARACTER_COLOURS: dict[str, tuple[str, str]] = {
    "lady_lauren": (OKABE_ITO["purple"], "LL"),
    "sir_stephen": (OKABE_ITO["sky"], "SS"),
    "captain": (OKABE_ITO["blue"], "Ca"),
    "first_mate": (OKABE_ITO["green"], "FM"),
    "frenchy": (OKABE_ITO["orange"], "Fr"),
    "kid": (OKABE_ITO["vermillion"], "Ki"),
}


def _luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a #RRGGBB colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two #RRGGBB colours (1 to 21)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink(fill: str) -> str:
    """Black or white text for a fill colour: whichever contrasts more with it."""
    return max("#000000", "#FFFFFF", key=lambda text: contrast(fill, text))


def game_colour(name: str) -> tuple[str, str, str]:
    """(fill, text colour, letter) for a Lifeboats colour name."""
    fill, letter = GAME_COLOURS.get(name, ("#888888", "?"))
    return fill, ink(fill), letter
