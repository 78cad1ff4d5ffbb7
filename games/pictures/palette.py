"""Colours of the pictures: Okabe-Ito's colour-blind-safe hues (the table draws all its colours
from here; the old `games/board/palette.py` went with the old board SVG), and the paper, ink and
sea around them.

Colour never carries meaning alone: every character, boat and figure also shows letters, and
every card kind an icon of its own shape.
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

#: Lifeboat's characters, each with a hue (the same as the table's legend).
CHARACTER_FILL: dict[str, str] = {
    "lady_lauren": OKABE_ITO["purple"],
    "sir_stephen": OKABE_ITO["sky"],
    "captain": OKABE_ITO["blue"],
    "first_mate": OKABE_ITO["green"],
    "frenchy": OKABE_ITO["orange"],
    "kid": OKABE_ITO["vermillion"],
}

#: Lifeboats' boat and player colours drawn with Okabe-Ito hues.
GAME_FILL: dict[str, str] = {
    "red": OKABE_ITO["vermillion"],
    "blue": OKABE_ITO["blue"],
    "green": OKABE_ITO["green"],
    "yellow": OKABE_ITO["yellow"],
    "purple": OKABE_ITO["purple"],
    "orange": OKABE_ITO["orange"],
    "black": "#222222",
}

PAPER = "#FFFBF0"
INK = "#1D2A33"
MUTED = "#5D6B73"
LINE = "#8A7F6A"
SEA = "#CFE8F3"
SEA_DEEP = "#9CC9DE"
WAVE = "#6FA8C7"
WOOD = "#A9713F"
WOOD_DARK = "#6E4522"
SAND = "#F1DFA8"
SAND_EDGE = "#B79A52"
WOUND = OKABE_ITO["vermillion"]
GREY = "#A8A8A8"
#: The "what changed" marker and the reader's own seat.
MARK = OKABE_ITO["orange"]
ME = "#1D2A33"

#: Card families: the border and band colour of each deck's faces.
DECK_FILL: dict[str, str] = {
    "provisions": "#2C6E63",
    "navigation": "#1F3A5F",
    "love": "#B0457B",
    "hate": "#3B3B3B",
    "character": "#5A4632",
    "vote": "#4A4A4A",
    "hat": "#1F3A5F",
}

#: The icon colour of each Provisions kind (shape tells them apart; colour helps).
KIND_FILL: dict[str, str] = {
    "water": OKABE_ITO["blue"],
    "cash": OKABE_ITO["green"],
    "jewels": OKABE_ITO["purple"],
    "painting": "#8A5A00",
    "medkit": OKABE_ITO["vermillion"],
    "oar": WOOD_DARK,
    "chum": "#4D5A61",
    "blackjack": INK,
    "knife": INK,
    "hook": INK,
    "flare_gun": OKABE_ITO["vermillion"],
    "life_preserver": OKABE_ITO["vermillion"],
    "compass": "#1F3A5F",
    "parasol": OKABE_ITO["orange"],
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


def ink_on(fill: str) -> str:
    """Black or white text for a fill: whichever contrasts more with it."""
    return max("#000000", "#FFFFFF", key=lambda text: contrast(fill, text))
