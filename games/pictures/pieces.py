"""The pieces boards draw many times, as sprite symbols a board `<use>`s: here what every game
shares (a name line, icons as symbols, `use`); each game's own pieces are in `games.<slug>.pieces`.

Figures carry their letters (a character's mark, a colour's letter), so they are drawn in the
sprite's language; a board then writes one short `<use>` per figure. Icons draw in
`currentColor`, set by the `<use>`'s `color`.
"""

from __future__ import annotations

from ..seats import BotName
from .fit import TextStyle, line, shorten, text_width
from .icons import ICONS, icon
from .markup import Markup, el, join


def name_line(
    x: float,
    y: float,
    name: str,
    size: float,
    width: float,
    *,
    colour: str,
    bold: bool = False,
    anchor: str = "middle",
    fill: str | None = None,
    within: TextStyle | None = None,
) -> Markup:
    """A player's name in one line at (x, y), cut with an ellipsis to fit `width`. A bot's
    (`BotName`) is the bot's mark (in `colour`) and the bot's own name: however it is cut, the
    seat shows as a bot's (cut, "Bot Ada (bot)" was "Bot Ada…")."""
    if not isinstance(name, BotName):
        text = shorten(name, size, width, bold)
        return line(x, y, text, size, width, bold=bold, anchor=anchor, fill=fill, within=within)
    gap = size * 0.3
    room = width - size - gap
    text = shorten(name.bot, size, room, bold)
    drawn = size + gap + min(room, text_width(text, size, bold))
    left = {"start": x, "end": x - drawn}.get(anchor, x - drawn / 2)
    mark = icon("bot", left, y - size * 0.85, size, colour)
    return join(
        [
            el("g", {"class_": "pic-bot"}, el("title", None, name), mark),
            line(left + size + gap, y, text, size, room, bold=bold, anchor="start", fill=fill, within=within),
        ]
    )


def symbol(symbol_id: str, view_box: str, body: Markup) -> Markup:
    return el("symbol", {"id": symbol_id, "viewBox": view_box}, body)


def icon_symbols(names: tuple[str, ...]) -> list[Markup]:
    return [symbol(f"icon-{name}", "0 0 24 24", ICONS[name]) for name in names]


def use(sprite: str, symbol: str, x: float, y: float, width: float, height: float, **attrs: object) -> Markup:
    """A sprite symbol drawn `width` x `height` at (x, y)."""
    return el(
        "use",
        {
            "href": f"{sprite}#{symbol}",
            "x": x or None,
            "y": y or None,
            "width": width,
            "height": height,
            **attrs,
        },
    )
