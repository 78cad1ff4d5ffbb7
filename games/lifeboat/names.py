"""Lifeboat's characters, cards and conditions by name, in each form a sentence needs (the forms are
`games.board.names`')."""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from engine.lifeboat.data import KIND, KINDS, NAVIGATION, VALUE
from games.board.names import FROM, IN_SENTENCE, OBJECT, SUBJECT, TO, WITH

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
