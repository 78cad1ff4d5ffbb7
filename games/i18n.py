"""Translated names and action labels for what the engine says in English.

The engine stays free of Django: it names cards, characters and colours by slug and has no action
labels. Here those slugs map to `gettext_lazy` names (Hungarian and Czech as printed in the
translated rules), and `describe_action` rebuilds an action's label from its dict in the active
language, so buttons, prompts and mails read in the reader's language.

Every table render asks for the same few hundred strings, so translations and the names built
from them are remembered per language (`per_language`, `names_of`, `Translator`): one dictionary
read instead of a catalogue search, or a lazy string translated again each time it is shown.
Finding the active language costs more than such a read, so work that asks for many of them holds
the language found once (`one_language`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy

from engine.lifeboat.data import CHARACTERS, KIND, KINDS, NAVIGATION

#: What `per_language` functions have answered so far, by function, then active language and
#: arguments.
_ANSWERS: dict[Callable[..., Any], dict[str | None, dict[tuple[Any, ...], Any]]] = {}
#: `gettext`'s answers, the commonest, by active language and message: one dictionary read.
_MESSAGES: dict[str | None, dict[str, str]] = {}

#: The language `one_language` holds, while it holds one.
_HELD: ContextVar[str | None] = ContextVar("games.i18n.held_language", default=None)


@contextmanager
def one_language() -> Iterator[None]:
    """Hold the active language for work that does not change it (a table's parts): inside,
    `per_language` answers for it without asking Django again (a context-local read, which costs
    more than the answer). Nothing inside may switch the language: it would not be seen."""
    token = _HELD.set(get_language())
    try:
        yield
    finally:
        _HELD.reset(token)


def _active_language() -> str | None:
    return _HELD.get() or get_language()


def per_language[Result](function: Callable[..., Result]) -> Callable[..., Result]:
    """`function` memoised by its (hashable) arguments and the active language, for functions whose
    result depends on nothing else: translations and the names and sentences built from them."""

    answers = _ANSWERS.setdefault(function, {})

    @functools.wraps(function)
    def memoised(*args: Any) -> Result:
        language = _HELD.get() or get_language()  # `_active_language`, without a call's cost
        try:
            return answers[language][args]
        except KeyError:
            answer = answers.setdefault(language, {})[args] = function(*args)
            return answer
        except TypeError:  # an unhashable argument: answered, not remembered
            return function(*args)

    return memoised


def names_of(table: Mapping[str, Promise]) -> Callable[[Any], str]:
    """A function naming `table`'s keys in the active language (an unknown key as itself),
    remembered per language."""

    @per_language
    def name(key: Any) -> str:
        found = table.get(str(key))
        return str(found) if found is not None else str(key)

    return name


#: Django's translation functions, memoised (the msgids are literals: a bounded set).
pgettext = per_language(translation.pgettext)
ngettext = per_language(translation.ngettext)


def gettext(message: str) -> str:
    """Django's `gettext`, remembered per language as `pgettext` and `ngettext` are, but in a
    dictionary of its own by message: it is the commonest."""
    language = _HELD.get() or get_language()
    try:
        return _MESSAGES[language][message]
    except KeyError:
        answer = _MESSAGES.setdefault(language, {})[message] = translation.gettext(message)
        return answer


_ = gettext


class Translator:
    """The remembered translations of the language active when it is made, found once.

    Finding the active language (a context-local read) costs more than a remembered translation,
    so code that words many strings in one go (a log's sentences) keeps one of these. It shares
    `per_language`'s memory, and a translation it has not met yet is made in its own language,
    whatever is active by then.
    """

    def __init__(self) -> None:
        self.language = _active_language()
        self._messages = _MESSAGES.setdefault(self.language, {})  # `gettext`'s
        self._pgettexts = _ANSWERS.setdefault(translation.pgettext, {}).setdefault(self.language, {})
        self._ngettexts = _ANSWERS.setdefault(translation.ngettext, {}).setdefault(self.language, {})

    def _remembered(
        self, answers: dict[tuple[Any, ...], str], function: Callable[..., str], *args: Any
    ) -> str:
        try:
            return answers[args]
        except KeyError:
            with translation.override(self.language):
                answer = answers[args] = function(*args)
            return answer

    def gettext(self, message: str) -> str:
        try:  # by message, as `gettext` remembers it (not by a tuple of arguments)
            return self._messages[message]
        except KeyError:
            with translation.override(self.language):
                answer = self._messages[message] = translation.gettext(message)
            return answer

    def pgettext(self, context: str, message: str) -> str:
        return self._remembered(self._pgettexts, translation.pgettext, context, message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return self._remembered(self._ngettexts, translation.ngettext, singular, plural, number)


#: Lifeboat (Siadek): characters, bow to stern.
CHARACTER_NAMES: dict[str, Promise] = {
    "lady_lauren": pgettext_lazy("lifeboat character", "Lady Lauren"),
    "sir_stephen": pgettext_lazy("lifeboat character", "Sir Stephen"),
    "captain": pgettext_lazy("lifeboat character", "The Captain"),
    "first_mate": pgettext_lazy("lifeboat character", "First Mate"),
    "frenchy": pgettext_lazy("lifeboat character", "Frenchy"),
    "kid": pgettext_lazy("lifeboat character", "The Kid"),
}

#: Lifeboat: the kinds of Provisions cards.
PROVISION_NAMES: dict[str, Promise] = {
    "water": pgettext_lazy("lifeboat card", "Water"),
    "cash": pgettext_lazy("lifeboat card", "Bundle of Cash"),
    "jewels": pgettext_lazy("lifeboat card", "Jewels"),
    "painting": pgettext_lazy("lifeboat card", "Painting"),
    "medkit": pgettext_lazy("lifeboat card", "Medical Kit"),
    "oar": pgettext_lazy("lifeboat card", "Oar"),
    "chum": pgettext_lazy("lifeboat card", "Bucket of Chum"),
    "blackjack": pgettext_lazy("lifeboat card", "Blackjack"),
    "knife": pgettext_lazy("lifeboat card", "Knife"),
    "hook": pgettext_lazy("lifeboat card", "Gaffing Hook"),
    "flare_gun": pgettext_lazy("lifeboat card", "Flare Gun"),
    "life_preserver": pgettext_lazy("lifeboat card", "Life Preserver"),
    "compass": pgettext_lazy("lifeboat card", "Compass"),
    "parasol": pgettext_lazy("lifeboat card", "Parasol"),
}

#: Lifeboat: the decks and stacks.
DECK_NAMES: dict[str, Promise] = {
    "provisions": pgettext_lazy("lifeboat deck", "Provisions"),
    "navigation": pgettext_lazy("lifeboat deck", "Navigation"),
    "row": pgettext_lazy("lifeboat deck", "Row stack"),
    "love": pgettext_lazy("lifeboat deck", "Love"),
    "hate": pgettext_lazy("lifeboat deck", "Hate"),
}

#: Lifeboats (Wetterling): boat and vote-card colours.
COLOUR_NAMES: dict[str, Promise] = {
    "red": pgettext_lazy("lifeboats colour", "red"),
    "blue": pgettext_lazy("lifeboats colour", "blue"),
    "green": pgettext_lazy("lifeboats colour", "green"),
    "yellow": pgettext_lazy("lifeboats colour", "yellow"),
    "purple": pgettext_lazy("lifeboats colour", "purple"),
    "orange": pgettext_lazy("lifeboats colour", "orange"),
    "black": pgettext_lazy("lifeboats colour", "black"),
}

#: Lifeboats: figures and islands.
RANK_NAMES: dict[str, Promise] = {
    "sailor": pgettext_lazy("lifeboats figure", "sailor"),
    "officer": pgettext_lazy("lifeboats figure", "officer"),
}
ISLAND_NAMES: dict[str, Promise] = {
    "left": pgettext_lazy("lifeboats island", "left island"),
    "middle": pgettext_lazy("lifeboats island", "middle island"),
    "right": pgettext_lazy("lifeboats island", "right island"),
}

GAME_NAMES: dict[str, Promise] = {
    "lifeboat": gettext_lazy("Lifeboat"),
    "lifeboats": gettext_lazy("Lifeboats"),
}


#: Each name in the active language, by slug (an unknown slug as itself).
character_name = names_of(CHARACTER_NAMES)
provision_name = names_of(PROVISION_NAMES)
colour_name = names_of(COLOUR_NAMES)
rank_name = names_of(RANK_NAMES)
island_name = names_of(ISLAND_NAMES)


@per_language
def card_name(card: Any) -> str:
    """A Lifeboat card id (`prov-07`, `nav-23`, `love-kid`) or a kind slug, in the active language."""
    card = str(card)
    if card in KIND:
        return provision_name(KIND[card])
    if card in KINDS:
        return provision_name(card)
    if card in NAVIGATION:
        return _("Navigation card %(number)s") % {"number": NAVIGATION[card].number}
    if card.startswith("love-"):
        return _("Love: %(name)s") % {"name": character_name(card[5:])}
    if card.startswith("hate-"):
        return _("Hate: %(name)s") % {"name": character_name(card[5:])}
    return card


def _join(names: list[str]) -> str:
    return ", ".join(names)


# Lifeboat's labels: a function per action type, in a dictionary made once (every legal action of
# every table is labelled).
def _who(state: Any, target: Any) -> str:
    chars = getattr(state, "chars", None)
    if (
        isinstance(target, int)
        and chars is not None
        and 0 <= target < len(chars)
        and chars[target] in CHARACTERS
    ):
        return character_name(chars[target])
    return str(target)


def _react_label(state: Any, seat: int | None, a: dict[str, Any]) -> str:
    parts = []
    preserver = a.get("preserver")
    if preserver == "wear":
        parts.append(_("put on the Life Preserver"))
    elif preserver is not None:
        parts.append(_("throw the Life Preserver to %(name)s") % {"name": _who(state, preserver)})
    buckets = len(a.get("buckets", []))
    if buckets:
        parts.append(
            ngettext("use %(count)d Bucket of Chum", "use %(count)d Buckets of Chum", buckets)
            % {"count": buckets}
        )
    if a.get("rile"):
        parts.append(_("rile the sharks"))
    return _("React: %(what)s") % {"what": _join(parts) if parts else _("nothing")}


def _fight_label(state: Any, seat: int | None, a: dict[str, Any]) -> str:
    if a.get("side") == "out":
        return _("Stay out of the fight")
    side = {"attacker": _("attacker"), "defender": _("defender")}.get(str(a.get("side")), str(a.get("side")))
    label = _("Fight for the %(side)s") % {"side": side}
    for c in a.get("weapons", []):
        label += ", " + _("play %(card)s") % {"card": card_name(c)}
    if a.get("flare"):
        label += ", " + _("fire the Flare Gun")
    return label


def _play_label(state: Any, seat: int | None, a: dict[str, Any]) -> str:
    if a.get("for") == seat:
        return _("Play %(card)s face up") % {"card": card_name(a.get("card"))}
    return _("Play %(card)s face up for %(name)s") % {
        "card": card_name(a.get("card")),
        "name": _who(state, a.get("for")),
    }


def _water_label(state: Any, seat: int | None, a: dict[str, Any]) -> str:
    cover = [_("%(count)s to %(name)s") % {"count": n, "name": _who(state, t)} for t, n in a.get("cover", [])]
    return _("Give Water: %(whom)s") % {"whom": _join(cover) if cover else _("none")}


def _offer_label(state: Any, seat: int | None, a: dict[str, Any]) -> str:
    give = _join([card_name(c) for c in a.get("give", [])]) or _("nothing")
    take = _join([card_name(c) for c in a.get("take", [])]) or _("nothing")
    return _("Offer %(name)s a trade: give %(give)s for %(take)s") % {
        "name": _who(state, a.get("to")),
        "give": give,
        "take": take,
    }


def _mug_label(state: Any, seat: int | None, a: dict[str, Any]) -> str:
    if a.get("card") == "hand":
        return _("Mug %(name)s for a hand card") % {"name": _who(state, a.get("target"))}
    return _("Mug %(name)s for the %(card)s") % {
        "name": _who(state, a.get("target")),
        "card": card_name(a.get("card")),
    }


def _answer_label(state: Any, seat: int | None, a: dict[str, Any]) -> str:
    if a.get("accept"):
        return _("Accept trade %(offer)s") % {"offer": a.get("offer")}
    return _("Decline trade %(offer)s") % {"offer": a.get("offer")}


def _placed_label(state: Any, seat: int | None, a: dict[str, Any]) -> str:
    count = len(a.get("to_stack", []))
    return ngettext("Put %(count)d card on the Row stack", "Put %(count)d cards on the Row stack", count) % {
        "count": count
    }


Label = Callable[[Any, int | None, dict[str, Any]], str]
_LIFEBOAT_LABELS: dict[str, Label] = {
    "keep": lambda state, seat, a: _("Keep %(card)s") % {"card": card_name(a.get("card"))},
    "nothing": lambda state, seat, a: _("Do nothing"),
    "row": lambda state, seat, a: _("Row"),
    "place_rowed": _placed_label,
    "swap": lambda state, seat, a: _("Change seats with %(name)s") % {"name": _who(state, a.get("target"))},
    "mug": _mug_label,
    "flare": lambda state, seat, a: _("Fire the Flare Gun"),
    "parasol": lambda state, seat, a: _("Open the Parasol"),
    "medkit": lambda state, seat, a: (
        _("Use a Medical Kit on %(name)s") % {"name": _who(state, a.get("target"))}
    ),
    "accept": lambda state, seat, a: _("Accept"),
    "refuse": lambda state, seat, a: _("Refuse (fight)"),
    "fight": _fight_label,
    "compass": lambda state, seat, a: _("Use the Compass"),
    "navigate": lambda state, seat, a: _("Play %(card)s") % {"card": card_name(a.get("card"))},
    "react": _react_label,
    "water": _water_label,
    "play": _play_label,
    "offer_trade": _offer_label,
    "answer_trade": _answer_label,
}


def _lifeboat_label(state: Any, seat: int | None, a: dict[str, Any]) -> str | None:
    label = _LIFEBOAT_LABELS.get(str(a.get("type")))
    return label(state, seat, a) if label else None


def _lifeboats_label(state: Any, seat: int | None, a: dict[str, Any]) -> str | None:
    kind = a.get("type")
    phase = getattr(state, "phase", None)
    if kind == "place_boat":
        if phase == "setup_black":
            return _("Place the black boat in lane %(lane)s") % {"lane": a.get("lane")}
        return _("Place your boat in lane %(lane)s") % {"lane": a.get("lane")}
    if kind == "place_figure":
        colour = colour_name(a.get("boat", ""))
        if a.get("rank") == "officer":
            return _("Put an officer into the %(colour)s boat") % {"colour": colour}
        return _("Put a sailor into the %(colour)s boat") % {"colour": colour}
    if kind == "vote":
        card = a.get("card")
        if card is None:
            return _("Cast no card")
        if card == "hat":
            return _("Play a captain's hat")
        if phase == "eject":
            return _("Vote: %(colour)s loses a figure") % {"colour": colour_name(card)}
        return _("Vote for the %(colour)s boat") % {"colour": colour_name(card)}
    if kind == "decide":
        if phase == "eject":
            return _("Decide: %(colour)s loses a figure") % {"colour": colour_name(a.get("choice", ""))}
        return _("Decide: the %(colour)s boat") % {"colour": colour_name(a.get("choice", ""))}
    if kind == "jump_out":
        colour = colour_name(a.get("boat", ""))
        if a.get("rank") == "officer":
            return _("Take an officer out of the %(colour)s boat") % {"colour": colour}
        return _("Take a sailor out of the %(colour)s boat") % {"colour": colour}
    if kind == "jump_in":
        return _("Board the %(colour)s boat") % {"colour": colour_name(a.get("boat", ""))}
    return None


_LABELS: dict[str, Callable[[Any, int | None, dict[str, Any]], str | None]] = {
    "lifeboat": _lifeboat_label,
    "lifeboats": _lifeboats_label,
}


def describe_action(rules: Any, state: Any, seat: int | None, action: dict[str, Any]) -> str:
    """The action's label in the active language; its type, as words, for anything unknown."""
    build = _LABELS.get(str(getattr(rules, "slug", "")))
    if build is not None:
        try:
            label = build(state, seat, action)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            label = None
        if label is not None:
            return label
    return str(action.get("type", "")).replace("_", " ").capitalize()


def describe_actions(rules: Any, state: Any, seat: int | None, actions: list[dict[str, Any]]) -> list[str]:
    """`describe_action` of each action, the language found once for them all."""
    with one_language():
        return [describe_action(rules, state, seat, action) for action in actions]


def labels_by_language(rules: Any, state: Any, seat: int | None, action: dict[str, Any]) -> dict[str, str]:
    """The action's label in every site language, for mails written now and rendered later in their
    recipient's language."""
    out = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code), one_language():
            out[code] = describe_action(rules, state, seat, action)
    return out


def labels_by_language_all(
    rules: Any, state: Any, seat: int | None, actions: list[dict[str, Any]]
) -> list[dict[str, str]]:
    """`labels_by_language` of each action, switching language once per site language rather than
    once per action and language (a prompt mail lists every legal action)."""
    out: list[dict[str, str]] = [{} for _action in actions]
    for code, _name in settings.LANGUAGES:
        with translation.override(code), one_language():
            for labels, action in zip(out, actions, strict=True):
                labels[code] = describe_action(rules, state, seat, action)
    return out


def log_lines_by_language(
    slug: str, events: list[dict[str, Any]], view: dict[str, Any], names: dict[int, str]
) -> dict[str, list[str]]:
    """The events worded as the table's log words them, oldest first, in every site language (a prompt
    mail is written once and rendered later in its recipient's language)."""
    from games.board.log import sections

    out: dict[str, list[str]] = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code), one_language():
            found = sections(slug, events, view, names)
            out[code] = [line for section in reversed(found) for line in reversed(section.lines)]
    return out
