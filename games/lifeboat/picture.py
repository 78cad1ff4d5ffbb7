"""Lifeboat's board from one seat's view: the boat from bow (left) to stern (right).

Along the top: the Provisions deck (bow), the birds, the Row stack, the Navigation card played
and the Navigation deck (stern). Below, one column per seat: the character's figure (upright,
lying when unconscious, grey with crossed-out eyes when dead) with its name and player, marks
beside it (navigator, to act, going overboard, rowed, fought; the hand's size on the other
side), its wounds (a pip per point of Size, filled per wound), and the cards face up in front of
it. Characters gone from the boat float in the water beyond the stern.

Only the view is read, so only what the seat may see is drawn: hands are counts, the Row stack
is backs unless the view lists its cards, and a card face is used only for a card the view shows.
Faces and pieces come from the sprite (`sprite.py`); parts are placed with `translate` and
drawn in coordinates of their own, which repeat from part to part and compress well.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from engine.lifeboat.data import NAVIGATION
from games.pictures import words
from games.pictures.faces import BACKS, CardFace
from games.pictures.fit import TextStyle, fit, line
from games.pictures.hooks import part
from games.pictures.markup import Markup, el, join, num, safe
from games.pictures.palette import (
    INK,
    LINE,
    ME,
    MUTED,
    PAPER,
    SEA,
    SEA_DEEP,
    WAVE,
    WOOD,
    WOOD_DARK,
    WOUND,
)
from games.pictures.pieces import name_line, use

from .faces import lifeboat_card, lifeboat_face
from .pieces import person_symbol

COL = 64
PAD = 8
MIN_COLUMNS = 5
CARD_W, CARD_H = 40, 56
HEAD_H = 88
SEATS_TOP = HEAD_H + 6
#: Cards face up: a cascade, each card showing its top (the icon) above the next.
UP_W, UP_H, UP_PEEK = 56, 78.4, 33
MAX_BIRDS = 4
FIGURE_H, FIGURE_W = 44, 33.8
#: The texts of a seat column inherit these.
SEAT_TEXT = TextStyle(10, bold=True, fill=INK)


class _Board:
    """One drawing: the view, the reader and the hooks."""

    def __init__(
        self,
        view: dict[str, Any],
        names: Mapping[int, str],
        sprite: str,
        changed: Collection[str],
        choosable: Collection[str],
    ) -> None:
        self.view, self.names, self.sprite = view, names, sprite
        self.changed, self.choosable = changed, choosable
        self.me = view.get("seat")
        self.players = view["players"]
        self.n = len(self.players)
        self.width = PAD * 2 + max(self.n, MIN_COLUMNS) * COL
        window = view.get("window") or {}
        self.sides: dict[int, str] = {}
        if window.get("kind") == "fight":
            for side, seats in (window.get("sides") or {}).items():
                for s in seats:
                    self.sides[s] = side
        self.fallers = set(window.get("fallers") or []) if window.get("kind") == "react" else set()
        self.to_act = set(view.get("to_act") or [])
        self.order = [*view["boat"], *(p["seat"] for p in self.players if not p["in_boat"])]
        self.in_boat = len(view["boat"])
        self.said = words.Said()
        #: How far down the seat columns reach (a figure overboard with its score reaches lowest).
        self.lowest = 0.0

    def player_name(self, seat: int) -> str:
        name = self.names.get(seat)
        return name if name is not None else self.said.gettext("Seat %(n)s") % {"n": seat + 1}

    def part(
        self,
        name: str,
        value: object,
        inner: Markup,
        box: tuple[float, float, float, float],
        at: tuple[float, float] | None = None,
    ) -> Markup:
        return part(name, value, inner, changed=self.changed, choosable=self.choosable, box=box, at=at)

    # -- the header: decks, birds, Row stack, the Navigation card played --------------------
    def header(self) -> Markup:
        view = self.view
        out = [el("rect", {"width": self.width, "height": HEAD_H, "fill": "#E9E2D0"})]
        y = 8
        decks = view["decks"]
        out.append(self.deck("provisions", PAD, y, decks["provisions"]))
        bx = PAD + CARD_W + 8
        birds = []
        for i in range(MAX_BIRDS):
            cx = 10 + i * 20
            if i < view["birds"]:
                birds.append(
                    el(
                        "circle",
                        {"cx": cx, "cy": 22, "r": 9, "fill": PAPER, "stroke": INK, "stroke_width": 1.2},
                    )
                )
                birds.append(use(self.sprite, "icon-bird", cx - 7.5, 14.5, 15, 15, color=INK))
            else:
                birds.append(
                    el(
                        "circle",
                        {
                            "cx": cx,
                            "cy": 22,
                            "r": 9,
                            "fill": "none",
                            "stroke": LINE,
                            "stroke_width": 1.2,
                            "stroke_dasharray": "2.5 2.5",
                        },
                    )
                )
        birds.append(line(40, 48, gettext("Birds %(n)s/4") % {"n": view["birds"]}, 10, 80, fill=INK))
        out.append(self.part("birds", None, join(birds), (0, 10, 80, 42), at=(bx, y)))
        nx = self.width - PAD - CARD_W
        out.append(self.deck("navigation", nx, y, decks["navigation"]))
        played = view.get("navigation_card")
        px = nx - CARD_W - 6
        out.append(self.card(played["id"], px, y, CARD_W, CARD_H) if played else self._empty_slot(px, y))
        out.append(self.row_stack(bx + 88, px - 8, y))
        return join(out)

    def deck(self, deck: str, x: float, y: float, count: int) -> Markup:
        back = use(self.sprite, BACKS[deck], 0, 0, CARD_W, CARD_H) if count else self._empty_slot(0, 0)
        return part(
            f"deck-{deck}",
            None,
            join([back, self._count(CARD_W / 2, CARD_H + 4, count)]),
            changed=self.changed,
            choosable=self.choosable,
            box=(0, 0, CARD_W, CARD_H),
            at=(x, y),
        )

    def _count(self, cx: float, y: float, count: int) -> Markup:
        text = num(count)
        width = 10 + 6 * len(text)
        return join(
            [
                el("rect", {"x": cx - width / 2, "y": y, "width": width, "height": 14, "rx": 7, "fill": INK}),
                line(cx, y + 10.6, text, 10, width - 4, bold=True, fill="#FFFFFF"),
            ]
        )

    def _empty_slot(self, x: float, y: float) -> Markup:
        return el(
            "rect",
            {
                "x": x,
                "y": y,
                "width": CARD_W,
                "height": CARD_H,
                "rx": 4,
                "fill": "none",
                "stroke": LINE,
                "stroke_width": 1.2,
                "stroke_dasharray": "3 3",
            },
        )

    def row_stack(self, left_bound: float, right: float, y: float) -> Markup:
        """The Row stack between `left_bound` and `right`: its faces when the view lists its
        cards, else backs."""
        view = self.view
        shown = (view.get("me") or {}).get("row_stack")
        if shown is None and view.get("deck_order"):
            shown = view["deck_order"].get("row_stack")
        count = len(shown) if shown is not None else view["row_stack"]
        step = 6.0 if shown is None else CARD_W * 0.55
        if count > 1:
            step = min(step, (right - left_bound - CARD_W) / (count - 1))
        left = right - CARD_W - step * max(count - 1, 0)
        cards = []
        if count == 0:
            cards.append(self._empty_slot(right - CARD_W - left, 0))
        for i in range(count):
            if shown is not None:
                cards.append(self.card(shown[i], i * step, 0, CARD_W, CARD_H))
            else:
                cards.append(use(self.sprite, BACKS["navigation"], num(i * step), 0, CARD_W, CARD_H))
        label = f"{words.word(words.DECK_NAMES, 'row')} {num(count)}"
        cards.append(line((right - left) / 2, CARD_H + 14, label, 10, right - left_bound, fill=INK))
        return part(
            "row_stack",
            None,
            join(cards),
            changed=self.changed,
            choosable=self.choosable,
            box=(0, 0, right - left, CARD_H),
            at=(left, y),
        )

    def card(self, card: str, x: float, y: float, w: float, h: float, *, opened: bool = False) -> Markup:
        """A card the view shows, with its hook."""
        inner = [use(self.sprite, lifeboat_face(card), 0, 0, w, h)]
        if opened:
            inner.append(use(self.sprite, "icon-open", w - 13, 1, 12, 12, color="#009E73"))
        return part(
            "card",
            card,
            join(inner),
            changed=self.changed,
            choosable=self.choosable,
            box=(0, 0, w, h),
            at=(x, y),
        )

    # -- the boat and the seats ----------------------------------------------------------------
    def hull(self, top: float, bottom: float) -> Markup:
        """The hull under the seats in the boat, its bow pointed to the left."""
        right = PAD + self.in_boat * COL
        left = PAD
        mid = (top + bottom) / 2
        d = (
            f"M{num(left - 5)} {num(top)}H{num(right + 2)}V{num(bottom - 8)}"
            f"Q{num(right + 2)} {num(bottom)} {num(right - 8)} {num(bottom)}H{num(left + 30)}"
            f"Q{num(left + 6)} {num(bottom)} {num(left - 5)} {num(mid)}Z"
        )
        return join(
            [
                el(
                    "path",
                    {
                        "d": d,
                        "fill": WOOD,
                        "stroke": WOOD_DARK,
                        "stroke_width": 2,
                        "stroke_linejoin": "round",
                    },
                ),
                el(
                    "path",
                    {
                        "d": f"M{num(left)} {num(top + 5)}H{num(right - 2)}",
                        "stroke": WOOD_DARK,
                        "stroke_width": 1,
                    },
                ),
            ]
        )

    def seat(self, seat: int, x: float, cards_top: float) -> Markup:
        """A seat's column, drawn from its top left corner."""
        p = self.players[seat]
        slug = p["character"]
        in_boat = p["in_boat"]
        cx = COL / 2
        state = p["condition"]
        out = []
        names = fit(
            self.said.word(words.CHARACTER_NAMES, slug), COL - 4, 11, bold=True, max_lines=2, smallest=9
        )
        name_y = 10 if len(names.lines) == 2 else 20
        for i, text in enumerate(names.lines):
            out.append(line(cx, name_y + i * 10.5, text, names.size, COL - 4, bold=True, within=SEAT_TEXT))
        me = seat == self.me
        player = self.player_name(seat)
        if me:
            out.append(el("rect", {"x": 2, "y": 24, "width": COL - 4, "height": 14, "rx": 7, "fill": ME}))
            out.append(
                name_line(
                    cx,
                    34.5,
                    player,
                    10,
                    COL - 10,
                    colour="#FFFFFF",
                    bold=True,
                    fill="#FFFFFF",
                    within=SEAT_TEXT,
                )
            )
        else:
            out.append(name_line(cx, 34.5, player, 10, COL - 10, colour=MUTED, fill=MUTED, within=SEAT_TEXT))
        fy = 42 if in_boat else 60
        figure = person_symbol(slug, state)
        if state == "unconscious":  # lying on its back, head to the bow
            out.append(use(self.sprite, figure, cx - 22, fy + FIGURE_H - FIGURE_W, FIGURE_H, FIGURE_W))
        else:
            out.append(use(self.sprite, figure, cx - FIGURE_W / 2, fy, FIGURE_W, FIGURE_H))
        if not in_boat or seat in self.fallers:
            out.append(self._waves(3, fy + FIGURE_H - 2, COL - 6))
        # marks beside the figure: on the right top down; the hand on the left
        marks = []
        if self.view.get("navigator") == seat:
            marks.append("wheel")
        if seat in self.to_act:
            marks.append("hourglass")
        if seat in self.fallers:
            marks.append("overboard")
        if p.get("rowed"):
            marks.append("oar")
        if p.get("fought"):
            marks.append("fight")
        for i, name in enumerate(marks[:4]):
            out.append(use(self.sprite, f"mark-{name}", COL - 14, fy - 2 + i * 14, 14, 14))
        if in_boat and p["hand_size"]:
            out.append(use(self.sprite, "icon-cards", 1, fy, 13, 13, color=INK))
            out.append(line(7.5, fy + 24, num(p["hand_size"]), 10, 12, bold=True, within=SEAT_TEXT))
        # wounds: one pip per point of Size (rows of five), filled for each wound
        size, wounds = p["size"], p["wounds"]
        pip_y = fy + FIGURE_H + 8
        if state == "dead":
            out.append(use(self.sprite, "icon-skull", cx - 7, pip_y - 7, 14, 14, color=INK))
            note_y = pip_y + 16
        else:
            out.append(self._pips(cx, pip_y, size, wounds))
            note_y = pip_y + 9.5 * ((size + 4) // 5) + 6
        note = None
        if not in_boat:
            note = gettext("overboard")
        elif seat in self.fallers:
            note = gettext("going overboard")
        elif state != "conscious":
            note = self.said.word(words.CONDITIONS, state)
        elif seat in self.sides:
            note = gettext("attacker") if self.sides[seat] == "attacker" else gettext("defender")
        if note:
            out.append(line(cx, note_y, note, 9.5, COL - 4, bold=True, within=SEAT_TEXT))
        scores = self.view.get("scores")
        if scores:
            points = pgettext("points, short", "%(n)s pts") % {"n": scores[seat]}
            out.append(
                el("rect", {"x": 8, "y": note_y + 4, "width": COL - 16, "height": 15, "rx": 7.5, "fill": INK})
            )
            out.append(
                line(cx, note_y + 15, points, 10, COL - 20, bold=True, fill="#FFFFFF", within=SEAT_TEXT)
            )
            note_y += 18
        self.lowest = max(self.lowest, SEATS_TOP + note_y + 8)
        # cards face up in front of the character: a cascade, the last one whole; beside the
        # seat's part, not in it, so a card to choose is never a button inside a seat to choose
        cards = [
            self.card(
                card["id"], cx - UP_W / 2, cards_top + i * UP_PEEK, UP_W, UP_H, opened=bool(card.get("open"))
            )
            for i, card in enumerate(p["table"])
        ]
        seat_part = part(
            "seat",
            seat,
            join(out),
            changed=self.changed,
            choosable=self.choosable,
            box=(1, 0, COL - 2, note_y + 3),
            at=(x, SEATS_TOP),
        )
        if not cards:
            return seat_part
        return join([seat_part, el("g", {"transform": f"translate({num(x)} {num(SEATS_TOP)})"}, join(cards))])

    def _pips(self, cx: float, y: float, size: int, wounds: int) -> Markup:
        """A pip per point of Size in rows of five, filled for each wound: two paths of circles."""
        hurt, whole = [], []
        for i in range(size):
            row, col = divmod(i, 5)
            in_row = min(5, size - row * 5)
            x = cx + (col - (in_row - 1) / 2) * 10.5 - 3.8
            circle = f"M{num(x)} {num(y + row * 9.5)}a3.8 3.8 0 1 0 7.6 0a3.8 3.8 0 1 0 -7.6 0"
            (hurt if i < wounds else whole).append(circle)
        return join(
            el("path", {"d": "".join(d), "fill": fill, "stroke": INK, "stroke_width": 0.9})
            for d, fill in ((hurt, WOUND), (whole, PAPER))
            if d
        )

    def _waves(self, x: float, y: float, width: float) -> Markup:
        d = "q5 -4 10 0" * int(width // 10)
        return el(
            "path",
            {
                "d": f"M{num(x)} {num(y)}{d}",
                "fill": "none",
                "stroke": WAVE,
                "stroke_width": 2,
                "stroke_linecap": "round",
            },
        )

    # -- the words ---------------------------------------------------------------------------------
    def description(self) -> str:
        view = self.view
        sentences = []
        self._seat_words = self.said.gettext(
            "%(place)s. %(character)s (%(player)s): %(wounds)s of %(size)s wounds, %(condition)s"
        )
        for place, seat in enumerate(self.order, start=1):
            sentences.append(self._seat_sentence(place, seat))
        sentences.append(self.said.gettext("Birds: %(n)s of 4.") % {"n": view["birds"]})
        decks = view["decks"]
        sentences.append(
            self.said.ngettext(
                "Provisions deck: %(n)s card.", "Provisions deck: %(n)s cards.", decks["provisions"]
            )
            % {"n": decks["provisions"]}
        )
        sentences.append(
            self.said.ngettext(
                "Navigation deck: %(n)s card.", "Navigation deck: %(n)s cards.", decks["navigation"]
            )
            % {"n": decks["navigation"]}
        )
        shown = (view.get("me") or {}).get("row_stack")
        if shown is None and view.get("deck_order"):
            shown = view["deck_order"].get("row_stack")
        if shown:
            numbers = ", ".join(num(NAVIGATION[c].number) for c in shown if c in NAVIGATION)
            sentences.append(self.said.gettext("Row stack: Navigation %(numbers)s.") % {"numbers": numbers})
        else:
            sentences.append(
                self.said.ngettext(
                    "Row stack: %(n)s card, face down.",
                    "Row stack: %(n)s cards, face down.",
                    view["row_stack"],
                )
                % {"n": view["row_stack"]}
            )
        played = view.get("navigation_card")
        if played and played["id"] in NAVIGATION:
            sentences.append(
                self.said.gettext("Played: %(card)s") % {"card": lifeboat_card(played["id"]).label}
            )
        return " ".join(sentences)

    def _seat_sentence(self, place: int, seat: int) -> str:
        p = self.players[seat]
        name = self.said.word(words.CHARACTER_NAMES, p["character"])
        player = self.player_name(seat)
        if seat == self.me:
            player = self.said.gettext("%(name)s, you") % {"name": player}
        if not p["in_boat"]:
            gone = self.said.gettext("%(character)s (%(player)s) went overboard and is dead.") % {
                "character": name,
                "player": player,
            }
            scores = self.view.get("scores")
            if scores:
                gone += " " + self.said.gettext("Final score: %(n)s.") % {"n": scores[seat]}
            return gone
        text = self._seat_words % {
            "place": place,
            "character": name,
            "player": player,
            "wounds": p["wounds"],
            "size": p["size"],
            "condition": self.said.word(words.CONDITIONS, p["condition"]),
        }
        extra = []
        if self.view.get("navigator") == seat:
            extra.append(self.said.gettext("navigator"))
        if seat in self.to_act:
            extra.append(self.said.gettext("to act"))
        if seat in self.sides:
            extra.append(
                self.said.gettext("attacker")
                if self.sides[seat] == "attacker"
                else self.said.gettext("defender")
            )
        if seat in self.fallers:
            extra.append(self.said.gettext("going overboard"))
        if p.get("rowed"):
            extra.append(self.said.gettext("rowed"))
        if p.get("fought"):
            extra.append(self.said.gettext("fought"))
        if p["hand_size"]:
            extra.append(
                self.said.ngettext("%(n)s card in hand", "%(n)s cards in hand", p["hand_size"])
                % {"n": p["hand_size"]}
            )
        scores = self.view.get("scores")
        if scores:
            extra.append(self.said.gettext("final score: %(n)s") % {"n": scores[seat]})
        if p["table"]:
            faces = ", ".join(self.said.word(words.PROVISION_NAMES, c["kind"]) for c in p["table"])
            extra.append(self.said.gettext("face up: %(cards)s") % {"cards": faces})
        return text + "".join("; " + e for e in extra) + "."

    def draw(self, id_prefix: str) -> Markup:
        hull_top, hull_bottom = SEATS_TOP + 62, SEATS_TOP + 126
        most_cards = max((len(p["table"]) for p in self.players), default=0)
        cards_top = hull_bottom + 8 - SEATS_TOP
        height = hull_bottom + 8 + (UP_PEEK * (most_cards - 1) + UP_H if most_cards else 0) + 6
        seats = [self.seat(seat, PAD + place * COL, cards_top) for place, seat in enumerate(self.order)]
        height = max(height, self.lowest)
        body = [
            el("rect", {"width": self.width, "height": height, "fill": SEA}),
            el(
                "path",
                {
                    "d": f"M0 {num(hull_top + 24)}H{num(self.width)}V{num(height)}H0Z",
                    "fill": SEA_DEEP,
                    "fill_opacity": 0.45,
                },
            ),
            self.header(),
        ]
        if self.in_boat:
            body.append(self.hull(hull_top, hull_bottom))
        body.append(el("g", SEAT_TEXT.attrs(), join(seats)))
        title_id, desc_id = f"{id_prefix}-title", f"{id_prefix}-desc"
        return el(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "class_": "pic-board pic-lifeboat",
                "viewBox": f"0 0 {num(self.width)} {num(height)}",
                "width": "100%",
                "role": "img",
                "aria_labelledby": f"{title_id} {desc_id}",
            },
            el("title", {"id": title_id}, gettext("The lifeboat from bow (left) to stern (right)")),
            el("desc", {"id": desc_id}, self.description()),
            join(body),
        )


def lifeboat_board(
    view: dict[str, Any],
    names: Mapping[int, str],
    *,
    sprite: str,
    changed: Collection[str] = frozenset(),
    choosable: Collection[str] = frozenset(),
    id_prefix: str = "lifeboat",
) -> SafeString:
    """The boat as `view` (one seat's, or a spectator's) shows it, as inline SVG.

    `names`: seat -> the player's display name. `sprite`: the URL of the card sprite
    (`sprite_url("lifeboat")`). `changed` and `choosable`: part keys (see `hooks`) to mark as
    changed since the reader last looked, and as choosable. `id_prefix` keeps the ids of the
    title and description unique when a page shows more than one board.
    """
    return safe(_Board(view, names, sprite, changed, choosable).draw(id_prefix))


def lifeboat_cards(view: dict[str, Any]) -> dict[str, list[CardFace]]:
    """The cards of `view` a template shows beside the board, by place, each as a `CardFace`:
    `hand` (the reader's), `draft` (offered to the reader), `rowing` (drawn by the reader),
    `row_stack` (when the reader may see it), `played`, `flare` (the Flare Gun's three),
    `secret` (the reader's Love and Hate), and after the end `reveal:<seat>` (each seat's hand,
    Love and Hate). A spectator's view gives no `hand`, `secret` and the like."""
    me = view.get("me") or {}
    out: dict[str, list[CardFace]] = {}
    if me:
        out["hand"] = [lifeboat_card(c["id"]) for c in me.get("hand", [])]
        out["secret"] = [lifeboat_card(me["love"]), lifeboat_card(me["hate"])]
        if "draft" in me:
            out["draft"] = [lifeboat_card(c) for c in me["draft"]]
        if "rowing" in me:
            out["rowing"] = [lifeboat_card(c) for c in me["rowing"]]
        if "row_stack" in me:
            out["row_stack"] = [lifeboat_card(c) for c in me["row_stack"]]
    played = view.get("navigation_card")
    if played:
        out["played"] = [lifeboat_card(played["id"])]
    if view.get("flare_reveal"):
        out["flare"] = [lifeboat_card(c) for c in view["flare_reveal"]]
    if view.get("deck_order"):
        out["row_stack"] = [lifeboat_card(c) for c in view["deck_order"].get("row_stack", [])]
        for p in view["players"]:
            cards = [c["id"] for c in p.get("hand", [])] + [p["love"], p["hate"]]
            out[f"reveal:{p['seat']}"] = [lifeboat_card(c) for c in cards if c]
    return out
