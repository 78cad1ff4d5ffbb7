"""Lifeboats' colours, figures and islands by name, in each form a sentence needs (the forms are
`games.board.names`')."""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext_lazy

from games.board.names import AS_COLOUR, FROM, IN, OUT_OF, SUBJECT
from games.pictures.words import COLOURS_AS_COLOUR

# -- Lifeboats ---------------------------------------------------------------------------------
COLOURS = {
    "red": pgettext_lazy("lifeboats colour", "red"),
    "blue": pgettext_lazy("lifeboats colour", "blue"),
    "green": pgettext_lazy("lifeboats colour", "green"),
    "yellow": pgettext_lazy("lifeboats colour", "yellow"),
    "purple": pgettext_lazy("lifeboats colour", "purple"),
    "orange": pgettext_lazy("lifeboats colour", "orange"),
    "black": pgettext_lazy("lifeboats colour", "black"),
}
RANKS = {
    "sailor": pgettext_lazy("lifeboats figure", "sailor"),
    "officer": pgettext_lazy("lifeboats figure", "officer"),
}
ISLANDS = {
    "left": pgettext_lazy("lifeboats island", "the left island"),
    "middle": pgettext_lazy("lifeboats island", "the middle island"),
    "right": pgettext_lazy("lifeboats island", "the right island"),
}


#: The islands' short names, for the board picture and the rules table.
ISLAND_SIDES = {
    "left": pgettext_lazy("island", "left"),
    "middle": pgettext_lazy("island", "middle"),
    "right": pgettext_lazy("island", "right"),
}


def island_side(island: str) -> str:
    return str(ISLAND_SIDES.get(island, island))


#: A boat's colour as a boat is named where it is entered, left or boarded ("into the red boat":
#: Czech "do červeného člunu").
COLOURS_FROM = {
    "red": pgettext_lazy("lifeboats colour: into, out of or from the boat", "red"),
    "blue": pgettext_lazy("lifeboats colour: into, out of or from the boat", "blue"),
    "green": pgettext_lazy("lifeboats colour: into, out of or from the boat", "green"),
    "yellow": pgettext_lazy("lifeboats colour: into, out of or from the boat", "yellow"),
    "purple": pgettext_lazy("lifeboats colour: into, out of or from the boat", "purple"),
    "orange": pgettext_lazy("lifeboats colour: into, out of or from the boat", "orange"),
    "black": pgettext_lazy("lifeboats colour: into, out of or from the boat", "black"),
}
COLOURS_IN = {
    "red": pgettext_lazy("lifeboats colour: in the boat", "red"),
    "blue": pgettext_lazy("lifeboats colour: in the boat", "blue"),
    "green": pgettext_lazy("lifeboats colour: in the boat", "green"),
    "yellow": pgettext_lazy("lifeboats colour: in the boat", "yellow"),
    "purple": pgettext_lazy("lifeboats colour: in the boat", "purple"),
    "orange": pgettext_lazy("lifeboats colour: in the boat", "orange"),
    "black": pgettext_lazy("lifeboats colour: in the boat", "black"),
}
COLOURS_OUT_OF = {
    "red": pgettext_lazy("lifeboats colour: out of or from the boat, with Czech's z/ze", "red"),
    "blue": pgettext_lazy("lifeboats colour: out of or from the boat, with Czech's z/ze", "blue"),
    "green": pgettext_lazy("lifeboats colour: out of or from the boat, with Czech's z/ze", "green"),
    "yellow": pgettext_lazy("lifeboats colour: out of or from the boat, with Czech's z/ze", "yellow"),
    "purple": pgettext_lazy("lifeboats colour: out of or from the boat, with Czech's z/ze", "purple"),
    "orange": pgettext_lazy("lifeboats colour: out of or from the boat, with Czech's z/ze", "orange"),
    "black": pgettext_lazy("lifeboats colour: out of or from the boat, with Czech's z/ze", "black"),
}
COLOUR_FORMS = {FROM: COLOURS_FROM, IN: COLOURS_IN, AS_COLOUR: COLOURS_AS_COLOUR, OUT_OF: COLOURS_OUT_OF}


def colour_name(colour: Any, form: str = SUBJECT) -> str:
    """A Lifeboats colour (of a boat, a player or a vote card); FROM: as a boat is named where a
    figure gets in or out of it; IN: where a figure sits."""
    table = COLOUR_FORMS.get(form, COLOURS)
    return str(table.get(str(colour), colour))


def rank_name(rank: str) -> str:
    return str(RANKS.get(rank, rank))


def island_name(island: str) -> str:
    return str(ISLANDS.get(island, island))
