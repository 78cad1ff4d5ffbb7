"""Exact query counts for the lobby, the table and the move POST, equal for short and long games.

The state is read from the snapshot, never replayed, so the length of the log must not matter.
The move POST includes the row that queues its notifications, written in the same transaction.
The game's seed and seat order are fixed, so each run plays the same moves and the counts are exact.
"""

import re
from unittest import mock

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Seat

from .helpers import act_data, act_url, play_moves, start_game, table_url, waiting_seat_and_action

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
FEW, MANY = 4, 44
SEED = 20261129


@pytest.fixture(params=[FEW, MANY], ids=["few-actions", "many-actions"])
def played(request, client):
    # A fixed seed and seat order (the start's shuffle and seed are random), so the move below is
    # the same every run: it prompts the next seat, and its query count is exact.
    with mock.patch("random.SystemRandom.shuffle"):
        game, users = start_game("lifeboat", 4, seed=SEED)
    game = play_moves(game, users, request.param)
    assert game.move_count == request.param
    seat, action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    client.get(table_url(game))  # warm the session and caches (and this seat's table fragment)
    return game, action


def test_table_page_queries(client, played, django_assert_num_queries):
    game, _action = played
    with django_assert_num_queries(TABLE_QUERIES):  # the notices too are cached
        assert client.get(table_url(game)).status_code == 200


def test_table_fragment_queries(client, played, django_assert_num_queries):
    game, _action = played
    with django_assert_num_queries(TABLE_QUERIES):
        assert client.get(table_url(game), **HTMX).status_code == 200


def test_table_page_queries_uncached(client, played, django_assert_num_queries):
    game, _action = played
    cache.clear()  # a version (or reader) not yet rendered: the view, log and secrets are read
    with django_assert_num_queries(TABLE_QUERIES + TABLE_UNCACHED_EXTRA + TABLE_NOTICES + MAIL_BANNER):
        assert client.get(table_url(game)).status_code == 200


def test_lobby_queries(client, played, django_assert_num_queries):
    with django_assert_num_queries(LOBBY_QUERIES):
        assert client.get(reverse("games:lobby")).status_code == 200


def test_move_post_queries(client, played, django_assert_num_queries):
    game, action = played
    with django_assert_num_queries(MOVE_QUERIES):
        assert client.post(act_url(game), act_data(game, action)).status_code == 302


def test_move_fragment_queries(client, played, django_assert_num_queries):
    game, action = played
    with django_assert_num_queries(MOVE_QUERIES + TABLE_FRAGMENT_AFTER_MOVE):
        assert client.post(act_url(game), act_data(game, action), **HTMX).status_code == 200


def test_after_a_move_the_other_seats_read_the_log_from_the_cache(client, played, django_assert_num_queries):
    game, action = played
    client.post(act_url(game), act_data(game, action), **HTMX)  # reads the new log once
    mover = client.session["_auth_user_id"]
    other = Seat.objects.filter(game=game).exclude(user_id=mover).select_related("user").first()
    client.force_login(other.user)
    with django_assert_num_queries(TABLE_QUERIES + 1):  # + this seat's secrets, not the log
        assert client.get(table_url(game), **HTMX).status_code == 200


def without_csrf_tokens(html: bytes) -> bytes:
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", html)


def test_the_fragment_a_move_answers_with_is_cached_for_the_next_poll(
    client, played, django_assert_num_queries
):
    game, action = played
    moved = client.post(act_url(game), act_data(game, action), **HTMX)
    with django_assert_num_queries(TABLE_QUERIES):
        polled = client.get(table_url(game), **HTMX)
    assert without_csrf_tokens(polled.content) == without_csrf_tokens(moved.content)  # masked anew each time


# session, user with profile; game; seats with users and profiles (the fragment of this version
# for this seat is cached by the warming request)
TABLE_QUERIES = 4
# recent actions; my secrets (when the fragment is rendered with an empty cache)
TABLE_UNCACHED_EXTRA = 2
# the full page's notices, outside the fragment (they change without a game write) and cached
# apart: the seats with who is absent or on vacation and whether the reader muted this game
TABLE_NOTICES = 1
# whether the reader's mail bounces (the banner on every page), cached apart per reader
MAIL_BANNER = 1
# session, user with profile; open games; my games
LOBBY_QUERIES = 4
# session, user with profile; savepoint; game FOR UPDATE; seats; insert action; game update; seat
# updates (one per new set of values: the seat now waited for, the seat that acted); insert the
# write for the notifications task (prompts and mails are written after the commit); release.
MOVE_QUERIES = 11
# the seats with their players' names (the game is the move's own row); the latest actions (a
# committed move makes their cache entry first: test_the_mover_table_after_a_move_reads_no_actions;
# my secret cards, dealt once, are cached since the table's first read)
TABLE_FRAGMENT_AFTER_MOVE = 2


@pytest.mark.django_db(transaction=True)
def test_the_mover_table_after_a_move_reads_no_actions(client):
    """Committed for real: the move's after-commit work extends the cached log it read before."""
    game, users = start_game("lifeboat", 4)
    game = play_moves(game, users, FEW)
    seat, action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    client.get(table_url(game))  # the table before the move: the log up to now is cached
    with CaptureQueriesContext(connection) as queries:
        assert client.post(act_url(game), act_data(game, action), **HTMX).status_code == 200
    reads_of_actions = [
        q["sql"] for q in queries if q["sql"].startswith("SELECT") and '"games_action"' in q["sql"]
    ]
    assert reads_of_actions == []
    assert any(q["sql"].startswith("INSERT") and '"games_action"' in q["sql"] for q in queries)
