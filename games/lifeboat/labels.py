"""Lifeboat's action labels: one function per action type, each from the seat's view."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.board.names import OBJECT, TO, WITH

from .names import card_list, card_name, character_name, navigation_line

View = dict[str, Any]
Action = dict[str, Any]


def _character(view: View, seat: Any, form: str) -> str:
    players = view.get("players", [])
    if isinstance(seat, int) and 0 <= seat < len(players):
        return character_name(players[seat]["character"], form)
    return str(seat)


def keep(view: View, a: Action) -> str:
    return _("Keep %(card)s") % {"card": card_name(a.get("card"), OBJECT)}


def nothing(view: View, a: Action) -> str:
    return _("Do nothing")


def row(view: View, a: Action) -> str:
    return _("Row")


def place_rowed(view: View, a: Action) -> str:
    """Which of the rowed cards go on the Row stack, by number (the rest go to the bottom)."""
    rowing = (view.get("me") or {}).get("rowing", [])
    stack = [c for c in rowing if c in a.get("to_stack", [])]
    bottom = [c for c in rowing if c not in a.get("to_stack", [])]
    return _("Row stack: %(stack)s · bottom: %(bottom)s") % {
        "stack": ", ".join(card_name(c) for c in stack) or _("none"),
        "bottom": ", ".join(card_name(c) for c in bottom) or _("none"),
    }


def swap(view: View, a: Action) -> str:
    return _("Change places with %(name)s") % {"name": _character(view, a.get("target"), WITH)}


def mug(view: View, a: Action) -> str:
    name = _character(view, a.get("target"), OBJECT)
    if a.get("card") == "hand":
        return _("Mug %(name)s for a hand card") % {"name": name}
    return _("Mug %(name)s for the %(card)s") % {"name": name, "card": card_name(a.get("card"), OBJECT)}


def flare(view: View, a: Action) -> str:
    return _("Fire the Flare Gun")


def parasol(view: View, a: Action) -> str:
    return _("Open the Parasol")


def medkit(view: View, a: Action) -> str:
    if a.get("target") == view.get("seat"):
        return _("Use a Medical Kit on yourself")
    return _("Use a Medical Kit on %(name)s") % {"name": _character(view, a.get("target"), OBJECT)}


def _challenge(view: View) -> Action:
    window = view.get("window") or {}
    return window.get("action") or {} if window.get("kind") == "answer" else {}


def accept(view: View, a: Action) -> str:
    challenge = _challenge(view)
    if challenge.get("type") == "swap":
        return _("Accept: change places")
    if challenge.get("card") == "hand":
        return _("Accept: give up a hand card")
    if challenge.get("card"):
        return _("Accept: give up the %(card)s") % {"card": card_name(challenge["card"], OBJECT)}
    return _("Accept")


def refuse(view: View, a: Action) -> str:
    return _("Refuse and fight")


def fight(view: View, a: Action) -> str:
    side = a.get("side")
    if side == "out":
        return _("Stay out of the fight")
    label = _("Fight for the attacker") if side == "attacker" else _("Fight for the defender")
    if a.get("weapons"):
        label = _("%(side)s, playing %(cards)s") % {
            "side": label,
            "cards": card_list(a["weapons"]),
        }
    if a.get("flare"):
        label = _("%(side)s, firing the Flare Gun (+8)") % {"side": label}
    return label


def compass(view: View, a: Action) -> str:
    return _("Use the Compass")


def navigate(view: View, a: Action) -> str:
    return _("Play %(card)s") % {"card": navigation_line(a.get("card"))}


def react(view: View, a: Action) -> str:
    parts = []
    preserver = a.get("preserver")
    if preserver == "wear":
        parts.append(_("put on the Life Preserver"))
    elif preserver is not None:
        parts.append(_("throw the Life Preserver to %(name)s") % {"name": _character(view, preserver, TO)})
    buckets = len(a.get("buckets", []))
    if buckets:
        parts.append(
            ngettext("use %(count)d Bucket of Chum", "use %(count)d Buckets of Chum", buckets)
            % {"count": buckets}
        )
    if a.get("rile"):
        parts.append(_("rile the sharks"))
    if not parts:
        return _("Do nothing")
    what = ", ".join(parts)
    return what[:1].upper() + what[1:]


def water(view: View, a: Action) -> str:
    me = view.get("seat")
    given = [
        (_("%(count)s to yourself") if target == me else _("%(count)s to %(name)s"))
        % {"count": n, "name": _character(view, target, TO)}
        for target, n in a.get("cover", [])
    ]
    if not given:
        return _("Give no Water")
    return _("Water: %(given)s") % {"given": ", ".join(given)}


def play(view: View, a: Action) -> str:
    card = card_name(a.get("card"), OBJECT)
    if a.get("for") == view.get("seat"):
        return _("Play %(card)s face up") % {"card": card}
    return _("Play %(card)s face up in front of %(name)s") % {
        "card": card,
        "name": _character(view, a.get("for"), TO),
    }


def offer_trade(view: View, a: Action) -> str:
    return _("Offer %(name)s %(give)s for %(take)s") % {
        "name": _character(view, a.get("to"), TO),
        "give": card_list(a.get("give", [])),
        "take": card_list(a.get("take", [])),
    }


def answer_trade(view: View, a: Action) -> str:
    offer = next((o for o in (view.get("me") or {}).get("offers", []) if o.get("id") == a.get("offer")), None)
    if offer is None:
        return _("Accept the trade") if a.get("accept") else _("Decline the trade")
    values = {
        "name": _character(view, offer["from"], WITH),
        "get": card_list(offer["give"]),
        "give": card_list(offer["take"]),
    }
    if a.get("accept"):
        return _("Accept the trade with %(name)s: you get %(get)s and give %(give)s") % values
    return _("Decline the trade with %(name)s") % values


LABELS = {
    "keep": keep,
    "nothing": nothing,
    "row": row,
    "place_rowed": place_rowed,
    "swap": swap,
    "mug": mug,
    "flare": flare,
    "parasol": parasol,
    "medkit": medkit,
    "accept": accept,
    "refuse": refuse,
    "fight": fight,
    "compass": compass,
    "navigate": navigate,
    "react": react,
    "water": water,
    "play": play,
    "offer_trade": offer_trade,
    "answer_trade": answer_trade,
}
