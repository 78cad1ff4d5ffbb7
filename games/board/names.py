"""The names the engines give by slug, in the reader's language (Django's own `gettext`).

Lifeboat's characters and cards are nouns that Czech and Hungarian inflect: "Vyložit Vodu", "a
Kapitányt". Each name has its forms by use, told apart by the message context (the English is
the same word): the subject (`SUBJECT`), a direct object (`OBJECT`), a recipient (`TO`: "passes
to X"), a partner (`WITH`: "changes places with X"; Hungarian and Czech write the "with" in the
form: "Sir Stephennel", "se Sirem Stephenem") and a source (`FROM`: "takes a card from X").
A sentence picks the form its grammar needs; translators see the use in the context. The subject
inside a sentence (`IN_SENTENCE`: "overboard the Captain", "the Kid gives Water") is a form of its
own: English and Hungarian write an article there ("the Captain", "a Kapitány") that the subject
as a label ("The Captain", "Kapitány") does not; a sentence that begins with it is upper-cased at
its first letter (`upper_first`).
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from engine.lifeboat.data import KIND, KINDS, NAVIGATION, VALUE
from games.pictures.words import COLOURS_AS_COLOUR
from games.pictures.words import upper_first as upper_first  # a sentence's first letter, for the games

SUBJECT, IN_SENTENCE, OBJECT, TO, WITH, FROM = "subject", "in sentence", "object", "to", "with", "from"
#: Where a figure is: "a sailor in the red boat" (Czech "v červeném člunu", not "z červeného").
IN = "in"
#: Out of a boat: Czech puts the preposition in ("z červeného", "ze zeleného", "ze žlutého"),
#: as it changes with the colour's first sounds.
OUT_OF = "out of"
#: A colour named as a colour (a player's, a vote card's), not as a boat's.
AS_COLOUR = "as colour"


# -- Lifeboat: characters ------------------------------------------------------------------------
#: Each character's name by (slug, form).
CHARACTER_NAMES: dict[tuple[str, str], Promise] = {
    ("lady_lauren", SUBJECT): pgettext_lazy("lifeboat character", "Lady Lauren"),
    ("lady_lauren", IN_SENTENCE): pgettext_lazy("lifeboat character: in a sentence", "Lady Lauren"),
    ("lady_lauren", OBJECT): pgettext_lazy("lifeboat character: object (mug X)", "Lady Lauren"),
    ("lady_lauren", TO): pgettext_lazy("lifeboat character: recipient (give to X)", "Lady Lauren"),
    ("lady_lauren", WITH): pgettext_lazy("lifeboat character: partner (with X)", "Lady Lauren"),
    ("lady_lauren", FROM): pgettext_lazy("lifeboat character: source (take from X)", "Lady Lauren"),
    ("sir_stephen", SUBJECT): pgettext_lazy("lifeboat character", "Sir Stephen"),
    ("sir_stephen", IN_SENTENCE): pgettext_lazy("lifeboat character: in a sentence", "Sir Stephen"),
    ("sir_stephen", OBJECT): pgettext_lazy("lifeboat character: object (mug X)", "Sir Stephen"),
    ("sir_stephen", TO): pgettext_lazy("lifeboat character: recipient (give to X)", "Sir Stephen"),
    ("sir_stephen", WITH): pgettext_lazy("lifeboat character: partner (with X)", "Sir Stephen"),
    ("sir_stephen", FROM): pgettext_lazy("lifeboat character: source (take from X)", "Sir Stephen"),
    ("captain", SUBJECT): pgettext_lazy("lifeboat character", "The Captain"),
    ("captain", IN_SENTENCE): pgettext_lazy("lifeboat character: in a sentence", "the Captain"),
    ("captain", OBJECT): pgettext_lazy("lifeboat character: object (mug X)", "the Captain"),
    ("captain", TO): pgettext_lazy("lifeboat character: recipient (give to X)", "the Captain"),
    ("captain", WITH): pgettext_lazy("lifeboat character: partner (with X)", "the Captain"),
    ("captain", FROM): pgettext_lazy("lifeboat character: source (take from X)", "the Captain"),
    ("first_mate", SUBJECT): pgettext_lazy("lifeboat character", "First Mate"),
    ("first_mate", IN_SENTENCE): pgettext_lazy("lifeboat character: in a sentence", "First Mate"),
    ("first_mate", OBJECT): pgettext_lazy("lifeboat character: object (mug X)", "First Mate"),
    ("first_mate", TO): pgettext_lazy("lifeboat character: recipient (give to X)", "First Mate"),
    ("first_mate", WITH): pgettext_lazy("lifeboat character: partner (with X)", "First Mate"),
    ("first_mate", FROM): pgettext_lazy("lifeboat character: source (take from X)", "First Mate"),
    ("frenchy", SUBJECT): pgettext_lazy("lifeboat character", "Frenchy"),
    ("frenchy", IN_SENTENCE): pgettext_lazy("lifeboat character: in a sentence", "Frenchy"),
    ("frenchy", OBJECT): pgettext_lazy("lifeboat character: object (mug X)", "Frenchy"),
    ("frenchy", TO): pgettext_lazy("lifeboat character: recipient (give to X)", "Frenchy"),
    ("frenchy", WITH): pgettext_lazy("lifeboat character: partner (with X)", "Frenchy"),
    ("frenchy", FROM): pgettext_lazy("lifeboat character: source (take from X)", "Frenchy"),
    ("kid", SUBJECT): pgettext_lazy("lifeboat character", "The Kid"),
    ("kid", IN_SENTENCE): pgettext_lazy("lifeboat character: in a sentence", "the Kid"),
    ("kid", OBJECT): pgettext_lazy("lifeboat character: object (mug X)", "the Kid"),
    ("kid", TO): pgettext_lazy("lifeboat character: recipient (give to X)", "the Kid"),
    ("kid", WITH): pgettext_lazy("lifeboat character: partner (with X)", "the Kid"),
    ("kid", FROM): pgettext_lazy("lifeboat character: source (take from X)", "the Kid"),
}


def character_name(slug: str, form: str = SUBJECT) -> str:
    """A Lifeboat character's name in `form` (SUBJECT, IN_SENTENCE, OBJECT, TO, WITH or FROM)."""
    name = CHARACTER_NAMES.get((slug, form))
    return str(name) if name is not None else str(slug)


# -- Lifeboat: cards ---------------------------------------------------------------------------
#: Each kind of Provisions card by (slug, form): as a subject, or as an object.
PROVISION_NAMES: dict[tuple[str, str], Promise] = {
    ("water", SUBJECT): pgettext_lazy("lifeboat card", "Water"),
    ("water", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Water"),
    ("cash", SUBJECT): pgettext_lazy("lifeboat card", "Bundle of Cash"),
    ("cash", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Bundle of Cash"),
    ("jewels", SUBJECT): pgettext_lazy("lifeboat card", "Jewels"),
    ("jewels", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Jewels"),
    ("painting", SUBJECT): pgettext_lazy("lifeboat card", "Painting"),
    ("painting", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Painting"),
    ("medkit", SUBJECT): pgettext_lazy("lifeboat card", "Medical Kit"),
    ("medkit", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Medical Kit"),
    ("oar", SUBJECT): pgettext_lazy("lifeboat card", "Oar"),
    ("oar", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Oar"),
    ("chum", SUBJECT): pgettext_lazy("lifeboat card", "Bucket of Chum"),
    ("chum", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Bucket of Chum"),
    ("blackjack", SUBJECT): pgettext_lazy("lifeboat card", "Blackjack"),
    ("blackjack", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Blackjack"),
    ("knife", SUBJECT): pgettext_lazy("lifeboat card", "Knife"),
    ("knife", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Knife"),
    ("hook", SUBJECT): pgettext_lazy("lifeboat card", "Gaffing Hook"),
    ("hook", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Gaffing Hook"),
    ("flare_gun", SUBJECT): pgettext_lazy("lifeboat card", "Flare Gun"),
    ("flare_gun", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Flare Gun"),
    ("life_preserver", SUBJECT): pgettext_lazy("lifeboat card", "Life Preserver"),
    ("life_preserver", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Life Preserver"),
    ("compass", SUBJECT): pgettext_lazy("lifeboat card", "Compass"),
    ("compass", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Compass"),
    ("parasol", SUBJECT): pgettext_lazy("lifeboat card", "Parasol"),
    ("parasol", OBJECT): pgettext_lazy("lifeboat card: object (play X)", "Parasol"),
}


def provision_name(kind: str, form: str = SUBJECT) -> str:
    """A kind of Provisions card (`water`, `knife`, ...) as a subject or (OBJECT) an object."""
    name = PROVISION_NAMES.get((kind, OBJECT if form == OBJECT else SUBJECT))
    return str(name) if name is not None else str(kind)


def card_name(card: Any, form: str = SUBJECT) -> str:
    """A Lifeboat card by id (or a Provisions kind): its printed name, a Painting with its points,
    a Navigation card by number, a Love or Hate card by the character it names."""
    card = str(card)
    if card in KIND:
        name = provision_name(KIND[card], form)
        if card in VALUE:
            return _("%(card)s (%(points)s points)") % {"card": name, "points": VALUE[card]}
        return name
    if card in KINDS:
        return provision_name(card, form)
    if card in NAVIGATION:
        return _("No. %(number)s") % {"number": NAVIGATION[card].number}
    if card.startswith("love-"):
        return _("Love: %(name)s") % {"name": character_name(card[5:])}
    if card.startswith("hate-"):
        return _("Hate: %(name)s") % {"name": character_name(card[5:])}
    return card


def card_list(cards: list[str], form: str = SUBJECT) -> str:
    """Cards named one after another ("Knife, Water"), or "nothing"."""
    return ", ".join(card_name(c, form) for c in cards) or _("nothing")


def navigation_line(card: str | dict[str, Any] | None) -> str:
    """A Navigation card in one line: who goes overboard, the bird, who is thirsty, the icons."""
    card_id = card.get("id", "") if isinstance(card, dict) else (card or "")
    nav = NAVIGATION.get(card_id)
    if nav is None:
        return _("a Navigation card")
    overboard = _("everyone aboard") if nav.overboard == ("*",) else _character_list(nav.overboard)
    if nav.thirsty_all:
        thirsty = (
            _("all but %(names)s") % {"names": _character_list(nav.thirsty)} if nav.thirsty else _("everyone")
        )
    else:
        thirsty = _character_list(nav.thirsty)
    parts = [_("No. %(number)s: overboard %(names)s") % {"number": nav.number, "names": overboard}]
    if nav.bird:
        parts.append(_("a bird (+1)") if nav.bird > 0 else _("a crossed-out bird (-1)"))
    parts.append(_("thirsty %(names)s") % {"names": thirsty})
    if nav.fight:
        parts.append(_("fighters thirsty"))
    if nav.oar:
        parts.append(_("rowers thirsty"))
    return "; ".join(parts)


def _character_list(slugs: Any) -> str:
    return ", ".join(character_name(s, IN_SENTENCE) for s in slugs) or _("nobody")


CONDITIONS = {
    "conscious": pgettext_lazy("lifeboat condition", "conscious"),
    "unconscious": pgettext_lazy("lifeboat condition", "unconscious"),
    "dead": pgettext_lazy("lifeboat condition", "dead"),
}


def condition_name(condition: str) -> str:
    return str(CONDITIONS.get(condition, condition))


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


# -- both games --------------------------------------------------------------------------------
def seat_number(index: int | None) -> int | None:
    """A seat as players count it: from 1 (the engine counts from 0)."""
    return None if index is None else index + 1


def seat_label(index: int) -> str:
    """A seat without a player's name: "Seat 1" for the engine's seat 0."""
    return _("Seat %(n)s") % {"n": index + 1}
