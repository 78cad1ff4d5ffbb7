"""Fitting words into a width: an estimate of how wide a text is drawn, and line breaking.

SVG text does not wrap, and the pictures cannot measure text on the server, so widths are
estimated from Helvetica's metrics (most sans-serif faces are as wide or narrower) with a margin
for wider faces such as DejaVu Sans. Text that still would not fit is drawn with `textLength`,
which makes the browser squeeze it into the width.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

from .markup import Markup, el

# Helvetica widths in thousandths of an em (regular, bold), by character.
_REGULAR = dict(
    zip(
        " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
        (
            278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
            *([556] * 10),
            278, 278, 584, 584, 584, 556, 1015,
            667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
            722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
            278, 278, 278, 469, 556, 333,
            556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
            556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,
            334, 260, 334, 584,
        ),
        strict=True,
    )
)  # fmt: skip
_BOLD_LOWER = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyz",
        (556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889,
         611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500),
        strict=True,
    )
)  # fmt: skip
_BOLD_UPPER = {"A": 722, "B": 722, "J": 556, "K": 722, "L": 611}
#: The pictures' font: the system's sans-serif, as the site's pages use. The sprites' symbols name
#: it; the boards take the same stack from pictures.css (`.pic-board`), not from every fragment.
FONT = "system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif"
#: DejaVu Sans, common on Linux, is up to a fifth wider than Helvetica.
_MARGIN = 1.18


@cache
def _char_width(char: str, bold: bool) -> float:
    base = unicodedata.normalize("NFD", char)[:1] or char
    width = _REGULAR.get(base)
    if bold:
        width = _BOLD_LOWER.get(base) or _BOLD_UPPER.get(base) or width
    if width is None:
        width = 600
    return width / 1000


@lru_cache(maxsize=4096)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide `text` is drawn at font size `size` (a little wider rather than narrower)."""
    return sum(_char_width(c, bold) for c in text) * size * _MARGIN


@dataclass(frozen=True)
class Lines:
    lines: tuple[str, ...]
    size: float


@lru_cache(maxsize=2048)
def fit(
    text: str, width: float, size: float, *, bold: bool = False, max_lines: int = 2, smallest: float = 0
) -> Lines:
    """`text` in at most `max_lines` lines at the largest size from `size` down to `smallest`
    (0: two thirds of `size`) at which every line fits `width`; at the smallest size the lines
    may still be too wide (`line` then squeezes them)."""
    smallest = smallest or size * 2 / 3
    words = text.split()
    if not words:
        return Lines((), size)
    current = size
    while True:
        lines = _break(words, width, current, bold, max_lines)
        if all(text_width(line, current, bold) <= width for line in lines) or current <= smallest:
            return Lines(tuple(lines), current)
        current = max(smallest, current - 0.5)


def _break(words: list[str], width: float, size: float, bold: bool, max_lines: int) -> list[str]:
    """Greedy breaking into at most `max_lines` lines; the last line takes what is left."""
    lines: list[str] = []
    current = ""
    for i, word in enumerate(words):
        if len(lines) == max_lines - 1:
            lines.append(" ".join(words[i:]) if not current else current + " " + " ".join(words[i:]))
            return lines
        candidate = f"{current} {word}" if current else word
        if current and text_width(candidate, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    lines.append(current)
    return lines


@dataclass(frozen=True)
class TextStyle:
    """The text attributes a group sets for the texts in it (they inherit them)."""

    size: float
    bold: bool = False
    anchor: str = "middle"
    fill: str | None = None

    def attrs(self) -> dict[str, object]:
        return {
            "font_size": self.size,
            "font_weight": "700" if self.bold else None,
            "text_anchor": self.anchor if self.anchor != "start" else None,
            "fill": self.fill,
        }


def line(
    x: float,
    y: float,
    text: str,
    size: float,
    width: float,
    *,
    bold: bool = False,
    anchor: str = "middle",
    fill: str | None = None,
    within: TextStyle | None = None,
    **attrs: object,
) -> Markup:
    """One line of text at (x, y), squeezed into `width` when it would be wider. Inside a group
    with `within`'s attributes, only the attributes that differ are written."""
    squeeze = text_width(text, size, bold) > width
    own: dict[str, object] = {"x": x, "y": y}
    if within is None or within.size != size:
        own["font_size"] = size
    if (within is None and bold) or (within is not None and within.bold != bold):
        own["font_weight"] = "700" if bold else "400"
    if (within is None and anchor != "start") or (within is not None and within.anchor != anchor):
        own["text_anchor"] = anchor
    if fill is not None and (within is None or within.fill != fill):
        own["fill"] = fill
    if squeeze:
        own["textLength"] = width
        own["lengthAdjust"] = "spacingAndGlyphs"
    return el("text", {**own, **attrs}, text)


@lru_cache(maxsize=2048)
def shorten(text: str, size: float, width: float, bold: bool = False) -> str:
    """`text` cut with an ellipsis to fit `width` (names of players, which may be long)."""
    if text_width(text, size, bold) <= width:
        return text
    cut = text
    while cut and text_width(cut + "…", size, bold) > width:
        cut = cut[:-1]
    return cut.rstrip() + "…"
