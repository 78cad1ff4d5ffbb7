"""Lifeboat's pieces for the sprite: each character's figure upright, lying and dead with its mark,
and the marks and icons its board draws beside them."""

from __future__ import annotations

from engine.lifeboat.data import CHARACTERS
from games.pictures import words
from games.pictures.fit import line
from games.pictures.icons import ICONS
from games.pictures.markup import Markup, el, join
from games.pictures.palette import CHARACTER_FILL, GREY, INK, LINE, PAPER, ink_on
from games.pictures.pieces import icon_symbols, symbol

#: A person, 40 wide and 52 high: a head and round shoulders.
PERSON = "M20 1.5a9.5 9.5 0 1 1 0 19a9.5 9.5 0 1 1 0-19zM2 52V37.5C2 28 10 22.5 20 22.5S38 28 38 37.5V52z"


PERSON_BOX = "0 0 40 52"


LYING_BOX = "0 0 52 40"


STATES = ("conscious", "unconscious", "dead")


#: Icons drawn beside a Lifeboat figure, on a round ground.
MARKS = ("wheel", "hourglass", "overboard", "oar", "fight")


def person_symbol(slug: str, state: str) -> str:
    return f"fig-{slug}-{state}"


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


def mark_symbols() -> list[Markup]:
    """`mark-<icon>`: the icon on a round paper ground, for the marks beside a figure."""
    ground = el("circle", {"cx": 12, "cy": 12, "r": 11.3, "fill": PAPER, "stroke": LINE, "stroke_width": 1.2})
    colours = {"overboard": "#D55E00", "oar": "#6E4522"}
    return [
        symbol(
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


def sprite_pieces() -> list[Markup]:
    """The Lifeboat board's pieces, in the active language (the figures carry their marks)."""
    people = [
        symbol(
            person_symbol(slug, state),
            LYING_BOX if state == "unconscious" else PERSON_BOX,
            draw_person(CHARACTER_FILL[slug], words.word(words.CHARACTER_MARKS, slug), state),
        )
        for slug in CHARACTERS
        for state in STATES
    ]
    return [*people, *mark_symbols(), *icon_symbols(("bird", "cards", "skull", "open"))]
