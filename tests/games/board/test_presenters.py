"""Presenters: what each seat sees of the board, and what a mail writer gets (situation, glance)."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.utils import translation

import engine
from games.board.names import FROM, IN_SENTENCE, TO
from games.lifeboat.corner import private
from games.lifeboat.names import card_name, character_name, navigation_line
from games.present import present_situation, present_table

from .helpers import LABEL_ARTICLES, running_game, table_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("players", "moves"), [(4, 0), (5, 40), (4, 70)])
def test_lifeboat_board_draws_the_boat_bow_to_stern_from_the_view(players, moves):
    game, users = running_game("lifeboat", players, moves)
    for user in users:
        table = table_for(game, user)
        presented = present_table(table)
        board = presented.board
        assert [s.seat for s in board.seats] == table.view["boat"]
        assert [s.number for s in board.seats] == [s + 1 for s in table.view["boat"]]
        mine = [s for s in board.seats + board.gone if s.is_me]
        assert [s.seat for s in mine] == [table.seat]
        if board.over:
            assert board.private is None
            assert sorted(r.seat for r in presented.results.rows) == list(range(players))
        else:
            assert presented.results is None
            assert board.private.love.id == table.view["me"]["love"]
            assert [c.id for c in board.private.hand] == [c["id"] for c in table.view["me"]["hand"]]
        # the picture draws every seat of the view, and marks the reader's
        for s in board.seats:
            assert f'data-seat="{s.seat}"' in board.svg


def test_a_spectator_has_no_private_corner_and_no_prompt():
    game, _users = running_game("lifeboat", 4, 10)
    presented = present_table(table_for(game, AnonymousUser()))
    assert presented.board.private is None
    assert presented.prompt is None
    assert not any(s.is_me for s in presented.board.seats)


def test_a_seat_not_waited_for_gets_only_what_it_may_do_any_time():
    game, users = running_game("lifeboat", 4, 0)
    for user in users:
        table = table_for(game, user)
        prompt = present_table(table).prompt
        if table.my_turn:
            assert [q.key for q in prompt.required] == ["keep"]
        else:
            assert prompt.required == []
        assert all(q.key == "play" for q in prompt.optional)


def test_navigation_line_reads_the_printed_card():
    assert navigation_line("nav-21") == (
        "No. 21: overboard the Kid; a bird (+1); thirsty all but Lady Lauren; "
        "fighters thirsty; rowers thirsty"
    )
    assert navigation_line({"id": "nav-25"}) == "No. 25: overboard nobody; a bird (+1); thirsty nobody"


@pytest.mark.parametrize("language", ["hu", "cs"])
def test_the_board_speaks_the_readers_language(language):
    game, users = running_game("lifeboat", 4, 12)
    table = table_for(game, users[0])
    with translation.override(language):
        board = present_table(table).board
        assert [s.name for s in board.seats] == [
            character_name(table.view["players"][s]["character"]) for s in table.view["boat"]
        ]
        english = {"The Captain", "The Kid", "First Mate"}
        assert not english & {s.name for s in board.seats}


# -- for mails --------------------------------------------------------------------------------
def test_a_seats_situation_names_its_own_hand_love_and_hate_and_numbers_the_choices():
    rules = engine.get_game("lifeboat")
    state = rules.new_game(4, 1)
    for seat in range(4):
        view = rules.view(state, seat)
        legal = rules.legal_actions(state, seat)
        situation = present_situation("lifeboat", view, {i: f"P{i}" for i in range(4)}, legal)
        text = " ".join(situation.you)
        assert text.startswith(f"You are {character_name(view['players'][seat]['character'], IN_SENTENCE)} ")
        hand = ", ".join(card_name(c["id"]) for c in view["me"]["hand"])
        assert f"Your hand: {hand}." in text
        assert f"You secretly love {character_name(view['me']['loves'], 'object')}" in text
        assert [n for n, _label in situation.choices] == list(range(1, len(legal) + 1))
        assert situation.glance[0].startswith("Day 1")


def test_a_lifeboats_seats_situation_and_the_table_at_a_glance():
    rules = engine.get_game("lifeboats")
    state = rules.new_game(3, 4)
    while state.phase != "leak":
        seat = rules.to_act(state)[0]
        rules.apply(state, seat, rules.legal_actions(state, seat)[0])
    seat = rules.to_act(state)[0]
    view = rules.view(state, seat)
    situation = present_situation(
        "lifeboats", view, {0: "Ann", 1: "Bob", 2: "Cy"}, rules.legal_actions(state, seat)
    )
    assert situation.you[0].startswith("You play ")
    assert any(line.startswith("Your figures at sea:") for line in situation.you)
    assert any("captain's hats" in line for line in situation.you)
    assert situation.glance[0].startswith("Round 1")
    assert any(line.startswith("The red boat: lane") for line in situation.glance)
    assert situation.questions[0].text.startswith("Which boat springs a leak?")
    assert situation.choices[0][0] == 1


def test_a_lifeboats_glance_counts_in_the_right_number_and_czech_puts_figures_in_a_boat():
    """The glance says "1 leak" and "2 leaks", never "1 leaks"; Czech "4 figurky", "5 figurek"; a
    figure at sea is "v červeném člunu" (in the boat), not "z červeného člunu" (out of it)."""
    rules = engine.get_game("lifeboats")
    cs_forms = {1: ("figurka", "díra"), 2: ("figurky", "díry"), 5: ("figurek", "děr")}
    seen: set[int] = set()
    for seed in range(4):
        rng, state = random.Random(seed), rules.new_game(4, seed)
        for move in range(400):
            if rules.is_over(state):
                break
            seat = rng.choice(rules.to_act(state))
            rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
            if move % 9:
                continue
            for seat in range(4):
                view = rules.view(state, seat)
                with translation.override("en"):
                    en = present_situation("lifeboats", view, {}, [])
                for line in en.glance[1:]:
                    for count, noun in re.findall(r"(\d+) (figures?|leaks?)\b", line):
                        seen.add(int(count))
                        assert noun.endswith("s") == (int(count) != 1), line
                with translation.override("cs"):
                    cs = present_situation("lifeboats", view, {}, [])
                for line in cs.glance[1:]:
                    for count, noun in re.findall(r"(\d+) (figur\w*|d\w*r\w*)", line):
                        form = 1 if int(count) == 1 else 2 if 2 <= int(count) <= 4 else 5
                        assert noun in cs_forms[form], line
                at_sea = next((line for line in cs.you if line.startswith("Tvoje figurky na moři")), "")
                assert " z " not in at_sea, at_sea
                if at_sea:
                    assert re.search(r" v \w+ém člunu", at_sea), at_sea
    assert {1, 2} <= seen


@pytest.mark.parametrize("language", ["en", "hu"])
def test_a_mails_sentences_write_a_name_inside_a_sentence_with_its_article_in_lower_case(language):
    """ "You are The Kid" and "Gone overboard: The Captain" were seen: inside a sentence the
    name is "the Kid" ("a Kölyök"), and every line of the situation, the glance and the
    question starts upper-case, whatever name it starts with."""
    rules = engine.get_game("lifeboat")
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = rules.new_game(6, seed)
        names = {i: f"P{i}" for i in range(6)}
        for move in range(400):
            if rules.is_over(state):
                break
            seat = rng.choice(rules.to_act(state))
            legal = rules.legal_actions(state, seat)
            if move % 5 == 0:
                with translation.override(language):
                    situation = present_situation("lifeboat", rules.view(state, seat), names, legal)
                lines = situation.you + situation.glance + [q.text for q in situation.questions]
                for line in lines:
                    assert line[:1].isupper() or line[:1].isdigit(), line
                    for sentence in re.split(r"(?<=[.!?]) ", line):
                        assert not LABEL_ARTICLES[language].search(sentence), line
                checked += len(lines)
            rules.apply(state, seat, rng.choice(legal))
    assert checked > 500


@pytest.mark.parametrize("language", ["en", "hu", "cs"])
def test_an_open_offer_names_the_other_side_as_from_x_or_to_x(language):
    """Seen in Czech: "Nabídka výměny od Sirem Stephenem" (the "with" form after "from")."""
    rules = engine.get_game("lifeboat")
    rng, state = random.Random(2), rules.new_game(4, 2)
    offer = None
    while offer is None and not rules.is_over(state):
        for seat in range(4):
            offer = next((a for a in rules.legal_actions(state, seat) if a["type"] == "offer_trade"), None)
            if offer is not None:
                rules.apply(state, seat, offer)
                giver, taker = seat, offer["to"]
                break
        else:
            seat = rng.choice(rules.to_act(state))
            rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    assert offer is not None
    character = {p["seat"]: p["character"] for p in rules.view(state, None)["players"]}
    with translation.override(language):
        mine = private(rules.view(state, giver)).offers
        theirs = private(rules.view(state, taker)).offers
        assert [(o.incoming, o.other) for o in mine] == [(False, character_name(character[taker], TO))]
        assert [(o.incoming, o.other) for o in theirs] == [(True, character_name(character[giver], FROM))]
        html = render_to_string("games/lifeboat/private.html", {"mine": private(rules.view(state, taker))})
        words = {"en": "Trade offer from", "hu": "Cserére vonatkozó ajánlat", "cs": "Nabídka výměny od"}
        assert f"{words[language]} {character_name(character[giver], FROM)}" in html
