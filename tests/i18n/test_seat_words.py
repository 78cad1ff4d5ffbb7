"""A seat is a player's seat at the table; a place in a boat is a place ("change places", "an
empty place"). "Seat" meant both, on one page: the table's seat 3 sat in the boat's seat 1. Each
language keeps the two apart: English "seat" / "place", Hungarian "hely" / "ülőhely", Czech
"místo" / "sedadlo"."""

from __future__ import annotations

import re

import pytest

from .catalogue import LOCALE_DIR, read_po

#: An English sentence about the boats (their places, figures, the bow and stern).
BOAT = re.compile(
    r"\bboats?\b|\bbow\b|\bstern|drown|\bfigures?\b|\bsailors?\b|\bofficers?\b|\bchanges? places\b|"
    r"\bempty places?\b|\bwaiting for a place\b|\bnew place\b",
    re.IGNORECASE,
)
TABLE_SEAT = re.compile(r"\bseats?\b", re.IGNORECASE)
#: A place in a boat (a noun: "an empty place", "six places", "change places"; not "place a boat").
#: (A place in a ranking is "a place" that players share.)
BOAT_PLACE = re.compile(r"^Places\b|\b(?:an|no|new|empty|six|#|in|its|change|changes|for a) places?\b", re.I)
#: The words for a seat at the table and a place in a boat, in each language.
WORDS = {
    "hu": (re.compile(r"\bhely", re.IGNORECASE), re.compile(r"ülőhely", re.IGNORECASE)),
    "cs": (re.compile(r"\bmíst", re.IGNORECASE), re.compile(r"\bsedad", re.IGNORECASE)),
}


def english(entry) -> str:
    """The entry's English, its placeholders left out (`%(seats)s` is a number)."""
    return re.sub(r"%\(\w+\)[sd]|\{\{ *\w+ *\}\}", "#", " ".join(filter(None, (entry.msgid, entry.plural))))


def test_english_never_calls_a_place_in_a_boat_a_seat():
    wrong = [
        english(e)
        for e in read_po(LOCALE_DIR / "hu" / "LC_MESSAGES" / "django.po")
        if BOAT.search(english(e)) and TABLE_SEAT.search(english(e))
    ]
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize("language", sorted(WORDS))
def test_each_language_has_a_word_for_each(language):
    table_word, boat_word = WORDS[language]
    wrong = []
    for entry in read_po(LOCALE_DIR / language / "LC_MESSAGES" / "django.po"):
        text, translated = english(entry), " ".join(entry.strings)
        if BOAT.search(text) and BOAT_PLACE.search(text):
            if table_word.search(translated) or not boat_word.search(translated):
                wrong.append(f"boat: {text[:80]} -> {translated[:120]}")
        elif TABLE_SEAT.search(text) and boat_word.search(translated):
            wrong.append(f"table: {text[:80]} -> {translated[:120]}")
    assert wrong == [], "\n".join(wrong)
