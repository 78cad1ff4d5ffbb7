"""Lifeboats' board geometry (seven lanes, three rows, the harbour's seven spaces, the players'
strip) and the parts of it that never change, drawn once per language into the game's sprite."""

from __future__ import annotations

from django.utils.translation import gettext

from engine.lifeboats.data import MOVES_TO_LAND
from games.pictures.fit import line
from games.pictures.icons import ICONS
from games.pictures.markup import Markup, el, join, num
from games.pictures.palette import INK, LINE, MUTED, PAPER, SEA, WAVE

LANE = 58
PAD = 6
LANES = 7
WIDTH = PAD * 2 + LANE * LANES
HARBOUR_H = 30
ISLAND_TOP = HARBOUR_H + 4
ROW_H = 102
ROWS = MOVES_TO_LAND
START_H = 30
PLAYER_H = 24
BOAT_W, BOAT_H = 50, 80
SEA_H = ROWS * ROW_H + START_H + 4
SLOT_W = 32
HARBOUR_LEFT = WIDTH - PAD - 7 * SLOT_W
FIGURE_STEP = 12
#: Seats in a boat, relative to its top left corner: two columns, three rows.
SEAT_AT = tuple((15 + (i % 2) * 20, 30 + (i // 2) * 18) for i in range(6))


def harbour_piece() -> Markup:
    """The harbour's strip: its name and seven numbered spaces (in the active language)."""
    slots = []
    for i in range(1, 8):
        x = HARBOUR_LEFT + (i - 1) * SLOT_W
        slots.append(
            el(
                "rect",
                {
                    "x": x + 1.5,
                    "y": 4,
                    "width": SLOT_W - 3,
                    "height": 22,
                    "rx": 4,
                    "fill": PAPER,
                    "stroke": LINE,
                    "stroke_width": 0.8,
                },
            )
        )
        slots.append(line(x + 7, 12.5, num(i), 7.5, 8, fill=MUTED))
    return join(
        [
            el("rect", {"width": WIDTH, "height": HARBOUR_H, "fill": "#D9D2C0"}),
            el("g", {"transform": f"translate({PAD} 6) scale(.708)", "color": INK}, ICONS["boat"]),
            line(PAD + 21, 19.5, gettext("Harbour"), 10.5, 90, bold=True, anchor="start", fill=INK),
            *slots,
        ]
    )


def sea_piece() -> Markup:
    """The sea: lanes, rows, and the sinking ship along the start (4 units above the first row)."""
    top = 4
    lanes = "".join(f"M{num(PAD + i * LANE)} {top}v{ROWS * ROW_H}" for i in range(1, LANES))
    rows = "".join(f"M{PAD} {num(top + row * ROW_H)}H{num(WIDTH - PAD)}" for row in range(1, ROWS))
    sy = top + ROWS * ROW_H
    return join(
        [
            el("rect", {"width": WIDTH, "height": SEA_H, "fill": SEA}),
            el("path", {"d": lanes, "stroke": WAVE, "stroke_width": 1, "stroke_dasharray": "4 5"}),
            el("path", {"d": rows, "stroke": "#B5D8E8", "stroke_width": 1}),
            el(
                "path",
                {
                    "d": f"M{PAD} {num(sy + 2)}H{num(WIDTH - PAD)}l-10 {START_H - 4}H{PAD + 10}z",
                    "fill": "#7A7F84",
                    "stroke": INK,
                    "stroke_width": 1.2,
                },
            ),
        ]
    )


def board_pieces() -> list[Markup]:
    """The parts of the board that never change, for the sprite (in the active language)."""
    return [
        el("symbol", {"id": "piece-harbour", "viewBox": f"0 0 {WIDTH} {HARBOUR_H}"}, harbour_piece()),
        el("symbol", {"id": "piece-sea", "viewBox": f"0 0 {WIDTH} {SEA_H}"}, sea_piece()),
    ]
