"""Lifeboats' card faces: the vote cards of each colour and the captain's hat, in words and as
drawn for the sprite (`faces()`)."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext, pgettext

from engine.lifeboats.data import BLACK, PLAYER_COLOURS, card_colour, is_hat
from games.pictures import words
from games.pictures.faces import BACKS, CardFace, back_label, draw_back, frame, name_and_effect, tint
from games.pictures.fit import line
from games.pictures.icons import icon
from games.pictures.markup import Markup, el, join
from games.pictures.palette import DECK_FILL, GAME_FILL, ink_on


def vote_face(colour: str) -> str:
    return f"face-vote-{colour}"


HAT_FACE = "face-hat"


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


def draw_vote(colour: str) -> Markup:
    fill = GAME_FILL[colour]
    letter = words.word(words.COLOUR_LETTERS, colour)
    name = words.upper_first(words.word(words.COLOURS_AS_COLOUR, colour))
    return join(
        [
            frame(fill, band=30),
            line(50, 24, letter, 20, 60, bold=True, fill=ink_on(fill)),
            el("circle", {"cx": 50, "cy": 62, "r": 26, "fill": tint(fill, 0.25)}),
            icon("boat", 28, 38, 44, fill if colour != "yellow" else "#8A7A00"),
            name_and_effect(name, pgettext("card effect", "a vote for this colour"), top=94),
        ]
    )


def draw_hat() -> Markup:
    navy = DECK_FILL["hat"]
    return join(
        [
            frame(navy),
            el("circle", {"cx": 50, "cy": 40, "r": 29, "fill": tint(navy)}),
            icon("hat", 26, 16, 48, navy),
            name_and_effect(gettext("Captain's hat"), hat_effect()),
        ]
    )


def sprite_faces() -> dict[str, Callable[[], Markup]]:
    """Every Lifeboats face by symbol id."""
    faces: dict[str, Callable[[], Markup]] = {
        vote_face(colour): (lambda c=colour: draw_vote(c)) for colour in (*PLAYER_COLOURS, BLACK)
    }
    faces[HAT_FACE] = draw_hat
    faces[BACKS["vote"]] = lambda: draw_back("vote")
    return faces
