"""The game log: every event worded in every language, "you" for the reader, the right sections."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

import pytest
from django.utils import translation

import engine
from games.board.log import Played
from games.board.names import FROM, IN_SENTENCE, TO
from games.lifeboat.names import character_name
from games.present import log_sections as sections
from games.presentations import presentation

from .helpers import LABEL_ARTICLES, random_games

LANGUAGES = ("en", "hu", "cs")
NAMES = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di", 4: "Ed", 5: "Flo"}
#: English third-person verbs that must never follow "you".
THIRD_PERSON = re.compile(
    r"\byou (draws|keeps|passes|does|rows|puts|tries|wants|accepts|refuses|changes|mugs|takes|wins|"
    r"fights|stays|gives|plays|fires|opens|uses|navigates|goes|drowns|loses|drinks|has|casts|starts|"
    r"is|places|decides|votes|breaks|chooses|heals|trades|offers|declines|throws|riles)\b",
    re.IGNORECASE,
)


@cache
def samples() -> dict[tuple[str, str], list[tuple[dict, dict]]]:
    """Up to six (event, final view) of every event type both engines emit in random games."""
    found: dict[tuple[str, str], list[tuple[dict, dict]]] = defaultdict(list)
    for slug, count in (("lifeboat", 80), ("lifeboats", 30)):
        for game in random_games(slug, count):
            view = game.rules.view(game.state, None)
            for _seat, _action, events in game.plays:
                for ev in events:
                    kept = found[(slug, ev["type"])]
                    if len(kept) < 6:
                        kept.append((ev, view))
    return dict(found)


def seats_of(ev: dict) -> list[int]:
    """The seats an event names (its subject first)."""
    seats = [
        ev[k]
        for k in ("seat", "attacker", "defender", "target", "to", "from", "by")
        if isinstance(ev.get(k), int)
    ]
    return [s for s in seats if s >= 0]


def worded(slug: str, ev: dict, view: dict, reader: int | None) -> str | None:
    words = presentation(slug).LogWords(view, NAMES, reader)
    return words.sentence(ev)


def test_the_random_games_reach_every_kind_of_event():
    kinds = {kind for (slug, kind) in samples() if slug == "lifeboat"}
    assert {"fight_resolved", "overboard", "water_pledges", "traded", "mug_took", "rowing_cards"} <= kinds
    kinds = {kind for (slug, kind) in samples() if slug == "lifeboats"}
    assert {"votes_revealed", "ejected", "landed", "sunk", "jumped_in", "vote_decided"} <= kinds


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_type_the_engines_emit_is_worded_or_silent_in_every_language(language):
    """A new event type cannot reach the log unworded: it must be in its game's `SENTENCES` (and
    then say something, for every reader) or in `SILENT`."""
    for (slug, kind), found in samples().items():
        table = presentation(slug).LogWords
        assert kind in table.SENTENCES or kind in table.SILENT, f"{slug} event {kind!r} has no sentence"
        if kind in table.SILENT:
            continue
        for ev, view in found:
            for reader in {None, *seats_of(ev)}:
                with translation.override(language):
                    text = worded(slug, ev, view, reader)
                assert text, f"{slug} {kind} says nothing to seat {reader} in {language}: {ev}"
                for wrong in ("%(", "None", "-1"):
                    assert wrong not in text, text


@pytest.mark.parametrize("language", ["hu", "cs"])
def test_every_sentence_is_translated(language):
    untranslated = []
    for (slug, kind), found in samples().items():
        if kind in presentation(slug).LogWords.SILENT:
            continue
        ev, view = found[0]
        reader = (seats_of(ev) or [None])[0]
        english = worded(slug, ev, view, reader)
        with translation.override(language):
            translated = worded(slug, ev, view, reader)
        if translated == english and not english.startswith("No."):
            untranslated.append(english)
    assert untranslated == []


def test_you_is_the_reader_and_agrees_with_its_verb():
    """ "You chooses", "you gives 2 Water to you" and "Someone goes overboard" about the reader
    were seen; a sentence about the reader says "you" with a verb in the second person."""
    for (slug, _kind), found in samples().items():
        for ev, view in found:
            for reader in seats_of(ev):
                text = worded(slug, ev, view, reader)
                if not text:
                    continue
                assert not THIRD_PERSON.search(text), text
                assert " to you" not in text or not text.startswith("You give"), text


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sentence_about_the_reader_does_not_name_their_character(language):
    """In every language the reader is "you", not their character's name with a verb that
    agrees with a third person."""
    for (slug, kind), found in samples().items():
        if slug != "lifeboat" or kind in {"navigation_played", "game_over"}:
            continue
        for ev, view in found:
            seat = ev.get("seat")
            if not isinstance(seat, int) or seat < 0:
                continue
            with translation.override(language):
                text = worded(slug, ev, view, seat)
                character = view["players"][seat]["character"]
                names = {character_name(character, form) for form in ("subject", IN_SENTENCE)}
            for name in names if text else ():
                assert name.lower() not in text.lower(), f"{kind} for its own seat in {language}: {text}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_name_inside_a_sentence_has_its_article_in_lower_case_and_a_sentence_starts_upper_case(language):
    """ "overboard The Captain" and "thirsty The Kid" were seen: inside a sentence English writes
    "the Captain" (Hungarian "a Kapitány"); whatever a sentence starts with, it starts upper-case
    ("The Kid gives Water", "A Kapitány evez")."""
    wrong = LABEL_ARTICLES.get(language)
    for (slug, _kind), found in samples().items():
        for ev, view in found:
            for reader in {None, *seats_of(ev)}:
                with translation.override(language):
                    text = worded(slug, ev, view, reader)
                if not text:
                    continue
                assert text[:1].isupper() or text[:1].isdigit(), text
                for sentence in re.split(r"(?<=[.!?]) ", text):
                    assert not (wrong and wrong.search(sentence)), f"{language}: {text}"


def lines_about(slug: str, kind: str, reader_role: str) -> list[str]:
    out = []
    for ev, view in samples().get((slug, kind), []):
        seat = {"subject": ev.get("seat"), "faller": (ev.get("fallers") or [None])[0]}[reader_role]
        out.append(worded(slug, ev, view, seat))
    return out


def test_the_issues_sentences_read_in_the_second_person():
    assert all(
        t.startswith("You try to mug") for t in lines_about("lifeboat", "attempt", "subject") if "mug" in t
    )
    assert all(t.startswith("You go overboard") for t in lines_about("lifeboat", "overboard", "faller"))
    fights = []
    for ev, view in samples()[("lifeboat", "fight_round")]:
        for answer in ev["answers"]:
            if (answer["answer"] or {}).get("side") == "defender":
                fights.append(worded("lifeboat", ev, view, answer["seat"]))
    assert fights
    assert all("you fight for the defender" in t for t in fights)


def test_a_fight_names_the_winners_score_first():
    for ev, view in samples()[("lifeboat", "fight_resolved")]:
        won = ev["winner"]
        lost = "attacker" if won == "defender" else "defender"
        text = worded("lifeboat", ev, view, None)
        assert f"{ev['strength'][won]} to {ev['strength'][lost]}" in text, text


def test_a_navigation_card_nobody_navigates_is_told_without_a_seat_number():
    view = engine.get_game("lifeboat").view(engine.get_game("lifeboat").new_game(4, 1), None)
    text = worded(
        "lifeboat", {"type": "navigation_played", "visible_to": "all", "seat": -1, "card": "nav-21"}, view, 0
    )
    assert text.startswith("Nobody navigates")
    assert "-1" not in text
    assert "No. 21" in text


def first_actions_play():
    """A Lifeboat game in its first Actions phase, then a seat not acting plays a card face up."""
    rules = engine.get_game("lifeboat")
    for seed in range(40):
        state = rules.new_game(4, seed)
        plays = []
        while state.step != "act" and not rules.is_over(state):
            seat = rules.to_act(state)[0]
            legal = [a for a in rules.legal_actions(state, seat) if a["type"] == "keep"]
            plays.append(Played(seat, rules.apply(state, seat, legal[0])))
        actor = rules.to_act(state)[0]
        for seat in range(4):
            face_up = [
                a for a in rules.legal_actions(state, seat) if a["type"] == "play" and a["for"] == seat
            ]
            if seat != actor and face_up:
                plays.append(Played(seat, rules.apply(state, seat, face_up[0])))
                return rules, state, plays, seat
    raise AssertionError("no seat could play a card face up")


def test_a_card_played_face_up_during_actions_is_filed_under_actions():
    rules, state, plays, seat = first_actions_play()
    mine = [Played(p.seat, engine.events_for(p.events, seat)) for p in plays]
    out = sections("lifeboat", mine, rules.view(state, seat), NAMES, seat)
    assert out[0].heading == "Day 1 · Actions"
    assert out[0].lines[0].startswith("You play ")
    assert out[0].lines[0].endswith(" face up.")
    assert all(s.heading == "Day 1 · Quartermaster" for s in out[1:])


def test_a_timed_out_action_says_that_the_time_ran_out():
    rules, state, _plays, seat = first_actions_play()
    actor = rules.to_act(state)[0]
    timed = Played(actor, rules.apply(state, actor, rules.default_action(state, actor)), timed_out=True)
    view = rules.view(state, seat)
    name = character_name(view["players"][actor]["character"])
    theirs = sections("lifeboat", [timed], view, NAMES, seat)[0].lines[0]
    assert theirs == f"Time ran out for {name}. {name} does nothing."
    mine = sections("lifeboat", [timed], rules.view(state, actor), NAMES, actor)[0].lines[0]
    assert mine == "Your time ran out. You do nothing."


def test_the_rower_reads_the_cards_and_the_others_only_the_count():
    rules = engine.get_game("lifeboat")
    state = rules.new_game(4, 7)
    plays = []
    while True:
        seat = rules.to_act(state)[0]
        legal = rules.legal_actions(state, seat)
        rows = [a for a in legal if a["type"] in ("row", "place_rowed")]
        action = rows[0] if rows else next(a for a in legal if a["type"] not in ("play", "offer_trade"))
        plays.append(Played(seat, rules.apply(state, seat, action)))
        if action["type"] == "place_rowed":
            rower = seat
            break
    mine = [Played(p.seat, engine.events_for(p.events, rower)) for p in plays]
    lines = sections("lifeboat", mine, rules.view(state, rower), NAMES, rower)[0].lines
    assert re.match(
        r"You put No\. \d+(, No\. \d+)? on the Row stack and .* at the bottom of the deck\.", lines[0]
    )
    assert re.match(r"You row and draw No\. \d+, No\. \d+\.", lines[1])
    other = (rower + 1) % 4
    theirs = [Played(p.seat, engine.events_for(p.events, other)) for p in plays]
    text = " ".join(sections("lifeboat", theirs, rules.view(state, other), NAMES, other)[0].lines)
    assert "rows and draws 2 Navigation cards." in text
    assert "No. " not in text.replace("No. 2", "")  # no card number but the played ones


def test_a_vote_card_is_told_only_to_its_caster_before_the_reveal():
    rules = engine.get_game("lifeboats")
    state = rules.new_game(3, 2)
    plays = []
    while state.phase != "leak":
        seat = rules.to_act(state)[0]
        plays.append(Played(seat, rules.apply(state, seat, rules.legal_actions(state, seat)[0])))
    seat = rules.to_act(state)[0]
    plays.append(Played(seat, rules.apply(state, seat, {"type": "vote", "card": "black"})))

    def text(reader):
        seen = [Played(p.seat, engine.events_for(p.events, reader)) for p in plays]
        return " ".join(
            line
            for s in sections("lifeboats", seen, rules.view(state, reader), NAMES, reader)
            for line in s.lines
        )

    assert "You vote: the black boat springs a leak (face down until all have cast)." in text(seat)
    other = text((seat + 1) % 3)
    assert f"{NAMES[seat]} (" in other
    assert "casts a card." in other
    assert "black boat springs" not in other


@pytest.mark.parametrize(
    ("slug", "day_words"), [("lifeboat", ("Day", "nap", "Den")), ("lifeboats", ("Round", "forduló", "Kolo"))]
)
def test_headings_count_the_days_back_from_the_view_when_the_log_starts_mid_game(slug, day_words):
    game = next(random_games(slug, 1))
    plays = [Played(seat, engine.events_for(events, 0)) for seat, _a, events in game.plays]
    view = game.rules.view(game.state, 0)
    tail = plays[len(plays) // 2 :]
    for language, word in zip(LANGUAGES, day_words, strict=True):
        with translation.override(language):
            out = sections(slug, tail, view, NAMES, 0)
        numbered = [int(m.group(1)) for s in out if (m := re.search(r"(\d+)", s.heading))]
        assert numbered == sorted(numbered, reverse=True)
        assert any(word.lower() in s.heading.lower() for s in out), (language, [s.heading for s in out])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_players_name_that_starts_a_sentence_stays_as_its_player_wrote_it(language):
    """The site never rewrites a name: "dj kat" starts a Lifeboats line as "dj kat", not "Dj kat";
    a word of ours ("you", "nobody") that starts one is still upper-cased."""
    names = {0: "dj kat", 1: "van Dijk", 2: "ørn", 3: "zoë", 4: "ed", 5: "flo"}
    started_by_name = 0
    for (slug, _kind), found in samples().items():
        if slug != "lifeboats":
            continue
        for ev, view in found:
            for reader in {None, *seats_of(ev)}:
                with translation.override(language):
                    text = presentation(slug).LogWords(view, names, reader).sentence(ev)
                if not text:
                    continue
                starting = [n for n in names.values() if text.startswith(n)]
                started_by_name += bool(starting)
                if not starting:
                    assert text[:1] == text[:1].upper(), text
                assert not any(text.startswith(n[:1].upper() + n[1:]) for n in names.values()), text
    assert started_by_name > 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lapsed_offer_says_whose_offer_to_whom_and_why(language):
    """Seen: two identical "An open trade offer lapses at the end of the Actions phase." lines,
    and that reason also when a card the offer named had moved mid-phase."""
    view = next(v for (slug, _kind), found in samples().items() if slug == "lifeboat" for _ev, v in found)
    reasons = {"phase_end": "The Actions phase is over.", "knocked_out": "One of the two is knocked out."}
    reasons["card_moved"] = "A card it names has moved."
    for reason, why in reasons.items():
        ev = {"type": "trade_lapsed", "visible_to": [0, 1], "offer": 7, "reason": reason, "from": 0, "to": 1}
        with translation.override(language):
            giver, taker, later = (
                presentation("lifeboat").LogWords(view, NAMES, r).sentence(ev) for r in (0, 1, 2)
            )
            assert giver.endswith(translation.gettext(why)), giver
            assert giver.startswith(translation.gettext("Your trade offer to %(to)s lapses.")[:4])
            # each side reads the other's character, and a third reader (after the end) both
            other = presentation("lifeboat").LogWords(view, NAMES, 0).character(1, TO)
            assert other in giver
            assert presentation("lifeboat").LogWords(view, NAMES, 1).character(0, FROM) in taker
            assert other in later
            assert len({giver, taker, later}) == 3
    old = {"type": "trade_lapsed", "visible_to": [0, 1], "offer": 7}
    assert worded("lifeboat", old, view, 0) == "An open trade offer lapses at the end of the Actions phase."


def dated_lines(slug: str, game, reader: int | None) -> list[tuple[int, str]]:
    """Every line of a whole game's log with the day it happened on, oldest first: the days
    counted from the deal's on, as each new day's event comes."""
    rules, words_class = game.rules, presentation(slug).LogWords
    view = rules.view(game.state, reader)
    words = presentation(slug).LogWords(view, NAMES, reader)
    day = rules.view(rules.new_game(len(view["players"]), 0), None)[words_class.DAY_KEY]
    out = []
    for seat, _action, events in game.plays:
        mine = engine.events_for(events, reader, game_over=True)
        for ev, line in words.worded(Played(seat, mine)):
            if ev.get("type") == words_class.DAY_EVENT:
                day = ev[words_class.DAY_KEY]
            if line is not None:
                out.append((day, line))
    return out


def days_shown(slug: str, game, reader: int | None, last: int) -> list[tuple[int, str]]:
    """The lines of the log of the game's `last` actions (as the table shows its latest) with
    the day their heading names, oldest first (lines under a heading without a day left out)."""
    view = game.rules.view(game.state, reader)
    window = [
        Played(seat, engine.events_for(events, reader, game_over=True))
        for seat, _action, events in game.plays[-last:]
    ]
    out = []
    for section in reversed(sections(slug, window, view, NAMES, reader)):
        found = re.match(r"(Day|Round) (\d+)", section.heading)
        out.extend((int(found[2]), line) for line in reversed(section.lines) if found)
    return out


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_a_log_cut_to_its_latest_actions_heads_each_line_with_its_own_day(slug):
    """ "Day 7 · Navigation" was seen above Day 6's events, and "Day 4 · Navigation" twice: the
    log of a finished game (cut to its latest actions) counted back from the view's day, which a
    Lifeboat game ended by an empty boat had already moved on. Every line's heading names the day
    it happened on, however the log is cut."""
    for game in random_games(slug, 25 if slug == "lifeboat" else 8):
        whole = dated_lines(slug, game, None)
        for last in (1, 4, 30, len(game.plays)):
            shown = days_shown(slug, game, None, last)
            assert shown, f"no dated line in the last {last} actions"
            assert shown == whole[len(whole) - len(shown) :], f"the last {last} actions' days"
