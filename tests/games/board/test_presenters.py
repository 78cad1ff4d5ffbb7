"""Board presenters and their fragments: what each seat sees, and nothing it may not."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.utils import translation

from games import i18n, services
from games.board import present_table
from games.board.lifeboat import navigation_summary
from tests.games.board.helpers import (
    FRAGMENTS,
    gzipped_size,
    render_fragments,
    running_game,
    secrets_of_others,
    table_for,
)
from tests.games.helpers import assert_no_secrets, play_moves, state_of

pytestmark = pytest.mark.django_db

FRAGMENT_LIMIT = 5 * 1024


@pytest.mark.parametrize(
    ("slug", "players", "moves"), [("lifeboat", 4, 0), ("lifeboat", 5, 40), ("lifeboat", 4, 70)]
)
def test_lifeboat_board_draws_the_boat_bow_to_stern_from_the_view(slug, players, moves):
    game, users = running_game(slug, players, moves)
    for user in users:
        table = table_for(game, user)
        board = present_table(table).board
        assert [s.seat for s in board.seats] == table.view["boat"]
        assert [s.name for s in board.seats] == [table.view["players"][s]["name"] for s in table.view["boat"]]
        mine = [s for s in board.seats + board.gone if s.is_me]
        assert [s.seat for s in mine] == [table.seat]
        if board.over:
            assert board.private is None
            assert board.final
        else:
            assert board.private is not None
            assert board.private["love"]
            assert board.private["hate"]
        for s in board.seats:
            assert len(s.pips) == s.size + 1
            assert sum(filled for _x, filled in s.pips) == min(s.wounds, s.size + 1)


def test_spectator_has_no_private_corner():
    game, _users = running_game("lifeboat", 4, 10)
    table = table_for(game, _anonymous())
    presented = present_table(table)
    assert presented.board.private is None
    assert presented.required == []
    assert presented.optional == []


def _anonymous():
    return AnonymousUser()


@pytest.mark.parametrize(
    ("slug", "players", "moves"),
    [
        ("lifeboat", 4, 0),
        ("lifeboat", 4, 30),
        ("lifeboat", 6, 90),
        ("lifeboats", 3, 25),
        ("lifeboats", 5, 60),
    ],
)
def test_no_fragment_shows_another_seats_secrets(slug, players, moves):
    game, users = running_game(slug, players, moves)
    for user in [*users, _anonymous()]:
        table = table_for(game, user)
        html = render_fragments(table)
        assert_no_secrets(html, secrets_of_others(game, table.seat), f"seat {table.seat}'s board")


@pytest.mark.parametrize(("slug", "players", "moves"), [("lifeboat", 6, 60), ("lifeboats", 6, 80)])
def test_each_fragment_is_small(slug, players, moves):
    game, users = running_game(slug, players, moves)
    table = table_for(game, users[0])
    for name in FRAGMENTS:
        size = gzipped_size(render_to_string(name, {"t": table}))
        assert size <= FRAGMENT_LIMIT, f"{name} is {size} bytes gzipped"


def test_lifeboats_board_shows_lanes_boats_and_vote_status_not_content():
    game, users = running_game("lifeboats", 3, 0)
    # play the whole set-up with first choices, then one vote card
    state = state_of(game)
    for _ in range(100):
        if state.phase in ("leak", "move"):
            break
        game = play_moves(game, users, 1)
        state = state_of(game)
    assert state.phase == "leak"
    voter = game.engine.to_act(state)[0]
    services.action_submit(
        game_id=game.pk,
        user=users[voter],
        action={"type": "vote", "card": "black"},
        expected_version=game.version,
    )
    game.refresh_from_db()
    for seat, user in enumerate(users):
        table = table_for(game, user)
        board = present_table(table).board
        assert len(board.lanes) == 7
        assert all(len(b.seats) == 6 for b in board.boats)
        row = next(p for p in board.players if p.seat == voter)
        assert row.cast is True
        html = render_fragments(table)
        if seat == voter:
            assert "You cast the black boat" in html
        else:
            assert "the black boat (face down" not in html
            assert "cast the black boat" not in html


def test_navigation_summary_reads_the_printed_card():
    assert navigation_summary("nav-21") == (
        "No. 21: overboard The Kid; a bird (+1); thirsty all but Lady Lauren; "
        "fighters thirsty; rowers thirsty"
    )
    assert navigation_summary("nav-25") == "No. 25: overboard nobody; a bird (+1); thirsty nobody"


@pytest.mark.parametrize("language", ["hu", "cs"])
def test_the_board_speaks_the_readers_language(language):
    game, users = running_game("lifeboat", 4, 12)
    table = table_for(game, users[0])
    with translation.override(language):
        html = render_fragments(table)
        for p in table.view["players"]:
            assert i18n.character_name(p["character"]) in html
