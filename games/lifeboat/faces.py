"""Lifeboat's card faces: which face shows a card id the view shows, the card in words, and how each
face is drawn (characters, Provisions, Navigation, Love and Hate) for the sprite (`faces()`)."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext, ngettext, pgettext

from engine.lifeboat.data import CHARACTERS, KIND, KINDS, NAVIGATION, PROVISION_KINDS, VALUE, NavCard
from games.pictures import words
from games.pictures.faces import (
    BACKS,
    CardFace,
    back_label,
    badge,
    draw_back,
    frame,
    lines,
    name_and_effect,
    tint,
)
from games.pictures.fit import line, text_width
from games.pictures.icons import icon
from games.pictures.markup import Markup, el, join, num
from games.pictures.palette import CHARACTER_FILL, DECK_FILL, INK, KIND_FILL, MUTED, PAPER, ink_on

from .pieces import draw_person

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


def draw_provision(kind: str, value: int | None = None) -> Markup:
    colour = KIND_FILL[kind]
    name = words.word(words.PROVISION_NAMES, kind)
    parts = [
        frame(DECK_FILL["provisions"]),
        el(
            "circle",
            {"cx": 50, "cy": 40, "r": 29, "fill": tint(colour), "stroke": colour, "stroke_width": 1.2},
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
    parts.append(name_and_effect(name, provision_effect(kind, value)))
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
        frame(navy, band=30),
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
            frame(colour, band=28),
            icon("heart" if love else "broken_heart", 7, 5, 19, "#FFFFFF"),
            line(58, 20, deck, 14, 58, bold=True, fill="#FFFFFF"),
            _person_at(33, 34, 44, CHARACTER_FILL[slug], words.word(words.CHARACTER_MARKS, slug)),
            name_and_effect(name, love_effect(slug) if love else hate_effect(slug), top=82),
        ]
    )


def draw_character(slug: str) -> Markup:
    char = CHARACTERS[slug]
    fill = CHARACTER_FILL[slug]
    name = words.word(words.CHARACTER_NAMES, slug)
    name_markup, _ = lines(50, 4, name, 14, 88, bold=True, max_lines=1, fill=ink_on(fill))
    stats = []
    for i, (icon_name, value, label) in enumerate(
        (("shield", char.size, gettext("Size")), ("heart", char.survival, gettext("Survival")))
    ):
        x = 8 + i * 44
        stats.append(
            el("rect", {"x": x, "y": 80, "width": 40, "height": 30, "rx": 6, "fill": tint(fill, 0.22)})
        )
        stats.append(icon(icon_name, x + 2, 83, 16, INK))
        stats.append(line(x + 29, 99, num(value), 16, 18, bold=True, fill=INK))
        stats.append(line(x + 20, 108, label, 7, 36, fill=INK))
    ability, _ = lines(
        50, 113, words.word(words.ABILITIES, slug), 10, 88, bold=False, max_lines=2, fill=MUTED
    )
    return join(
        [
            frame(fill, band=24),
            name_markup,
            _person_at(29, 28, 50, fill, words.word(words.CHARACTER_MARKS, slug)),
            *stats,
            ability,
        ]
    )


def sprite_faces() -> dict[str, Callable[[], Markup]]:
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
