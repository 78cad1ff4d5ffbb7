"""Card faces: which face shows a card, what it says in words, and how each face is drawn.

Every face is drawn once into the sprite (`sprite.py`) as a `<symbol>` 100 x 140 units; boards
and templates show a card with `<use href="<sprite>#<face>">`. Faces are per kind, not per
card (the sixteen Waters share one face), and a face's id never contains a card id, so a
picture names a card only through the `data-card` of a card its view shows.

A card the view does not show has no face here: it is drawn as its deck's back.

Here: what every game's faces share (the card, its frame, its words fitted in, badges, the
backs). Each game draws its own faces (`games.<slug>.faces`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext

from . import words
from .fit import fit, line
from .icons import icon
from .markup import Markup, el, join, num
from .palette import (
    DECK_FILL,
    INK,
    MUTED,
    PAPER,
    ink_on,
)

WIDTH, HEIGHT = 100, 140
VIEWBOX = f"0 0 {WIDTH} {HEIGHT}"


BACKS: dict[str, str] = {
    "provisions": "back-provisions",
    "navigation": "back-navigation",
    "secret": "back-secret",
    "vote": "back-vote",
}


@dataclass(frozen=True)
class CardFace:
    """A card as a picture shows it: `card` is the id the view gave (None for an unknown card,
    drawn as a back), `face` the sprite symbol, `label` the card in words."""

    card: str | None
    face: str
    label: str

    @property
    def known(self) -> bool:
        return self.card is not None


def back_label(deck: str) -> str:
    if deck == "provisions":
        return gettext("a Provisions card, face down")
    if deck == "navigation":
        return gettext("a Navigation card, face down")
    if deck == "vote":
        return gettext("a vote card, face down")
    return gettext("a secret card")


# -- drawing ------------------------------------------------------------------------------------


def frame(colour: str, *, band: float = 0) -> Markup:
    parts = [
        el(
            "rect",
            {
                "x": 1.5,
                "y": 1.5,
                "width": 97,
                "height": 137,
                "rx": 9,
                "fill": PAPER,
                "stroke": colour,
                "stroke_width": 3,
            },
        )
    ]
    if band:
        parts.append(
            el("path", {"d": f"M1.5 10.5a9 9 0 0 1 9-9h79a9 9 0 0 1 9 9V{num(band)}H1.5z", "fill": colour})
        )
    return join(parts)


def lines(
    x: float, top: float, text: str, size: float, width: float, *, bold: bool, max_lines: int, fill: str = INK
) -> tuple[Markup, float]:
    """`text` fitted into `width` below `top`; returns the markup and the bottom."""
    fitted = fit(text, width, size, bold=bold, max_lines=max_lines)
    step = fitted.size * 1.12
    out = []
    y = top + fitted.size * 0.86
    for text_line in fitted.lines:
        out.append(line(x, y, text_line, fitted.size, width, bold=bold, fill=fill))
        y += step
    return join(out), top + step * len(fitted.lines)


def name_and_effect(name: str, effect: str, *, top: float = 74) -> Markup:
    """The name (up to two lines) and the effect (up to two lines, at the bottom edge)."""
    name_markup, bottom = lines(50, top, name, 14.5, 90, bold=True, max_lines=2)
    room = HEIGHT - 6 - (bottom + 2)
    effect_fit = fit(effect, 90, 10.5, max_lines=2)
    size = min(effect_fit.size, room / (1.12 * max(1, len(effect_fit.lines))))
    effect_top = HEIGHT - 6 - size * 1.12 * len(effect_fit.lines)
    effect_markup, _ = lines(50, effect_top, effect, size, 90, bold=False, max_lines=2, fill=MUTED)
    return join([name_markup, effect_markup])


def tint(colour: str, amount: float = 0.16) -> str:
    """`colour` mixed with white (a light background of the same hue)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02X}" for c in mix)


def badge(cx: float, cy: float, r: float, fill: str, mark: str, *, crossed: bool = False) -> Markup:
    """A round badge with a character's or a colour's letters."""
    parts = [
        el("circle", {"cx": cx, "cy": cy, "r": r, "fill": fill, "stroke": INK, "stroke_width": 1}),
        line(cx, cy + r * 0.36, mark, r * 0.95, r * 1.7, bold=True, fill=ink_on(fill)),
    ]
    if crossed:
        d = r * 0.95
        parts.append(
            el(
                "path",
                {
                    "d": f"M{num(cx - d)} {num(cy + d)}L{num(cx + d)} {num(cy - d)}",
                    "stroke": "#FFFFFF",
                    "stroke_width": 4,
                    "stroke_linecap": "round",
                },
            )
        )
        parts.append(
            el(
                "path",
                {
                    "d": f"M{num(cx - d)} {num(cy + d)}L{num(cx + d)} {num(cy - d)}",
                    "stroke": INK,
                    "stroke_width": 2,
                    "stroke_linecap": "round",
                },
            )
        )
    return join(parts)


def _back(colour: str, label: str, icon_name: str) -> Markup:
    stripes = "".join(f"M{x} 4 L{x - 40} 136 " for x in range(20, 160, 14))
    return join(
        [
            el(
                "rect",
                {
                    "x": 1.5,
                    "y": 1.5,
                    "width": 97,
                    "height": 137,
                    "rx": 9,
                    "fill": colour,
                    "stroke": INK,
                    "stroke_width": 1.5,
                },
            ),
            el("path", {"d": stripes, "stroke": "#FFFFFF", "stroke_opacity": 0.12, "stroke_width": 5}),
            el(
                "rect",
                {
                    "x": 8,
                    "y": 8,
                    "width": 84,
                    "height": 124,
                    "rx": 6,
                    "fill": "none",
                    "stroke": "#FFFFFF",
                    "stroke_opacity": 0.6,
                    "stroke_width": 1.5,
                },
            ),
            el("circle", {"cx": 50, "cy": 58, "r": 24, "fill": "#FFFFFF", "fill_opacity": 0.92}),
            icon(icon_name, 34, 42, 32, colour),
            lines(50, 96, label, 12, 80, bold=True, max_lines=2, fill="#FFFFFF")[0],
        ]
    )


def draw_back(deck: str) -> Markup:
    if deck == "provisions":
        return _back(DECK_FILL["provisions"], words.word(words.DECK_NAMES, "provisions"), "life_preserver")
    if deck == "navigation":
        return _back(DECK_FILL["navigation"], words.word(words.DECK_NAMES, "navigation"), "compass")
    if deck == "vote":
        return _back(DECK_FILL["vote"], pgettext("card back", "Vote"), "hat")
    return _back("#6B3A5A", gettext("Secret"), "heart")
