"""Lifeboat's questions worded for the seat (the prompt) and, for mails, the seat's situation and
the table at a glance."""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games.board.names import IN_SENTENCE, OBJECT, TO, upper_first
from games.board.prompt import Choice, Part

from .common import PHASES, Reader, status
from .names import card_list, card_name, character_name, condition_name, navigation_line

# -- the prompt --------------------------------------------------------------------------------
#: The question each action type answers where no wording for the seat is better.
GENERIC_QUESTIONS: dict[str, Promise] = {
    "keep": gettext_lazy("Which card do you keep? The rest are passed on."),
    "nothing": gettext_lazy("Your action"),
    "row": gettext_lazy("Your action"),
    "flare": gettext_lazy("Your action"),
    "parasol": gettext_lazy("Your action"),
    "swap": gettext_lazy("Your action"),
    "mug": gettext_lazy("Your action"),
    "medkit": gettext_lazy("Your action"),
    "place_rowed": gettext_lazy("Which cards go on the Row stack? The rest go to the bottom of the deck."),
    "accept": gettext_lazy("Accept, or refuse and fight?"),
    "refuse": gettext_lazy("Accept, or refuse and fight?"),
    "fight": gettext_lazy("The fight: which side, and which weapons?"),
    "compass": gettext_lazy("Navigation"),
    "navigate": gettext_lazy("Which Navigation card do you play?"),
    "react": gettext_lazy("Someone goes overboard: how do you react?"),
    "water": gettext_lazy("Who gets your Water?"),
    "play": gettext_lazy("Play a card face up"),
    "answer_trade": gettext_lazy("A trade offer to you"),
}


def question_text(view: dict[str, Any], kind: str) -> str | None:
    """The question an action type answers, worded for this seat (or the kind's question; None:
    the type's name)."""
    text = _question_text(view, kind)
    if text:
        return upper_first(text)
    generic = GENERIC_QUESTIONS.get(kind)
    return str(generic) if generic is not None else None


def _question_text(view: dict[str, Any], kind: str) -> str | None:
    who = Reader(view, view.get("seat"))
    window = view.get("window") or {}
    if kind == "react":
        fallers = window.get("fallers", [])
        if any(who.is_me(s) for s in fallers):
            return _("You go overboard: how do you react?")
        names = ", ".join(who.character(s) for s in fallers)
        return ngettext(
            "%(names)s goes overboard: how do you react?",
            "%(names)s go overboard: how do you react?",
            max(len(fallers), 1),
        ) % {"names": names or _("nobody")}
    if kind in ("accept", "refuse"):
        action = window.get("action") or {}
        attacker = who.character(window.get("attacker"))
        if action.get("type") == "swap":
            return _("%(who)s wants to change places with you: accept, or refuse and fight?") % {
                "who": attacker
            }
        if action.get("card") == "hand":
            return _("%(who)s tries to mug you for a hand card: accept, or refuse and fight?") % {
                "who": attacker
            }
        return _("%(who)s tries to mug you for the %(card)s: accept, or refuse and fight?") % {
            "who": attacker,
            "card": card_name(action.get("card", ""), OBJECT),
        }
    if kind == "water":
        thirst = window.get("thirst", {})
        thirsty = ", ".join(
            (_("you") if who.is_me(int(s)) else who.character(int(s))) + f" ({n})" for s, n in thirst.items()
        )
        return _("Thirsty now: %(names)s. Who gets your Water?") % {"names": thirsty or _("nobody")}
    if kind == "fight":
        return _("The fight: %(attacker)s against %(defender)s. Which side, and which weapons?") % {
            "attacker": _("you")
            if who.is_me(window.get("attacker"))
            else who.character(window.get("attacker")),
            "defender": _("you")
            if who.is_me(window.get("defender"))
            else who.character(window.get("defender")),
        }
    return None


SIDES = {
    "out": pgettext_lazy("fight side", "Stay out of the fight"),
    "attacker": pgettext_lazy("fight side", "Fight for the attacker"),
    "defender": pgettext_lazy("fight side", "Fight for the defender"),
}


def compose_parts(kind: str, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Part] | None:
    """Rowing and fight rounds asked field by field (every combination of the fields is listed)."""
    if kind == "place_rowed":
        rowing = (view.get("me") or {}).get("rowing", [])
        legend = _("Tick the cards for the Row stack; the others go to the bottom of the deck")
        return [Part("to_stack", legend, True, [Choice(navigation_line(c), c) for c in rowing])]
    if kind == "fight":
        sides = list(dict.fromkeys(a["side"] for a in actions))
        weapons = list(dict.fromkeys(c for a in actions for c in a["weapons"]))
        parts = [Part("side", _("Your side"), False, [Choice(str(SIDES.get(s, s)), s) for s in sides])]
        if weapons:
            options = [Choice(card_name(c), c) for c in weapons]
            parts.append(
                Part("weapons", _("Weapons to play from your hand (not when staying out)"), True, options)
            )
        if any(a["flare"] for a in actions):
            parts.append(
                Part("flare", _("The Flare Gun"), True, [Choice(_("Declare it: +8 in this fight"), "true")])
            )
        return parts
    return None


# -- for mails: the seat's situation and the table at a glance ----------------------------------------
def situation(view: dict[str, Any], names: dict[int, str]) -> list[str]:
    """This seat's situation in a few sentences: character, condition, hand, Love and Hate."""
    seat = view.get("seat")
    me = view.get("me")
    if seat is None or not me:
        return []
    p = view["players"][seat]
    where = view["boat"].index(seat) + 1 if seat in view["boat"] else None
    lines = [
        ngettext(
            "You are %(character)s (Size %(size)s, %(wounds)s wound, %(condition)s).",
            "You are %(character)s (Size %(size)s, %(wounds)s wounds, %(condition)s).",
            p["wounds"],
        )
        % {
            "character": character_name(p["character"], IN_SENTENCE),
            "size": p["size"],
            "wounds": p["wounds"],
            "condition": condition_name(p["condition"]),
        },
        (
            _("You sit in place %(place)s of %(count)s from the bow.")
            % {"place": where, "count": len(view["boat"])}
            if where
            else _("You are no longer in the boat.")
        ),
        _("Your hand: %(cards)s.") % {"cards": card_list([c["id"] for c in me["hand"]])},
    ]
    if p["table"]:
        lines.append(
            _("Face up in front of you: %(cards)s.") % {"cards": card_list([c["id"] for c in p["table"]])}
        )
    lines.append(
        _("You secretly love %(love)s and hate %(hate)s.")
        % {"love": character_name(me["loves"], OBJECT), "hate": character_name(me["hates"], OBJECT)}
    )
    who = Reader(view, seat)
    for o in me.get("offers", []):
        values = {"give": card_list(o["give"]), "take": card_list(o["take"])}
        if o["to"] == seat:
            lines.append(
                upper_first(
                    _("%(who)s offers you %(give)s for %(take)s.")
                    % {**values, "who": who.character(o["from"])}
                )
            )
        else:
            lines.append(
                _("You offer %(to)s %(give)s for %(take)s.") % {**values, "to": who.character(o["to"], TO)}
            )
    return lines


def glance(view: dict[str, Any], names: dict[int, str]) -> list[str]:
    """The table in a few lines: the day, birds, the decks, who sits where and who is out."""
    who = Reader(view, view.get("seat"))
    boat = ", ".join(
        (_("you") if who.is_me(s) else who.character(s))
        + (
            ""
            if view["players"][s]["condition"] == "conscious"
            else f" ({condition_name(view['players'][s]['condition'])})"
        )
        for s in view["boat"]
    )
    lines = [
        _("Day %(day)s, %(phase)s. Birds %(birds)s of 4.")
        % {
            "day": view["turn"],
            "phase": str(PHASES.get(view["phase"], view["phase"])),
            "birds": view["birds"],
        },
        _("In the boat, bow to stern: %(boat)s.") % {"boat": boat or _("nobody")},
        _("Provisions deck %(provisions)s, Navigation deck %(navigation)s, Row stack %(row)s.")
        % {
            "provisions": view["decks"]["provisions"],
            "navigation": view["decks"]["navigation"],
            "row": view["row_stack"],
        },
    ]
    gone = [p for p in view["players"] if p["seat"] not in view["boat"]]
    if gone:
        lines.append(
            _("Gone overboard: %(names)s.")
            % {"names": ", ".join(character_name(p["character"], IN_SENTENCE) for p in gone)}
        )
    if view.get("navigation_card"):
        lines.append(
            _("Last Navigation card: %(card)s.") % {"card": navigation_line(view["navigation_card"])}
        )
    text = status(view, view.get("seat"))
    if text:
        lines.append(text)
    return lines
