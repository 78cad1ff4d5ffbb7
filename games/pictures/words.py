"""The names the pictures write, in the active language.

The card, character, colour and island names reuse the table's msgids and contexts (the
catalogues already hold them); marks and letters drawn on figures are translated too, so a
Hungarian reader sees "Ka" on the Captain (Kapitány) and "P" on the red (piros) boat.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext_lazy

CHARACTER_NAMES: dict[str, Promise] = {
    "lady_lauren": pgettext_lazy("lifeboat character", "Lady Lauren"),
    "sir_stephen": pgettext_lazy("lifeboat character", "Sir Stephen"),
    "captain": pgettext_lazy("lifeboat character", "The Captain"),
    "first_mate": pgettext_lazy("lifeboat character", "First Mate"),
    "frenchy": pgettext_lazy("lifeboat character", "Frenchy"),
    "kid": pgettext_lazy("lifeboat character", "The Kid"),
}

#: The same names inside a sentence ("everyone but the Kid is thirsty"), as `games.board.names`
#: words them.
CHARACTER_NAMES_IN_SENTENCE: dict[str, Promise] = {
    "lady_lauren": pgettext_lazy("lifeboat character: in a sentence", "Lady Lauren"),
    "sir_stephen": pgettext_lazy("lifeboat character: in a sentence", "Sir Stephen"),
    "captain": pgettext_lazy("lifeboat character: in a sentence", "the Captain"),
    "first_mate": pgettext_lazy("lifeboat character: in a sentence", "First Mate"),
    "frenchy": pgettext_lazy("lifeboat character: in a sentence", "Frenchy"),
    "kid": pgettext_lazy("lifeboat character: in a sentence", "the Kid"),
}

#: Two letters on a character's figure and badges (unique within a language).
CHARACTER_MARKS: dict[str, Promise] = {
    "lady_lauren": pgettext_lazy("lifeboat character mark", "LL"),
    "sir_stephen": pgettext_lazy("lifeboat character mark", "SS"),
    "captain": pgettext_lazy("lifeboat character mark", "Ca"),
    "first_mate": pgettext_lazy("lifeboat character mark", "FM"),
    "frenchy": pgettext_lazy("lifeboat character mark", "Fr"),
    "kid": pgettext_lazy("lifeboat character mark", "Ki"),
}

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

#: One short line on each Provisions face: what it does or is worth.
PROVISION_EFFECTS: dict[str, Promise] = {
    "water": pgettext_lazy("card effect", "cancels one thirst"),
    "cash": pgettext_lazy("card effect", "1 point"),
    "jewels": pgettext_lazy("card effect", "1, 2, 3 cards: 1, 4, 8 points"),
    "medkit": pgettext_lazy("card effect", "heals one wound"),
    "oar": pgettext_lazy("card effect", "+1 in a fight, +1 card rowing"),
    "chum": pgettext_lazy("card effect", "sharks: +1 wound overboard"),
    "flare_gun": pgettext_lazy("card effect", "+8 once, or look for birds"),
    "life_preserver": pgettext_lazy("card effect", "no fall wound, no drowning"),
    "compass": pgettext_lazy("card effect", "+1 card on the Row stack"),
    "parasol": pgettext_lazy("card effect", "open: one thirst less a day"),
}

DECK_NAMES: dict[str, Promise] = {
    "provisions": pgettext_lazy("lifeboat deck", "Provisions"),
    "navigation": pgettext_lazy("lifeboat deck", "Navigation"),
    "row": pgettext_lazy("lifeboat deck", "Row stack"),
    "love": pgettext_lazy("lifeboat deck", "Love"),
    "hate": pgettext_lazy("lifeboat deck", "Hate"),
}

ABILITIES: dict[str, Promise] = {
    "lady_lauren": pgettext_lazy("lifeboat ability", "her Jewels score double"),
    "sir_stephen": pgettext_lazy("lifeboat ability", "his Paintings score double"),
    "captain": pgettext_lazy("lifeboat ability", "his Cash scores double"),
    "first_mate": pgettext_lazy("lifeboat ability", "the strongest aboard"),
    "frenchy": pgettext_lazy("lifeboat ability", "swims: no wound from the fall"),
    "kid": pgettext_lazy("lifeboat ability", "his hand mug cannot be refused"),
}

CONDITIONS: dict[str, Promise] = {
    "conscious": pgettext_lazy("lifeboat condition", "conscious"),
    "unconscious": pgettext_lazy("lifeboat condition", "unconscious"),
    "dead": pgettext_lazy("lifeboat condition", "dead"),
}

COLOUR_NAMES: dict[str, Promise] = {
    "red": pgettext_lazy("lifeboats colour", "red"),
    "blue": pgettext_lazy("lifeboats colour", "blue"),
    "green": pgettext_lazy("lifeboats colour", "green"),
    "yellow": pgettext_lazy("lifeboats colour", "yellow"),
    "purple": pgettext_lazy("lifeboats colour", "purple"),
    "orange": pgettext_lazy("lifeboats colour", "orange"),
    "black": pgettext_lazy("lifeboats colour", "black"),
}

#: A colour named as a colour: a player's colour, a vote card (Czech: feminine, "barva", "karta":
#: "zelená"; the boat's colour is masculine, "zelený člun").
COLOURS_AS_COLOUR: dict[str, Promise] = {
    "red": pgettext_lazy("lifeboats colour: a player's colour or a vote card", "red"),
    "blue": pgettext_lazy("lifeboats colour: a player's colour or a vote card", "blue"),
    "green": pgettext_lazy("lifeboats colour: a player's colour or a vote card", "green"),
    "yellow": pgettext_lazy("lifeboats colour: a player's colour or a vote card", "yellow"),
    "purple": pgettext_lazy("lifeboats colour: a player's colour or a vote card", "purple"),
    "orange": pgettext_lazy("lifeboats colour: a player's colour or a vote card", "orange"),
    "black": pgettext_lazy("lifeboats colour: a player's colour or a vote card", "black"),
}

#: The letter on a boat, a figure and a vote card of each colour (unique within a language).
COLOUR_LETTERS: dict[str, Promise] = {
    "red": pgettext_lazy("lifeboats colour letter", "R"),
    "blue": pgettext_lazy("lifeboats colour letter", "B"),
    "green": pgettext_lazy("lifeboats colour letter", "G"),
    "yellow": pgettext_lazy("lifeboats colour letter", "Y"),
    "purple": pgettext_lazy("lifeboats colour letter", "P"),
    "orange": pgettext_lazy("lifeboats colour letter", "O"),
    "black": pgettext_lazy("lifeboats colour letter", "K"),
}

RANK_NAMES: dict[str, Promise] = {
    "sailor": pgettext_lazy("lifeboats figure", "sailor"),
    "officer": pgettext_lazy("lifeboats figure", "officer"),
}

ISLAND_NAMES: dict[str, Promise] = {
    "left": pgettext_lazy("lifeboats island", "left island"),
    "middle": pgettext_lazy("lifeboats island", "middle island"),
    "right": pgettext_lazy("lifeboats island", "right island"),
}


def word(table: dict[str, Promise], key: object) -> str:
    """`table`'s entry for `key` in the active language; an unknown key as itself."""
    found = table.get(str(key))
    return str(found) if found is not None else str(key)


def upper_first(text: str, names: Iterable[str] = ()) -> str:
    """`text` with a capital first letter, as a sentence or a label starts; but a player's name
    (one of `names`) that starts it stays as its player wrote it: "dj kat rows", "van Dijk wins"
    (the site never rewrites a name)."""
    if any(name and text.startswith(name) for name in names):
        return text
    return text[:1].upper() + text[1:]


class Said:
    """The words of one drawing, each translated once: a board writes the same few words many
    times (every seat's "wounds", every figure's letter). Made for one drawing and dropped with
    it, so a translation never outlives the language it was made in."""

    def __init__(self) -> None:
        self._said: dict[tuple[object, ...], str] = {}

    def gettext(self, message: str) -> str:
        found = self._said.get((message,))
        if found is None:
            found = self._said[(message,)] = gettext(message)
        return found

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        found = self._said.get((singular, plural, count))
        if found is None:
            found = self._said[(singular, plural, count)] = ngettext(singular, plural, count)
        return found

    def word(self, table: dict[str, Promise], slug: str) -> str:
        found = self._said.get((id(table), slug))
        if found is None:
            found = self._said[(id(table), slug)] = word(table, slug)
        return found
