"""The pieces boards draw many times, as sprite symbols a board `<use>`s: icons, marks beside a
figure, the Lifeboat characters' figures and the Lifeboats boats and figures.

Figures carry their letters (a character's mark, a colour's letter), so they are drawn in the
sprite's language; a board then writes one short `<use>` per figure. Icons draw in
`currentColor`, set by the `<use>`'s `color`.
"""

from __future__ import annotations

from engine.lifeboat.data import CHARACTERS
from engine.lifeboats.data import BLACK, HATS_PER_PLAYER, LANES, PLAYER_COLOURS

from ..seats import BotName
from . import words
from .fit import TextStyle, line, shorten, text_width
from .icons import ICONS, icon
from .markup import Markup, el, join
from .palette import CHARACTER_FILL, GAME_FILL, GREY, INK, LINE, PAPER, WAVE, ink_on

#: A person, 40 wide and 52 high: a head and round shoulders.
PERSON = "M20 1.5a9.5 9.5 0 1 1 0 19a9.5 9.5 0 1 1 0-19zM2 52V37.5C2 28 10 22.5 20 22.5S38 28 38 37.5V52z"
PERSON_BOX = "0 0 40 52"
LYING_BOX = "0 0 52 40"
#: A Lifeboats boat, 50 wide and 80 high, its bow up.
HULL = "M0 20Q25 -6 50 20V74Q50 80 44 80H6Q0 80 0 74Z"
HULL_BOX = "-3 -6 56 89"
STATES = ("conscious", "unconscious", "dead")
RANKS = ("sailor", "officer")
#: Icons drawn beside a Lifeboat figure, on a round ground.
MARKS = ("wheel", "hourglass", "overboard", "oar", "fight")


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


def person_symbol(slug: str, state: str) -> str:
    return f"fig-{slug}-{state}"


def figure_symbol(rank: str, colour: str) -> str:
    return f"fig-{rank}-{colour}"


def lane_symbol(lane: int) -> str:
    return f"lane-{lane}"


def hats_symbol(kept: int, spent: int) -> str:
    return f"hats-{kept}-{spent}"


def chip_symbol(colour: str) -> str:
    """A landed boat in the harbour."""
    return f"chip-{colour}"


def _chip(colour: str) -> Markup:
    fill = GAME_FILL[colour]
    return _symbol(
        chip_symbol(colour),
        "-0.5 -0.5 21 11",
        join(
            [
                el("path", {"d": "M0 0h20l-3 10h-14z", "fill": fill, "stroke": INK, "stroke_width": 0.8}),
                line(10, 8, words.word(words.COLOUR_LETTERS, colour), 8.5, 10, bold=True, fill=ink_on(fill)),
            ]
        ),
    )


def _symbol(symbol_id: str, view_box: str, body: Markup) -> Markup:
    return el("symbol", {"id": symbol_id, "viewBox": view_box}, body)


def draw_person(fill: str, mark: str, state: str) -> Markup:
    """A character's figure with its mark: upright; lying on its back with its eyes shut
    (unconscious, in a box 52 wide and 40 high); grey with its eyes crossed out (dead)."""
    colour = GREY if state == "dead" else fill
    ink = INK if state == "dead" else ink_on(colour)
    body = [el("path", {"d": PERSON, "fill": colour, "stroke": INK, "stroke_width": 1.6})]
    if state == "dead":
        eyes = "M13 7.5l4.5 4.5m0-4.5L13 12M22.5 7.5l4.5 4.5m0-4.5L22.5 12M15 16.5h10"
        body.append(el("path", {"d": eyes, "stroke": INK, "stroke_width": 1.8, "stroke_linecap": "round"}))
    if state == "unconscious":
        body.append(
            el(
                "path",
                {"d": "M13 10h4M23 10h4", "stroke": INK, "stroke_width": 1.8, "stroke_linecap": "round"},
            )
        )
        # head to the left, the mark upright on the body
        lying = el("g", {"transform": "translate(0 40) rotate(-90)"}, join(body))
        return join([lying, line(38, 25, mark, 14, 26, bold=True, fill=ink)])
    body.append(line(20, 45.5, mark, 14, 32, bold=True, fill=ink))
    return join(body)


def _figure(rank: str, colour: str) -> Markup:
    """A Lifeboats figure: a sailor's disc or an officer's diamond, with its colour's letter."""
    fill = GAME_FILL[colour]
    letter = words.word(words.COLOUR_LETTERS, colour)
    if rank == "officer":
        shape = el(
            "path",
            {
                "d": "M0 -9.1L9.1 0L0 9.1L-9.1 0Z",
                "fill": fill,
                "stroke": INK,
                "stroke_width": 1.1,
                "stroke_linejoin": "round",
            },
        )
        return _symbol(
            figure_symbol(rank, colour),
            "-9.5 -9.5 19 19",
            join([shape, line(0, 2.9, letter, 8, 9, bold=True, fill=ink_on(fill))]),
        )
    shape = el("circle", {"r": 7, "fill": fill, "stroke": INK, "stroke_width": 1.1})
    return _symbol(
        figure_symbol(rank, colour),
        "-8 -8 16 16",
        join([shape, line(0, 2.9, letter, 8, 10, bold=True, fill=ink_on(fill))]),
    )


def icon_symbols(names: tuple[str, ...]) -> list[Markup]:
    return [_symbol(f"icon-{name}", "0 0 24 24", ICONS[name]) for name in names]


def mark_symbols() -> list[Markup]:
    """`mark-<icon>`: the icon on a round paper ground, for the marks beside a figure."""
    ground = el("circle", {"cx": 12, "cy": 12, "r": 11.3, "fill": PAPER, "stroke": LINE, "stroke_width": 1.2})
    colours = {"overboard": "#D55E00", "oar": "#6E4522"}
    return [
        _symbol(
            f"mark-{name}",
            "0 0 24 24",
            join(
                [
                    ground,
                    el(
                        "g",
                        {"transform": "translate(4 4) scale(.667)", "color": colours.get(name, INK)},
                        ICONS[name],
                    ),
                ]
            ),
        )
        for name in MARKS
    ]


def lifeboat_pieces() -> list[Markup]:
    """The Lifeboat board's pieces, in the active language (the figures carry their marks)."""
    people = [
        _symbol(
            person_symbol(slug, state),
            LYING_BOX if state == "unconscious" else PERSON_BOX,
            draw_person(CHARACTER_FILL[slug], words.word(words.CHARACTER_MARKS, slug), state),
        )
        for slug in CHARACTERS
        for state in STATES
    ]
    return [*people, *mark_symbols(), *icon_symbols(("bird", "cards", "skull", "open"))]


def lifeboats_pieces() -> list[Markup]:
    """The Lifeboats board's pieces, in the active language (figures carry their letters)."""
    hull = join(
        [
            el(
                "path",
                {
                    "d": HULL,
                    "fill": PAPER,
                    "stroke": "currentColor",
                    "stroke_width": 5,
                    "stroke_linejoin": "round",
                },
            ),
            el("path", {"d": HULL, "fill": "none", "stroke": INK, "stroke_width": 0.8}),
            el(
                "circle",
                {"cx": 25, "cy": 9, "r": 7.5, "fill": "currentColor", "stroke": INK, "stroke_width": 0.8},
            ),
        ]
    )
    wreck = join(
        [
            el(
                "path",
                {"d": HULL, "fill": "none", "stroke": GREY, "stroke_width": 2.5, "stroke_dasharray": "5 3"},
            ),
            el(
                "path",
                {"d": "M-3 44" + "q7 -5 14 0" * 4, "fill": "none", "stroke": WAVE, "stroke_width": 2.2},
            ),
        ]
    )
    slot = el(
        "rect",
        {
            "x": 0.5,
            "y": 0.5,
            "width": 11,
            "height": 11,
            "rx": 2.5,
            "fill": "none",
            "stroke": LINE,
            "stroke_width": 0.8,
            "stroke_dasharray": "2 1.5",
        },
    )
    behind = el(
        "circle", {"r": 7.5, "fill": "none", "stroke": INK, "stroke_width": 0.8, "stroke_dasharray": "2 1.5"}
    )
    return [
        *(_figure(rank, colour) for colour in (*PLAYER_COLOURS, BLACK) for rank in RANKS),
        *(_chip(colour) for colour in (*PLAYER_COLOURS, BLACK)),
        _symbol("piece-hull", HULL_BOX, hull),
        _symbol("piece-wreck", HULL_BOX, wreck),
        _symbol("piece-slot", "0 0 12 12", slot),
        _symbol("piece-behind", "-8 -8 16 16", behind),
        _symbol("piece-leak", "0 0 24 24", el("g", {"color": "#56B4E9"}, ICONS["leak"])),
        _symbol(
            "piece-sailor",
            "-8 -8 16 16",
            el("circle", {"r": 7, "fill": "currentColor", "stroke": INK, "stroke_width": 1.1}),
        ),
        _symbol(
            "piece-officer",
            "-9.5 -9.5 19 19",
            el(
                "path",
                {
                    "d": "M0 -9.1L9.1 0L0 9.1L-9.1 0Z",
                    "fill": "currentColor",
                    "stroke": INK,
                    "stroke_width": 1.1,
                },
            ),
        ),
        *icon_symbols(("boat", "hat", "star", "hourglass")),
        *(
            _symbol(
                lane_symbol(lane),
                "0 0 22 22",
                join(
                    [
                        el(
                            "circle",
                            {"cx": 11, "cy": 11, "r": 10, "fill": PAPER, "stroke": INK, "stroke_width": 1.2},
                        ),
                        line(11, 15.5, str(lane), 12, 14, bold=True, fill=INK),
                    ]
                ),
            )
            for lane in LANES
        ),
        *(
            _symbol(
                hats_symbol(kept, spent),
                "0 0 72 24",
                join(
                    el(
                        "g",
                        {"transform": f"translate({24 * i} 0)", "color": INK if i < kept else "#C4BDAE"},
                        ICONS["hat"],
                    )
                    for i in range(kept + spent)
                ),
            )
            for kept in range(HATS_PER_PLAYER + 1)
            for spent in range(HATS_PER_PLAYER + 1 - kept)
        ),
    ]


PIECES = {"lifeboat": lifeboat_pieces, "lifeboats": lifeboats_pieces}


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
