"""The end of a game: results by place, every score explained line by line, ties explained,
every hand and secret card named."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string

from engine.lifeboat import final_scores
from games.lifeboat import presenter as lifeboat
from games.lifeboat.names import card_name
from games.lifeboats import presenter as lifeboats
from games.present import present_results

from .helpers import random_games, text_of

NAMES = {i: f"Player {i + 1}" for i in range(6)}


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_every_result_is_by_place_and_its_lines_add_up_to_the_score(slug):
    module = {"lifeboat": lifeboat, "lifeboats": lifeboats}[slug]
    for game in random_games(slug, 40):
        view = game.rules.view(game.state, 0)
        rows = module.results(view, NAMES, 0)
        scores = game.rules.scores(game.state)
        places = game.rules.ranking(game.state)
        assert [r.place for r in rows] == sorted(places)
        for row in rows:
            assert row.score == scores[row.seat]
            assert row.place == places[row.seat]
            assert row.tied == (places.count(row.place) > 1)
            parts = row.lines if slug == "lifeboat" else row.islands
            assert sum(p.points for p in parts) == row.score, (row.player, parts)
        assert [r.is_me for r in rows].count(True) == 1


def test_lifeboat_results_name_every_card_each_seat_held_and_its_love_and_hate():
    for game in random_games("lifeboat", 15):
        view = game.rules.view(game.state, None)
        board = lifeboat.board(view, NAMES, None)
        results = present_results("lifeboat", view, NAMES, None)
        html = render_to_string("games/lifeboat/board.html#results", {"board": board, "results": results})
        text = text_of(html)
        for p in view["players"]:
            for card in [c["id"] for c in p["hand"] + p["table"]] + [p["love"], p["hate"]]:
                assert f'data-card="{card}"' in html
            for c in p["hand"]:
                assert card_name(c["id"]) in text
        assert "cards in hand" not in text


def sheet_view(sheet, *, sharks=False, ambivalent_scores=True):
    """A final view's scoring part for hand-made seats (no treasure), scored by the engine."""
    scores = final_scores(sheet, sharks=sharks, ambivalent_scores=ambivalent_scores)
    return {
        "options": {"sharks": sharks, "ambivalent_scores": ambivalent_scores},
        "score_sheet": sheet,
        "scores": scores,
        "players": [
            {
                "seat": i,
                "character": s["character"],
                "in_boat": True,
                "hand": [],
                "table": [],
                "love": f"love-{s['love']}",
                "hate": f"hate-{s['hate']}",
            }
            for i, s in enumerate(sheet)
        ],
    }


#: The rules' worked example (`../shared/rules/lifeboat.md`, Scoring).
EXAMPLE = [
    ("captain", "first_mate", "kid"),
    ("frenchy", "captain", "frenchy"),
    ("first_mate", "lady_lauren", "captain"),
    ("lady_lauren", "frenchy", "first_mate"),
    ("kid", "kid", "lady_lauren"),
    ("sir_stephen", "sir_stephen", "sir_stephen"),
]


@pytest.mark.parametrize(
    ("alive", "expected"), [(True, [9, 5, 12, 14, 18, 7]), (False, [3, 20, 7, 8, 4, 28])]
)
def test_the_rules_worked_example_is_explained_line_by_line(alive, expected):
    sheet = [{"character": c, "love": lv, "hate": h, "alive": alive, "treasure": 0} for c, lv, h in EXAMPLE]
    view = sheet_view(sheet)
    assert view["scores"] == expected
    for seat, total in enumerate(expected):
        lines = lifeboat.score_lines(view, seat)
        assert sum(line.points for line in lines) == total
    frenchy = " | ".join(line.text for line in lifeboat.score_lines(view, 1))
    assert "Psychopath" in frenchy
    kid = " | ".join(line.text for line in lifeboat.score_lines(view, 4))
    assert "Narcissist" in kid
    # every seat's lines start with its own survival, the Psychopath's too, alive or dead
    first = {"Survives: own Survival", "Dies: nothing for own survival"}
    first.add("Survives, but a Psychopath scores nothing for that")
    for seat in range(len(EXAMPLE)):
        assert lifeboat.score_lines(view, seat)[0].text in first


def test_the_ambivalent_rule_and_the_shark_variant_show_in_the_lines():
    sheet = [
        {"character": "captain", "love": "kid", "hate": "kid", "alive": True, "treasure": 0},
        {"character": "kid", "love": "captain", "hate": "captain", "alive": False, "treasure": 0},
        {"character": "frenchy", "love": "captain", "hate": "kid", "alive": True, "treasure": 0},
        {"character": "lady_lauren", "love": "frenchy", "hate": "frenchy", "alive": True, "treasure": 0},
    ]
    for ambivalent in (True, False):
        for sharks in (True, False):
            view = sheet_view(sheet, sharks=sharks, ambivalent_scores=ambivalent)
            for seat in range(4):
                assert sum(ln.points for ln in lifeboat.score_lines(view, seat)) == view["scores"][seat]
    view = sheet_view(sheet, ambivalent_scores=False)
    assert "neither counts" in " ".join(ln.text for ln in lifeboat.score_lines(view, 0))
    plain, sharks = sheet_view(sheet), sheet_view(sheet, sharks=True)
    assert sharks["scores"][2] == plain["scores"][2] + 1  # the Kid's Size is one higher
    hate = [ln for ln in lifeboat.score_lines(sharks, 2) if ln.text.startswith("Hates")]
    assert hate[0].points == 4


def test_treasure_is_itemised_and_the_characters_own_kind_doubled():
    view = sheet_view(
        [
            {"character": "lady_lauren", "love": "kid", "hate": "kid", "alive": True, "treasure": 8 * 2},
            {"character": "kid", "love": "kid", "hate": "lady_lauren", "alive": True, "treasure": 0},
            {"character": "captain", "love": "kid", "hate": "lady_lauren", "alive": True, "treasure": 0},
            {"character": "frenchy", "love": "kid", "hate": "lady_lauren", "alive": True, "treasure": 0},
        ]
    )
    view["players"][0]["hand"] = [{"id": "prov-23"}, {"id": "prov-24"}]  # two Jewels
    view["players"][0]["table"] = [{"id": "prov-25"}]  # and a third face up
    lines = lifeboat.score_lines(view, 0)
    jewels = [ln for ln in lines if "Jewels" in ln.text]
    assert jewels[0].points == 16
    assert "doubled" in jewels[0].text


def test_lifeboats_ties_are_explained_by_the_own_boat():
    """Equal points: a landed boat orders by its harbour; a sunk boat shares a place only with
    other sunk boats of the same points, and otherwise comes after the landed ones (seen: "so
    the place is shared" for a player whose place nobody shared)."""
    told = set()
    for game in random_games("lifeboats", 60):
        view = game.rules.view(game.state, None)
        rows = lifeboats.results(view, NAMES, None)
        scores = [r.score for r in rows]
        for row in rows:
            if scores.count(row.score) == 1:
                assert not row.tie_break
                continue
            assert row.tie_break
            if "sank" in row.tie_break:
                assert ("shared" in row.tie_break) == row.tied, row
                told.add(row.tied)
    assert told, "no tie of a sunk boat in the random games"


def test_lifeboats_vote_cards_left_count_the_captains_hats():
    """Seen: "a captain's hat, a captain's hat, a captain's hat"; the hats are counted."""
    for game in random_games("lifeboats", 20):
        view = game.rules.view(game.state, None)
        for row in lifeboats.results(view, NAMES, None):
            hats = view["hands"][row.seat].count("hat")
            said = [c for c in row.hand if "hat" in c]
            assert said == ([f"{hats} captain's hat" + ("s" if hats != 1 else "")] if hats else []), row.hand
