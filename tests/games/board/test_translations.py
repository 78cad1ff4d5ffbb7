"""Names and sentences remembered per language: each reader still gets their own language."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.utils import translation

from games import i18n
from games.board import lifeboats
from games.board.lifeboat import navigation_summary

#: The same names and card lines in each site language, as the catalogues word them.
KID = {"en": "The Kid", "hu": "Kölyök", "cs": "Dítě"}
NAV_25 = {
    "en": "No. 25: overboard nobody; a bird (+1); thirsty nobody",
    "hu": "25. sz.: vízbe esik: senki; egy madár (+1); szomjas: senki",
    "cs": "č. 25: přes palubu nikdo; pták (+1); žízeň: nikdo",
}


def test_remembered_names_and_lines_switch_with_the_active_language():
    for _round in range(2):  # the second round reads what the first remembered
        for language in ("en", "hu", "cs", "en"):
            with translation.override(language):
                assert i18n.character_name("kid") == KID[language]
                assert i18n.gettext("you") == translation.gettext("you")
                assert navigation_summary("nav-25") == NAV_25[language]
                assert navigation_summary({"id": "nav-25"}) == NAV_25[language]


def test_a_translator_answers_in_the_language_it_was_made_in():
    message = "Open the rules help"  # a template's: nothing in Python has remembered it yet
    expected = {}
    for language in ("hu", "cs"):
        with translation.override(language):
            expected[language] = translation.gettext(message)
    assert expected["hu"] != expected["cs"]
    with translation.override("hu"):
        hungarian = i18n.Translator()
    with translation.override("cs"):
        assert hungarian.gettext(message) == expected["hu"]
        assert i18n.gettext(message) == expected["cs"]
    with translation.override("hu"):
        assert i18n.gettext(message) == expected["hu"]


def test_a_held_language_answers_for_the_language_active_when_it_was_held():
    for language in ("hu", "cs", "en"):
        with translation.override(language), i18n.one_language():
            assert i18n.character_name("kid") == KID[language]
            assert navigation_summary("nav-25") == NAV_25[language]
    swap = {"type": "swap", "target": 0}
    rules, state = SimpleNamespace(slug="lifeboat"), SimpleNamespace(chars=["kid"])
    expected = {}
    for language in ("en", "hu", "cs"):
        with translation.override(language):
            expected[language] = translation.gettext("Change seats with %(name)s") % {"name": KID[language]}
    with translation.override("hu"), i18n.one_language():
        with translation.override("cs"), i18n.one_language():  # a hold inside a hold
            assert i18n.character_name("kid") == KID["cs"]
        assert i18n.character_name("kid") == KID["hu"]
        assert i18n.labels_by_language(rules, state, 1, swap) == expected  # each language held anew


@pytest.mark.parametrize(
    ("language", "seat", "undecided"),
    [("en", "Seat 3", "undecided"), ("hu", "3. hely", "eldöntetlen"), ("cs", "Místo 3", "nerozhodnuto")],
)
def test_fallback_words_on_the_boards_are_translated(language, seat, undecided):
    """A seat without a player's name and a vote without an outcome, in the reader's language."""
    with translation.override(language):
        final = lifeboats._final({"final": {"scores": [0, 0, 4], "ranking": [2, 2, 1]}}, {}, {})
        assert final[2]["player"] == seat
        reveal = lifeboats._reveal({"kind": "captain", "ballots": [], "outcome": None}, {}, {}, None)
        assert reveal["outcome"] == undecided
