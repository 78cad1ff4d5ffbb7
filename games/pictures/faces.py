"""Card faces: which face shows a card, what it says in words, and how each face is drawn.

Every face is drawn once into the sprite (`sprite.py`) as a `<symbol>` 100 x 140 units; boards
and templates show a card with `<use href="<sprite>#<face>">`. Faces are per kind, not per
card (the sixteen Waters share one face), and a face's id never contains a card id, so a
picture names a card only through the `data-card` of a card its view shows.

A card the view does not show has no face here: it is drawn as its deck's back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext, pgettext

from engine.lifeboat.data import CHARACTERS, KIND, KINDS, NAVIGATION, PROVISION_KINDS, VALUE, NavCard
from engine.lifeboats.data import BLACK, PLAYER_COLOURS, card_colour, is_hat

from . import words
from .fit import fit, line, text_width
from .icons import icon
from .markup import Markup, el, join, num
from .palette import (
    CHARACTER_FILL,
    DECK_FILL,
    GAME_FILL,
    INK,
    KIND_FILL,
    MUTED,
    PAPER,
    ink_on,
)
from .pieces import draw_person

WIDTH, HEIGHT = 100, 140
VIEWBOX = f"0 0 {WIDTH} {HEIGHT}"

#: Lifeboat's Provisions faces: one per kind, and one per Painting value.
PAINTING_VALUES: tuple[int, ...] = tuple(sorted(set(VALUE.values()), reverse=True))


def provision_face(kind: str, value: int | None = None) -> str:
    return f"face-{kind}-{value}" if kind == "painting" and value is not None else f"face-{kind}"


def navigation_face(number: int) -> str:
    return f"face-n{number}"


def love_face(slug: str) -> str:
    return f"face-lv-{slug}"


def hate_face(slug: str) -> str:
    return f"face-ht-{slug}"


def character_face(slug: str) -> str:
    return f"face-char-{slug}"


def vote_face(colour: str) -> str:
    return f"face-vote-{colour}"


HAT_FACE = "face-hat"
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


# -- what a card is called and which face shows it -------------------------------------------


def _nav_names(slugs: tuple[str, ...]) -> str:
    return ", ".join(words.word(words.CHARACTER_NAMES_IN_SENTENCE, s) for s in slugs)


def navigation_sentence(nav: NavCard) -> str:
    """A Navigation card in one sentence: who goes overboard, the bird, who is thirsty."""
    if nav.overboard == ("*",):
        overboard = gettext("everyone aboard goes overboard")
    elif nav.overboard:
        overboard = gettext("%(names)s goes overboard") % {"names": _nav_names(nav.overboard)}
    else:
        overboard = gettext("nobody goes overboard")
    if nav.thirsty_all and nav.thirsty:
        thirsty = gettext("everyone but %(names)s is thirsty") % {"names": _nav_names(nav.thirsty)}
    elif nav.thirsty_all:
        thirsty = gettext("everyone is thirsty")
    elif nav.thirsty:
        thirsty = gettext("thirsty: %(names)s") % {"names": _nav_names(nav.thirsty)}
    else:
        thirsty = gettext("nobody is thirsty")
    parts = [overboard]
    if nav.bird > 0:
        parts.append(gettext("a bird"))
    elif nav.bird < 0:
        parts.append(gettext("a bird flies away"))
    parts.append(thirsty)
    if nav.fight:
        parts.append(gettext("those who fought are thirsty"))
    if nav.oar:
        parts.append(gettext("those who rowed are thirsty"))
    return gettext("Navigation %(number)s: %(what)s.") % {"number": nav.number, "what": "; ".join(parts)}


def provision_label(card: str) -> str:
    kind = KIND[card]
    name = words.word(words.PROVISION_NAMES, kind)
    return gettext("%(name)s: %(effect)s") % {"name": name, "effect": provision_effect(kind, VALUE.get(card))}


def provision_effect(kind: str, value: int | None = None) -> str:
    weapon = KINDS[kind].weapon
    if kind == "painting":
        points = value or 0
        return ngettext("%(points)s point", "%(points)s points", points) % {"points": points}
    if weapon and kind != "oar":
        return gettext("+%(bonus)s in a fight") % {"bonus": weapon}
    return words.word(words.PROVISION_EFFECTS, kind)


def love_effect(slug: str) -> str:
    return gettext("+%(points)s if alive") % {"points": CHARACTERS[slug].survival}


def hate_effect(slug: str) -> str:
    return gettext("+%(points)s if dead") % {"points": CHARACTERS[slug].size}


def lifeboat_face(card: str) -> str:
    """The sprite symbol of a Lifeboat card id the view shows (what `lifeboat_card` gives as
    `face`, without the words)."""
    if card in KIND:
        return provision_face(KIND[card], VALUE.get(card))
    if card in NAVIGATION:
        return navigation_face(NAVIGATION[card].number)
    family, _, slug = card.partition("-")
    if family in ("love", "hate") and slug in CHARACTERS:
        return love_face(slug) if family == "love" else hate_face(slug)
    raise ValueError(f"not a Lifeboat card: {card!r}")


def lifeboat_card(card: str | None, *, deck: str = "provisions") -> CardFace:
    """The face of a Lifeboat card id the view shows (`prov-07`, `nav-23`, `love-kid`, `hate-kid`);
    None (a card the view does not show) is the back of `deck` ("provisions", "navigation" or
    "secret" for Love and Hate)."""
    if card is None:
        return CardFace(None, BACKS[deck], back_label(deck))
    if card in KIND:
        kind = KIND[card]
        return CardFace(card, provision_face(kind, VALUE.get(card)), provision_label(card))
    if card in NAVIGATION:
        nav = NAVIGATION[card]
        return CardFace(card, navigation_face(nav.number), navigation_sentence(nav))
    family, _, slug = card.partition("-")
    if family == "love" and slug in CHARACTERS:
        name = words.word(words.CHARACTER_NAMES, slug)
        label = gettext("Love: %(name)s") % {"name": name} + " (" + love_effect(slug) + ")"
        return CardFace(card, love_face(slug), label)
    if family == "hate" and slug in CHARACTERS:
        name = words.word(words.CHARACTER_NAMES, slug)
        label = gettext("Hate: %(name)s") % {"name": name} + " (" + hate_effect(slug) + ")"
        return CardFace(card, hate_face(slug), label)
    raise ValueError(f"not a Lifeboat card: {card!r}")


def character_card(slug: str) -> CardFace:
    """A character's board (not a card of any deck: `card` is the character's slug)."""
    name = words.word(words.CHARACTER_NAMES, slug)
    char = CHARACTERS[slug]
    label = gettext("%(name)s: Size %(size)s, Survival %(survival)s; %(ability)s") % {
        "name": name,
        "size": char.size,
        "survival": char.survival,
        "ability": words.word(words.ABILITIES, slug),
    }
    return CardFace(slug, character_face(slug), label)


def lifeboats_card(card: str | None) -> CardFace:
    """The face of a Lifeboats vote card: an id (`card-2-red`, `hat-2-1`) or a name as views
    give them ("red", "hat"); None is a card cast face down (its back)."""
    if card is None:
        return CardFace(None, BACKS["vote"], back_label("vote"))
    if card == "hat" or is_hat(card):
        return CardFace(card, HAT_FACE, gettext("Captain's hat: %(effect)s") % {"effect": hat_effect()})
    colour = card_colour(card) if card.startswith("card-") else card
    if colour not in GAME_FILL:
        raise ValueError(f"not a Lifeboats card: {card!r}")
    return CardFace(
        card,
        vote_face(colour),
        gettext("Vote card: %(colour)s") % {"colour": words.word(words.COLOURS_AS_COLOUR, colour)},
    )


def hat_effect() -> str:
    return pgettext("card effect", "alone it decides; two or more cancel")


def back_label(deck: str) -> str:
    if deck == "provisions":
        return gettext("a Provisions card, face down")
    if deck == "navigation":
        return gettext("a Navigation card, face down")
    if deck == "vote":
        return gettext("a vote card, face down")
    return gettext("a secret card")


# -- drawing ------------------------------------------------------------------------------------


def _frame(colour: str, *, band: float = 0) -> Markup:
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


def _lines(
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


def _name_and_effect(name: str, effect: str, *, top: float = 74) -> Markup:
    """The name (up to two lines) and the effect (up to two lines, at the bottom edge)."""
    name_markup, bottom = _lines(50, top, name, 14.5, 90, bold=True, max_lines=2)
    room = HEIGHT - 6 - (bottom + 2)
    effect_fit = fit(effect, 90, 10.5, max_lines=2)
    size = min(effect_fit.size, room / (1.12 * max(1, len(effect_fit.lines))))
    effect_top = HEIGHT - 6 - size * 1.12 * len(effect_fit.lines)
    effect_markup, _ = _lines(50, effect_top, effect, size, 90, bold=False, max_lines=2, fill=MUTED)
    return join([name_markup, effect_markup])


def _tint(colour: str, amount: float = 0.16) -> str:
    """`colour` mixed with white (a light background of the same hue)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02X}" for c in mix)


def draw_provision(kind: str, value: int | None = None) -> Markup:
    colour = KIND_FILL[kind]
    name = words.word(words.PROVISION_NAMES, kind)
    parts = [
        _frame(DECK_FILL["provisions"]),
        el(
            "circle",
            {"cx": 50, "cy": 40, "r": 29, "fill": _tint(colour), "stroke": colour, "stroke_width": 1.2},
        ),
        icon(kind, 27, 17, 46, colour),
    ]
    badge_text = None
    weapon = KINDS[kind].weapon
    if kind == "painting":
        badge_text = num(value or 0)
    elif kind == "cash":
        badge_text = "1"
    elif kind == "flare_gun":
        badge_text = "+8"
    elif weapon:
        badge_text = f"+{weapon}"
    if badge_text:
        parts.append(
            el("rect", {"x": 6, "y": 6, "width": 26, "height": 20, "rx": 6, "fill": DECK_FILL["provisions"]})
        )
        parts.append(line(19, 21, badge_text, 15, 22, bold=True, fill="#FFFFFF"))
    parts.append(_name_and_effect(name, provision_effect(kind, value)))
    return join(parts)


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


def _person_at(x: float, y: float, height: float, fill: str, mark: str) -> Markup:
    """A character's figure `height` high with its top left at (x, y)."""
    scale = f"{height / 52:.3f}"
    return el(
        "g",
        {"transform": f"translate({num(x)} {num(y)}) scale({scale})"},
        draw_person(fill, mark, "conscious"),
    )


def _character_badges(
    slugs: list[str], x: float, y: float, width: float, r: float, crossed: bool = False
) -> Markup:
    per_row = max(1, int(width // (2 * r + 3)))
    out = []
    for i, slug in enumerate(slugs):
        cx = x + r + (i % per_row) * (2 * r + 3)
        cy = y + r + (i // per_row) * (2 * r + 3)
        out.append(
            badge(cx, cy, r, CHARACTER_FILL[slug], words.word(words.CHARACTER_MARKS, slug), crossed=crossed)
        )
    return join(out)


def _pill(x: float, y: float, label: str, height: float = 20) -> tuple[Markup, float]:
    """A dark rounded label (ALL, ...); returns the markup and its right edge."""
    width = max(height, text_width(label, 11, True) + 10)
    return (
        join(
            [
                el("rect", {"x": x, "y": y, "width": width, "height": height, "rx": height / 2, "fill": INK}),
                line(x + width / 2, y + height * 0.7, label, 11, width - 6, bold=True, fill="#FFFFFF"),
            ]
        ),
        x + width,
    )


def draw_navigation(nav: NavCard) -> Markup:
    navy = DECK_FILL["navigation"]
    parts = [
        _frame(navy, band=30),
        line(9, 24, str(nav.number), 22, 40, bold=True, anchor="start", fill="#FFFFFF"),
    ]
    if nav.bird:
        parts.append(el("rect", {"x": 46, "y": 5, "width": 48, "height": 21, "rx": 10.5, "fill": PAPER}))
        parts.append(icon("bird" if nav.bird > 0 else "no_bird", 49, 4.5, 22, INK))
        parts.append(line(81, 21, "+1" if nav.bird > 0 else "\u22121", 13, 20, bold=True, fill=INK))
    everyone = pgettext("navigation card", "all")
    nobody = "\u2014"
    # who goes overboard
    parts.append(icon("overboard", 6, 36, 24, navy))
    if nav.overboard == ("*",):
        parts.append(_pill(36, 38, everyone)[0])
    elif nav.overboard:
        parts.append(_character_badges(list(nav.overboard), 36, 37, 58, 11))
    else:
        parts.append(line(36, 54, nobody, 18, 20, bold=True, anchor="start", fill=MUTED))
    parts.append(el("path", {"d": "M8 66H92", "stroke": "#D8D0BE", "stroke_width": 1}))
    # who is thirsty
    parts.append(icon("thirst", 6, 72, 24, navy))
    if nav.thirsty_all:
        # everyone; below, the ones left out, crossed out
        parts.append(_pill(36, 72 if nav.thirsty else 76, everyone)[0])
        if nav.thirsty:
            parts.append(_character_badges(list(nav.thirsty), 38, 93, 56, 9, crossed=True))
    elif nav.thirsty:
        parts.append(_character_badges(list(nav.thirsty), 36, 72, 58, 10.5))
    else:
        parts.append(line(36, 90, nobody, 18, 20, bold=True, anchor="start", fill=MUTED))
    # fighters and rowers thirsty
    extras = [name for name, on in (("fight", nav.fight), ("oar", nav.oar)) if on]
    if extras:
        parts.append(el("path", {"d": "M8 114H92", "stroke": "#D8D0BE", "stroke_width": 1}))
        parts.append(icon("thirst", 6, 116, 18, navy))
        for i, name in enumerate(extras):
            parts.append(icon(name, 34 + i * 30, 114, 22, navy))
    return join(parts)


def draw_relation(slug: str, love: bool) -> Markup:
    colour = DECK_FILL["love" if love else "hate"]
    deck = words.word(words.DECK_NAMES, "love" if love else "hate")
    name = words.word(words.CHARACTER_NAMES, slug)
    return join(
        [
            _frame(colour, band=28),
            icon("heart" if love else "broken_heart", 7, 5, 19, "#FFFFFF"),
            line(58, 20, deck, 14, 58, bold=True, fill="#FFFFFF"),
            _person_at(33, 34, 44, CHARACTER_FILL[slug], words.word(words.CHARACTER_MARKS, slug)),
            _name_and_effect(name, love_effect(slug) if love else hate_effect(slug), top=82),
        ]
    )


def draw_character(slug: str) -> Markup:
    char = CHARACTERS[slug]
    fill = CHARACTER_FILL[slug]
    name = words.word(words.CHARACTER_NAMES, slug)
    name_markup, _ = _lines(50, 4, name, 14, 88, bold=True, max_lines=1, fill=ink_on(fill))
    stats = []
    for i, (icon_name, value, label) in enumerate(
        (("shield", char.size, gettext("Size")), ("heart", char.survival, gettext("Survival")))
    ):
        x = 8 + i * 44
        stats.append(
            el("rect", {"x": x, "y": 80, "width": 40, "height": 30, "rx": 6, "fill": _tint(fill, 0.22)})
        )
        stats.append(icon(icon_name, x + 2, 83, 16, INK))
        stats.append(line(x + 29, 99, num(value), 16, 18, bold=True, fill=INK))
        stats.append(line(x + 20, 108, label, 7, 36, fill=INK))
    ability, _ = _lines(
        50, 113, words.word(words.ABILITIES, slug), 10, 88, bold=False, max_lines=2, fill=MUTED
    )
    return join(
        [
            _frame(fill, band=24),
            name_markup,
            _person_at(29, 28, 50, fill, words.word(words.CHARACTER_MARKS, slug)),
            *stats,
            ability,
        ]
    )


def draw_vote(colour: str) -> Markup:
    fill = GAME_FILL[colour]
    letter = words.word(words.COLOUR_LETTERS, colour)
    name = words.upper_first(words.word(words.COLOURS_AS_COLOUR, colour))
    return join(
        [
            _frame(fill, band=30),
            line(50, 24, letter, 20, 60, bold=True, fill=ink_on(fill)),
            el("circle", {"cx": 50, "cy": 62, "r": 26, "fill": _tint(fill, 0.25)}),
            icon("boat", 28, 38, 44, fill if colour != "yellow" else "#8A7A00"),
            _name_and_effect(name, pgettext("card effect", "a vote for this colour"), top=94),
        ]
    )


def draw_hat() -> Markup:
    navy = DECK_FILL["hat"]
    return join(
        [
            _frame(navy),
            el("circle", {"cx": 50, "cy": 40, "r": 29, "fill": _tint(navy)}),
            icon("hat", 26, 16, 48, navy),
            _name_and_effect(gettext("Captain's hat"), hat_effect()),
        ]
    )


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
            _lines(50, 96, label, 12, 80, bold=True, max_lines=2, fill="#FFFFFF")[0],
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


def lifeboat_faces() -> dict[str, Callable[[], Markup]]:
    """Every Lifeboat face by symbol id, with the function that draws it."""
    faces: dict[str, Callable[[], Markup]] = {}
    for kind in PROVISION_KINDS:
        if kind.slug == "painting":
            for value in PAINTING_VALUES:
                faces[provision_face("painting", value)] = lambda v=value: draw_provision("painting", v)
        else:
            faces[provision_face(kind.slug)] = lambda k=kind.slug: draw_provision(k)
    for nav in NAVIGATION.values():
        faces[navigation_face(nav.number)] = lambda n=nav: draw_navigation(n)
    for slug in CHARACTERS:
        faces[love_face(slug)] = lambda s=slug: draw_relation(s, True)
        faces[hate_face(slug)] = lambda s=slug: draw_relation(s, False)
        faces[character_face(slug)] = lambda s=slug: draw_character(s)
    for deck in ("provisions", "navigation", "secret"):
        faces[BACKS[deck]] = lambda d=deck: draw_back(d)
    return faces


def lifeboats_faces() -> dict[str, Callable[[], Markup]]:
    """Every Lifeboats face by symbol id."""
    faces: dict[str, Callable[[], Markup]] = {
        vote_face(colour): (lambda c=colour: draw_vote(c)) for colour in (*PLAYER_COLOURS, BLACK)
    }
    faces[HAT_FACE] = draw_hat
    faces[BACKS["vote"]] = lambda: draw_back("vote")
    return faces


FACES: dict[str, Callable[[], dict[str, Callable[[], Markup]]]] = {
    "lifeboat": lifeboat_faces,
    "lifeboats": lifeboats_faces,
}
