"""Lifeboats' pieces for the sprite: boats, figures by rank and colour, landed boats, lanes,
hats, leaks."""

from __future__ import annotations

from engine.lifeboats.data import BLACK, HATS_PER_PLAYER, LANES, PLAYER_COLOURS
from games.pictures import words
from games.pictures.fit import line
from games.pictures.icons import ICONS
from games.pictures.markup import Markup, el, join
from games.pictures.palette import GAME_FILL, GREY, INK, LINE, PAPER, WAVE, ink_on
from games.pictures.pieces import icon_symbols, symbol

from .layout import board_pieces

#: A Lifeboats boat, 50 wide and 80 high, its bow up.
HULL = "M0 20Q25 -6 50 20V74Q50 80 44 80H6Q0 80 0 74Z"


HULL_BOX = "-3 -6 56 89"


RANKS = ("sailor", "officer")


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
    return symbol(
        chip_symbol(colour),
        "-0.5 -0.5 21 11",
        join(
            [
                el("path", {"d": "M0 0h20l-3 10h-14z", "fill": fill, "stroke": INK, "stroke_width": 0.8}),
                line(10, 8, words.word(words.COLOUR_LETTERS, colour), 8.5, 10, bold=True, fill=ink_on(fill)),
            ]
        ),
    )


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
        return symbol(
            figure_symbol(rank, colour),
            "-9.5 -9.5 19 19",
            join([shape, line(0, 2.9, letter, 8, 9, bold=True, fill=ink_on(fill))]),
        )
    shape = el("circle", {"r": 7, "fill": fill, "stroke": INK, "stroke_width": 1.1})
    return symbol(
        figure_symbol(rank, colour),
        "-8 -8 16 16",
        join([shape, line(0, 2.9, letter, 8, 10, bold=True, fill=ink_on(fill))]),
    )


def _pieces() -> list[Markup]:
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
        symbol("piece-hull", HULL_BOX, hull),
        symbol("piece-wreck", HULL_BOX, wreck),
        symbol("piece-slot", "0 0 12 12", slot),
        symbol("piece-behind", "-8 -8 16 16", behind),
        symbol("piece-leak", "0 0 24 24", el("g", {"color": "#56B4E9"}, ICONS["leak"])),
        symbol(
            "piece-sailor",
            "-8 -8 16 16",
            el("circle", {"r": 7, "fill": "currentColor", "stroke": INK, "stroke_width": 1.1}),
        ),
        symbol(
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
            symbol(
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
            symbol(
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


def sprite_pieces() -> list[Markup]:
    """Every piece of the Lifeboats sprite: the figures, boats and marks, and the board's parts
    that never change (`layout.board_pieces`)."""
    return [*_pieces(), *board_pieces()]
