"""Action labels: every action type both games offer is worded from the seat's view, in every
language, with the case endings Czech and Hungarian need; the same words are offered once."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from django.utils import translation

import engine
from games import i18n
from games.board.names import FROM, OBJECT, SUBJECT, TO, WITH
from games.board.prompt import questions
from games.lifeboat.names import character_name
from games.presentations import label, presentation

from .helpers import random_games

LANGUAGES = ("en", "hu", "cs")


@cache
def offered() -> dict[tuple[str, str], list[tuple[dict, dict]]]:
    """Up to eight (action, the view of the seat offered it) per action type of each game, from
    random games; every seat's legal actions are read at every step."""
    found: dict[tuple[str, str], list[tuple[dict, dict]]] = {}
    for slug, count in (("lifeboat", 60), ("lifeboats", 10)):
        rules = engine.get_game(slug)
        for seed in range(count):
            rng = random.Random(seed)
            state = rules.new_game(rng.randint(rules.min_players, rules.max_players), seed)
            for _ in range(3000):
                if rules.is_over(state):
                    break
                for seat in range(rules.num_players(state)):
                    view = None
                    for action in rules.legal_actions(state, seat):
                        kept = found.setdefault((slug, action["type"]), [])
                        if len(kept) < 8:
                            view = view or rules.view(state, seat)
                            kept.append((action, view))
                seat = rng.choice(rules.to_act(state))
                rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    return found


def test_both_games_offer_every_kind_of_action_in_random_games():
    lifeboat = {kind for slug, kind in offered() if slug == "lifeboat"}
    assert set(presentation("lifeboat").LABELS) - {"offer_trade"} <= lifeboat
    lifeboats = {kind for slug, kind in offered() if slug == "lifeboats"}
    assert set(presentation("lifeboats").LABELS) == lifeboats


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_action_type_is_labelled_in_every_language(language):
    for (slug, kind), found in offered().items():
        assert kind in presentation(slug).LABELS, f"{slug} action {kind!r} has no label"
        for action, view in found:
            with translation.override(language):
                text = label(slug, view, action)
            assert text, kind
            assert "%(" not in text, text
            assert "None" not in text, text
            assert text != kind.replace("_", " ").capitalize() or kind in ("row",), text


@pytest.mark.parametrize("language", ["hu", "cs"])
def test_every_label_is_translated(language):
    same = []
    for (slug, _kind), found in offered().items():
        action, view = found[0]
        english = label(slug, view, action)
        with translation.override(language):
            if label(slug, view, action) == english:
                same.append(english)
    assert same == []


def test_the_mail_and_reply_labels_are_the_tables_labels_from_the_seats_view():
    rules = engine.get_game("lifeboat")
    state = rules.new_game(4, 5)
    seat = rules.to_act(state)[0]
    legal = rules.legal_actions(state, seat)
    view = rules.view(state, seat)
    assert [i18n.describe_action(rules, state, seat, a) for a in legal] == [
        label("lifeboat", view, a) for a in legal
    ]
    by_language = i18n.labels_by_language_all(rules, state, seat, legal)
    for language in LANGUAGES:
        with translation.override(language):
            assert [labels[language] for labels in by_language] == [label("lifeboat", view, a) for a in legal]


def test_the_same_words_are_offered_once():
    """Two Water cards give two legal actions that play the same: one button."""
    rules = engine.get_game("lifeboat")
    for seed in range(30):
        state = rules.new_game(4, seed)
        for seat in range(4):
            legal = rules.legal_actions(state, seat)
            view = rules.view(state, seat)
            required, optional = questions(
                legal,
                waited=True,
                any_time=rules.is_any_time,
                label=lambda a, v=view: label("lifeboat", v, a),
            )
            for q in required + optional:
                words = [c.label for c in q.choices]
                assert len(words) == len(set(words)), words


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Play Water face up"),
        ("hu", "Kijátszom az Ivóvizet képpel felfelé"),
        ("cs", "Vyložit Vodu lícem nahoru"),
    ],
)
def test_a_card_played_face_up_takes_the_case_its_language_needs(language, expected):
    view = {"seat": 0, "players": [{"seat": 0, "character": "kid"}]}
    with translation.override(language):
        assert label("lifeboat", view, {"type": "play", "card": "prov-01", "for": 0}) == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_mate_is_never_just_mate(language):
    with translation.override(language):
        for form in (SUBJECT, OBJECT, TO, WITH, FROM):
            name = character_name("first_mate", form)
            assert name.split()[-1] != "Mate" or name.endswith("First Mate"), name
            assert name.lower() not in {"mate", "mata", "matovi", "matem"}, name


#: Czech "s" ("with") is "se" before a word that starts with s, z, š or ž: "se Sirem Stephenem".
CZECH_WITH_WRONG = re.compile(r"(?<!\w)s [SsZzŠšŽž]")


def test_czech_writes_se_before_sir_stephen_in_every_label_and_log_line():
    """Seen: "Vyměnit si místo s Sirem Stephenem"; the "with" form carries its preposition in
    Czech (as Hungarian's "Sir Stephennel" carries its suffix), so each name takes the right one."""
    with translation.override("cs"):
        for (slug, _kind), found in offered().items():
            for action, view in found:
                text = label(slug, view, action)
                assert not CZECH_WITH_WRONG.search(text), text
        names = {i: f"P{i}" for i in range(6)}
        for game in random_games("lifeboat", 25):
            view = game.rules.view(game.state, None)
            for seat, _action, events in game.plays:
                for reader in {None, seat}:
                    words = presentation("lifeboat").LogWords(view, names, reader)
                    for ev in events:
                        text = words.sentence(ev) or ""
                        assert not CZECH_WITH_WRONG.search(text), text
        assert (
            label(
                "lifeboat",
                {
                    "seat": 0,
                    "players": [{"seat": 0, "character": "kid"}, {"seat": 1, "character": "sir_stephen"}],
                },
                {"type": "swap", "target": 1},
            )
            == "Vyměnit si sedadlo se Sirem Stephenem"
        )
