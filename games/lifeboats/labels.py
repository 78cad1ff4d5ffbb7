"""Lifeboats' action labels: one function per action type, each from the seat's view."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from engine.lifeboats.data import PLAYER_COLOURS
from games.board.names import FROM, OUT_OF

from .names import colour_name, island_name

View = dict[str, Any]
Action = dict[str, Any]


def _island(view: View, lane: Any) -> str:
    island = next((ln["island"] for ln in view.get("lanes", []) if ln["lane"] == lane), None)
    return island_name(island) if island else ""


def place_boat(view: View, a: Action) -> str:
    values = {"lane": a.get("lane"), "island": _island(view, a.get("lane"))}
    if view.get("phase") == "setup_black":
        return _("Place the black boat in lane %(lane)s (towards %(island)s)") % values
    return _("Place your boat in lane %(lane)s (towards %(island)s)") % values


def place_figure(view: View, a: Action) -> str:
    colour = colour_name(a.get("boat", ""), FROM)
    if a.get("rank") == "officer":
        return _("Put an officer into the %(colour)s boat") % {"colour": colour}
    return _("Put a sailor into the %(colour)s boat") % {"colour": colour}


def _ejected(view: View, colour: Any) -> str:
    """Who an ejection vote names: the reader, or a player by colour."""
    if colour in PLAYER_COLOURS and PLAYER_COLOURS.index(colour) == view.get("seat"):
        return _("you lose a figure")
    return _("%(colour)s loses a figure") % {"colour": colour_name(colour)}


def _kind(view: View) -> str:
    return (view.get("vote") or {}).get("kind") or view.get("phase", "")


def vote(view: View, a: Action) -> str:
    card = a.get("card")
    if card is None:
        return _("Cast no card")
    if card == "hat":
        return _("Play a captain's hat")
    kind = _kind(view)
    if kind == "eject":
        return _("Vote: %(result)s") % {"result": _ejected(view, card)}
    if kind == "leak":
        return _("Vote for the %(colour)s boat to spring a leak") % {"colour": colour_name(card)}
    return _("Vote for the %(colour)s boat to move") % {"colour": colour_name(card)}


def decide(view: View, a: Action) -> str:
    choice = a.get("choice", "")
    kind = _kind(view)
    if kind == "eject":
        return _("Decide: %(result)s") % {"result": _ejected(view, choice)}
    if kind == "leak":
        return _("Decide: the %(colour)s boat springs a leak") % {"colour": colour_name(choice)}
    return _("Decide: the %(colour)s boat moves") % {"colour": colour_name(choice)}


def jump_out(view: View, a: Action) -> str:
    colour = colour_name(a.get("boat", ""), OUT_OF)
    if a.get("rank") == "officer":
        return _("Take an officer out of the %(colour)s boat") % {"colour": colour}
    return _("Take a sailor out of the %(colour)s boat") % {"colour": colour}


def jump_in(view: View, a: Action) -> str:
    return _("Board the %(colour)s boat") % {"colour": colour_name(a.get("boat", ""), FROM)}


LABELS = {
    "place_boat": place_boat,
    "place_figure": place_figure,
    "vote": vote,
    "decide": decide,
    "jump_out": jump_out,
    "jump_in": jump_in,
}
