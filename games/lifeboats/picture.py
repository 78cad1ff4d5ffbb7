"""Lifeboats' board from one seat's view: seven numbered lanes from the sinking ship (bottom) to
the islands (top), the harbour above them, and a strip of the players.

Each boat sits in its lane at its row (it lands on its third move): six seats holding sailors
(discs), officers (diamonds), leaks (drops) or nothing, each figure in its owner's colour with
the colour's letter. Figures set behind a boat float below it. Sunk boats are wrecks in their
lane; landed boats wait in the harbour in arrival order. The islands show their points and the
figures ashore. The players' strip shows each player's colour, captain's hats (kept and spent),
points, whether they have voted in the open vote, their card in the last revealed vote, the
start player and whom the game waits for.

The lanes are numbered 1-7 as the prompts count them ("Place your boat in lane 3").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from games.pictures import words
from games.pictures.faces import CardFace
from games.pictures.fit import TextStyle, line
from games.pictures.hooks import hooked_use, part
from games.pictures.markup import Markup, el, join, num, safe
from games.pictures.palette import (
    GAME_FILL,
    GREY,
    INK,
    LINE,
    ME,
    MUTED,
    PAPER,
    SAND,
    SAND_EDGE,
    WOUND,
    ink_on,
)
from games.pictures.pieces import name_line, use

from .faces import lifeboats_card
from .layout import (
    BOAT_H,
    BOAT_W,
    FIGURE_STEP,
    HARBOUR_H,
    HARBOUR_LEFT,
    ISLAND_TOP,
    LANE,
    LANES,
    PAD,
    PLAYER_H,
    ROW_H,
    ROWS,
    SEA_H,
    SEAT_AT,
    SLOT_W,
    START_H,
    WIDTH,
)
from .picture_words import BoardWords
from .pieces import chip_symbol, figure_symbol, hats_symbol, lane_symbol

#: Texts inherit these from their groups: letters on boats, the players' strip, the harbour's numbers.
LETTER = TextStyle(8, bold=True, fill="#FFFFFF")
STRIP = TextStyle(11, fill=INK)
HARBOUR_NUMBER = TextStyle(7.5, fill=MUTED)


class _Board(BoardWords):
    def __init__(
        self,
        view: dict[str, Any],
        names: Mapping[int, str],
        sprite: str,
        changed: Collection[str],
        choosable: Collection[str],
    ) -> None:
        super().__init__(view, names)
        self.sprite = sprite
        self.changed, self.choosable = changed, choosable
        vote = self.vote
        # the boats a vote is about now: the full boat of an ejection vote; after a reveal that
        # leaves a decision, the boats among which it is made
        self.in_question: set[str] = set()
        if vote.get("kind") == "eject" and vote.get("boat"):
            self.in_question.add(vote["boat"])
        elif vote.get("revealed") and vote.get("outcome") is None:
            self.in_question.update(vote.get("among") or [])
        lanes = view["options"].get("island_lanes") or [2, 2, 3]
        self.island_spans = list(zip(("left", "middle", "right"), lanes, strict=False))
        most = 0
        for name, count in self.island_spans:
            per_row = max(1, int((count * LANE - 22) // FIGURE_STEP))
            most = max(most, -(-len(view["islands"][name]["figures"]) // per_row))
        self.island_h = 38 + max(1, most) * FIGURE_STEP
        self.sea_top = ISLAND_TOP + self.island_h + 4
        self.strip_top = self.sea_top + ROWS * ROW_H + START_H + 4

    def part(
        self,
        name: str,
        value: object,
        inner: Markup,
        box: tuple[float, float, float, float],
        at: tuple[float, float] | None = None,
    ) -> Markup:
        return part(name, value, inner, changed=self.changed, choosable=self.choosable, box=box, at=at)

    def figure(self, fig: dict[str, Any], cx: float, cy: float, size: float = 16) -> Markup:
        """A figure centred at (cx, cy), `size` across: a sailor's disc or an officer's diamond
        (a little larger, for the same area) in its owner's colour, with the colour's letter."""
        colour = self.colour_of.get(fig["owner"], "black")
        half = size * (19 / 32 if fig["rank"] == "officer" else 0.5)
        href = f"{self.sprite}#{figure_symbol(fig['rank'], colour)}"
        box = (cx - half, cy - half, 2 * half, 2 * half)
        return hooked_use("figure", fig["id"], href, box, changed=self.changed, choosable=self.choosable)

    # -- the parts -----------------------------------------------------------------------------
    def harbour(self) -> Markup:
        """The harbour (drawn once in the sprite) and the boats landed in it, by arrival."""
        boats = [
            hooked_use(
                "boat",
                b["colour"],
                f"{self.sprite}#{chip_symbol(b['colour'])}",
                (HARBOUR_LEFT + (b["harbour"] - 1) * SLOT_W + 6, 14, 20, 10),
                changed=self.changed,
                choosable=self.choosable,
            )
            for b in self.view["boats"]
            if b["status"] == "landed" and b["harbour"]
        ]
        ground = use(self.sprite, "piece-harbour", 0, 0, WIDTH, HARBOUR_H)
        return self.part("harbour", None, join([ground, *boats]), (HARBOUR_LEFT, 3, 7 * SLOT_W, 24))

    def islands(self) -> Markup:
        out = []
        edge = 0
        for name, count in self.island_spans:
            x = PAD + edge * LANE + 3
            width = count * LANE - 6
            edge += count
            info = self.view["islands"][name]
            pts = info["points"]
            px = width / 2 - 26
            inner = [
                el(
                    "rect",
                    {
                        "width": width,
                        "height": self.island_h,
                        "rx": 14,
                        "fill": SAND,
                        "stroke": SAND_EDGE,
                        "stroke_width": 1.5,
                    },
                ),
                line(
                    width / 2,
                    13,
                    words.upper_first(words.word(words.ISLAND_NAMES, name)),
                    9.5,
                    width - 12,
                    bold=True,
                    fill=INK,
                ),
                # the points: a sailor's disc and an officer's diamond, each with its value
                use(self.sprite, "piece-sailor", px + 1, 18, 10, 10, color=PAPER),
                line(px + 19, 27, num(pts["sailor"]), 11, 12, bold=True, fill=INK),
                use(self.sprite, "piece-officer", px + 28, 17, 12, 12, color=PAPER),
                line(px + 47, 27, num(pts["officer"]), 11, 12, bold=True, fill=INK),
            ]
            per_row = max(1, int((width - 16) // FIGURE_STEP))
            figures = [
                self.figure(fig, 14 + (i % per_row) * FIGURE_STEP, 40 + (i // per_row) * FIGURE_STEP, 11)
                for i, fig in enumerate(info["figures"])
            ]
            inner.append(join(figures))
            out.append(
                self.part("island", name, join(inner), (0, 0, width, self.island_h), at=(x, ISLAND_TOP))
            )
        return join(out)

    def sea(self) -> Markup:
        """The sea and the sinking ship (drawn once in the sprite), and the lanes' numbers."""
        top = self.sea_top
        sy = top + ROWS * ROW_H
        out = [use(self.sprite, "piece-sea", 0, top - 4, WIDTH, SEA_H)]
        for lane in range(1, LANES + 1):
            cx = PAD + (lane - 0.5) * LANE
            href = f"{self.sprite}#{lane_symbol(lane)}"
            box = (cx - 11, sy + 4, 22, 22)
            out.append(hooked_use("lane", lane, href, box, changed=self.changed, choosable=self.choosable))
        return join(out)

    def boat(self, b: dict[str, Any]) -> Markup:
        lane, colour = b["lane"], b["colour"]
        fill = GAME_FILL[colour]
        w, h = BOAT_W, BOAT_H
        x = PAD + (lane - 1) * LANE + (LANE - w) / 2
        row = min(b["position"], ROWS - 1)
        y = self.sea_top + (ROWS - 1 - row) * ROW_H + 4
        out = []
        if b["status"] == "sunk":
            out.append(use(self.sprite, "piece-wreck", -3, -6, 56, 89))
            out.append(line(w / 2, 30, self.letter(colour), 12, 16, bold=True, fill=MUTED, within=LETTER))
            out.append(line(w / 2, 64, gettext("sunk"), 9.5, w, bold=True, fill=MUTED, within=LETTER))
        else:
            out.append(use(self.sprite, "piece-hull", -3, -6, 56, 89, color=fill))
            out.append(
                line(w / 2, 12.6, self.letter(colour), 10, 12, bold=True, fill=ink_on(fill), within=LETTER)
            )
            empty = "".join(
                f"M{cx - 5.5} {cy - 5.5}h11v11h-11z"
                for (cx, cy), t in zip(SEAT_AT, b["seats"], strict=False)
                if t is None
            )
            if empty:
                out.append(
                    el(
                        "path",
                        {
                            "d": empty,
                            "fill": "none",
                            "stroke": LINE,
                            "stroke_width": 0.8,
                            "stroke_dasharray": "2 1.5",
                        },
                    )
                )
            for (cx, cy), token in zip(SEAT_AT, b["seats"], strict=False):
                if token is None:
                    continue
                if "leak" in token:
                    out.append(use(self.sprite, "piece-leak", cx - 8, cy - 9, 16, 16))
                else:
                    out.append(self.figure(token, cx, cy))
        for i, fig in enumerate(b["behind"]):
            cx, cy = 6 + i * 13, h + 9
            out.append(use(self.sprite, "piece-behind", cx - 8, cy - 8, 16, 16))
            out.append(self.figure(fig, cx, cy, 12))
        if colour in self.in_question:
            out.append(
                el(
                    "rect",
                    {
                        "x": -3.5,
                        "y": -5,
                        "width": w + 7,
                        "height": h + 9,
                        "rx": 10,
                        "fill": "none",
                        "stroke": WOUND,
                        "stroke_width": 2,
                        "stroke_dasharray": "3 2",
                    },
                )
            )
            out.append(
                el(
                    "circle",
                    {"cx": w, "cy": 2, "r": 7.5, "fill": PAPER, "stroke": WOUND, "stroke_width": 1.2},
                )
            )
            out.append(use(self.sprite, "icon-hourglass", w - 5.5, -3.5, 11, 11, color=WOUND))
        return self.part("boat", colour, join(out), (-2, -5, w + 4, h + 8), at=(x, y))

    def players(self) -> Markup:
        out = []
        reveal = self.view.get("last_reveal") or {}
        revealed = {b["seat"]: b["card"] for b in reveal.get("ballots", [])}
        vote = self.vote
        voting = vote and not vote.get("revealed")
        cast = set(vote.get("cast") or []) if voting else set()
        eligible = set(vote.get("eligible") or []) if voting else set()
        width = WIDTH - PAD * 2
        points = pgettext("points, short", "%(n)s pts")
        place = pgettext("final place, short", "#%(n)s")
        final = self.view.get("final")
        for i, p in enumerate(self.view["players"]):
            seat = p["seat"]
            me = seat == self.me
            inner = [
                el(
                    "rect",
                    {
                        "y": 1.5,
                        "width": width,
                        "height": PLAYER_H - 3,
                        "rx": 6,
                        "fill": PAPER,
                        "stroke": ME if me else LINE,
                        "stroke_width": 2.2 if me else 0.8,
                    },
                ),
                use(self.sprite, figure_symbol("sailor", p["colour"]), 4.5, 4.5, 15, 15),
                name_line(
                    25, 16, self.player(seat), 11, 170, colour=INK, bold=me, anchor="start", within=STRIP
                ),
            ]
            # captain's hats: kept ones dark, spent ones pale
            inner.append(use(self.sprite, hats_symbol(p["hats"], p["hats_spent"]), 204, 4, 48, 16))
            inner.append(
                line(312, 16, points % {"n": p["points"]}, 11, 52, bold=True, anchor="end", within=STRIP)
            )
            # the vote: a card face down once cast (a dashed place until then); the last one revealed
            if voting and seat in eligible:
                inner.append(self._chip("cast" if seat in cast else "waiting"))
            elif seat in revealed:
                card = revealed[seat]
                inner.append(self._chip("none" if card is None else "hat" if card == "hat" else card))
            # the start player, and whom the game waits for; after the end, the places
            if final:
                inner.append(
                    line(370, 16.5, place % {"n": final["ranking"][seat]}, 12, 34, bold=True, within=STRIP)
                )
            elif seat == self.view.get("start_player"):
                inner.append(use(self.sprite, "icon-star", 346, 4, 16, 16, color=INK))
            if seat in self.to_act:
                inner.append(use(self.sprite, "icon-hourglass", 370, 4.5, 15, 15, color=INK))
            out.append(
                self.part(
                    "player",
                    seat,
                    join(inner),
                    (0, 1.5, width, PLAYER_H - 3),
                    at=(PAD, self.strip_top + i * PLAYER_H),
                )
            )
        return el("g", STRIP.attrs(), join(out))

    def _chip(self, what: str) -> Markup:
        """A small card at the vote's place in a player's row: cast face down, waited for, or
        the card revealed (no card, a hat, a colour)."""
        box = {"x": 322, "y": 3.5, "width": 12, "height": 17, "rx": 2, "stroke_width": 0.8}
        if what == "cast":
            return join(
                [
                    el("rect", {**box, "fill": "#4A4A4A", "stroke": INK}),
                    line(328, 15.5, "?", 10, 8, bold=True, fill="#FFFFFF", within=STRIP),
                ]
            )
        if what == "waiting":
            return el("rect", {**box, "fill": "none", "stroke": MUTED, "stroke_dasharray": "2 1.5"})
        if what == "none":
            return join(
                [
                    el("rect", {**box, "fill": PAPER, "stroke": MUTED}),
                    line(328, 15.5, "\u2013", 10, 8, fill=MUTED, within=STRIP),
                ]
            )
        if what == "hat":
            return join(
                [
                    el("rect", {**box, "fill": PAPER, "stroke": INK}),
                    use(self.sprite, "icon-hat", 322.5, 6.5, 11, 11, color=INK),
                ]
            )
        fill = GAME_FILL.get(what, GREY)
        return join(
            [
                el("rect", {**box, "fill": fill, "stroke": INK}),
                line(328, 15.7, self.letter(what), 9, 10, bold=True, fill=ink_on(fill), within=STRIP),
            ]
        )

    def draw(self, id_prefix: str) -> Markup:
        n = len(self.view["players"])
        height = self.strip_top + n * PLAYER_H + 4
        boats = [self.boat(b) for b in self.view["boats"] if b["lane"] and b["status"] in ("sea", "sunk")]
        title_id, desc_id = f"{id_prefix}-title", f"{id_prefix}-desc"
        return el(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "class_": "pic-board pic-lifeboats",
                "viewBox": f"0 0 {num(WIDTH)} {num(height)}",
                "width": "100%",
                "role": "img",
                "aria_labelledby": f"{title_id} {desc_id}",
            },
            el(
                "title",
                {"id": title_id},
                gettext("Seven lanes from the sinking ship (bottom) to the islands (top)"),
            ),
            el("desc", {"id": desc_id}, self.description()),
            el("rect", {"width": WIDTH, "height": height, "fill": "#EFE9DA"}),
            self.harbour(),
            self.islands(),
            self.sea(),
            el("g", LETTER.attrs(), join(boats)),
            self.players(),
        )


def lifeboats_board(
    view: dict[str, Any],
    names: Mapping[int, str],
    *,
    sprite: str,
    changed: Collection[str] = frozenset(),
    choosable: Collection[str] = frozenset(),
    id_prefix: str = "lifeboats",
) -> SafeString:
    """The sea as `view` (one seat's, or a spectator's) shows it, as inline SVG.

    `names`: seat -> the player's display name; `sprite`: the URL of the game's sprite
    (`sprite_url("lifeboats")`, for the pieces); `changed`, `choosable`: part keys (see
    `hooks`); `id_prefix` keeps the title's and description's ids unique on a page with several
    boards. The votes it draws are public: who has cast (a back), and the last reveal."""
    return safe(_Board(view, names, sprite, changed, choosable).draw(id_prefix))


def lifeboats_cards(view: dict[str, Any]) -> dict[str, list[CardFace]]:
    """The vote cards of `view` a template shows beside the board, each as a `CardFace`: `hand`
    (the reader's, by card id), `cast` (the reader's card cast face down), `reveal` (the last
    revealed vote, in seat order; no card is left out) and after the end `hand:<seat>`."""
    out: dict[str, list[CardFace]] = {}
    you = view.get("you")
    if you:
        out["hand"] = [lifeboats_card(c) for c in you["hand_ids"]]
        if you.get("cast_id"):
            out["cast"] = [lifeboats_card(you["cast_id"])]
    reveal = view.get("last_reveal")
    if reveal:
        out["reveal"] = [
            lifeboats_card(b["card"]) for b in reveal.get("ballots", []) if b["card"] is not None
        ]
    if view.get("hands"):
        for seat, hand in enumerate(view["hands"]):
            out[f"hand:{seat}"] = [lifeboats_card(c) for c in hand]
    return out
