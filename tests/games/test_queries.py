"""Query counts of the lobby, the table and the move POST: bounded, and the same for a game of 5
actions and one of 500 (the state is read from the snapshot, never replayed; the log reads the
latest actions only)."""

from __future__ import annotations

from functools import partial

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Action, Game, Seat

from .helpers import act_data, act_url, start_game, table_url, waiting_seat_and_action

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def game_of(actions: int) -> tuple[Game, dict[int, object]]:
    """A running Lifeboat game whose log holds `actions` actions: the draft, then trade offers
    made and declined in the first Actions phase (played in the engine, stored as a move would)."""
    game, _users = start_game("lifeboat", 4, seed=20261129)
    rules = game.engine
    state = rules.from_json(game.snapshot)
    rows = []

    def play(seat: int, action: dict) -> None:
        rows.append(
            Action(
                game=game,
                seq=len(rows) + 1,
                seat_index=seat,
                payload=action,
                events=rules.apply(state, seat, action),
            )
        )

    while state.step != "act" and len(rows) < actions:
        seat = rules.to_act(state)[0]
        play(seat, next(a for a in rules.legal_actions(state, seat) if a["type"] == "keep"))
    while len(rows) < actions:
        giver = next(s for s in state.boat if state.hands[s])
        taker = next(s for s in state.boat if s != giver)
        play(giver, {"type": "offer_trade", "to": taker, "give": [state.hands[giver][0]], "take": []})
        if len(rows) < actions:
            play(
                taker,
                next(
                    a
                    for a in rules.legal_actions(state, taker)
                    if a["type"] == "answer_trade" and not a["accept"]
                ),
            )
    Action.objects.bulk_create(rows)
    waiting = set(rules.to_act(state))
    for seat in Seat.objects.filter(game=game):
        seat.waiting = seat.index in waiting
        seat.save(update_fields=["waiting"])
    Game.objects.filter(pk=game.pk).update(
        snapshot=rules.to_json(state), move_count=len(rows), version=len(rows) + 1
    )
    game.refresh_from_db()
    users = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    return game, users


@pytest.fixture(params=[5, 500], ids=["5-actions", "500-actions"])
def played(request):
    game, users = game_of(request.param)
    assert game.move_count == request.param
    seat, action = waiting_seat_and_action(game)
    client = Client()
    client.force_login(users[seat])
    client.get(table_url(game))  # the session, the caches and this seat's table fragment
    return game, client, action


def count(call) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = call()
    assert response.status_code in (200, 302), response.status_code
    return len(queries)


#: session, user with profile; whether the reader is new to this game (its first-game panel). The
#: game with its seats (`games.live`) and the table of this version and seat come from the cache.
TABLE = 3
#: + the game with its seats (the cache cleared), the seats with their players' names and the latest
#: actions (a version not rendered for this seat yet); the notices' seats (cached apart)
TABLE_UNCACHED = TABLE + 4
#: + whether the reader's mail bounces (the banner on every page; cached apart per reader)
MAIL_BANNER = 1
#: + the games waiting for the reader (the navigation's count on every page; cached apart per reader)
YOUR_TURN = 1
#: session, user with profile; open games (their seats too when there are some); the reliability of
#: the reader and of those seats' players (issue 18); my games; rematches asking for the reader
LOBBY = 6
#: session, user with profile; savepoint; game FOR UPDATE; seats; insert action; game update; seat
#: updates; insert the write for the notifications task; release
MOVE = 11
#: + the mover's seat, the seats with names for their new fragment, the new version's latest actions
#: (written to the cache by the move's after-commit work, which these tests do not run)
MOVE_HTMX = MOVE + 3


def test_the_table_page(played, django_assert_max_num_queries):
    game, client, _action = played
    with django_assert_max_num_queries(TABLE):
        assert client.get(table_url(game)).status_code == 200


def test_the_table_fragment(played, django_assert_max_num_queries):
    game, client, _action = played
    with django_assert_max_num_queries(TABLE):
        assert client.get(table_url(game), **HTMX).status_code == 200


def test_the_table_page_rendered_anew(played, django_assert_max_num_queries):
    game, client, _action = played
    cache.clear()
    with django_assert_max_num_queries(TABLE_UNCACHED + MAIL_BANNER + YOUR_TURN):
        assert client.get(table_url(game)).status_code == 200


def test_the_lobby(played, django_assert_max_num_queries):
    _game, client, _action = played
    with django_assert_max_num_queries(LOBBY):
        assert client.get(reverse("games:lobby")).status_code == 200


def test_a_move(played, django_assert_max_num_queries):
    game, client, action = played
    with django_assert_max_num_queries(MOVE):
        assert client.post(act_url(game), act_data(game, action)).status_code == 302


def test_a_move_answered_with_the_new_fragment(played, django_assert_max_num_queries):
    game, client, action = played
    with django_assert_max_num_queries(MOVE_HTMX):
        assert client.post(act_url(game), act_data(game, action), **HTMX).status_code == 200


def test_a_long_game_reads_no_more_than_a_short_one():
    """Each read and write of a 500-action game makes the queries a 5-action game makes."""
    counts = []
    for actions in (5, 500):
        cache.clear()
        game, users = game_of(actions)
        seat, action = waiting_seat_and_action(game)
        client = Client()
        client.force_login(users[seat])
        client.get(reverse("games:lobby"))
        url, move = table_url(game), act_data(game, action)
        counts.append(
            (
                count(partial(client.get, url)),  # rendered
                count(partial(client.get, url)),  # from the cache
                count(partial(client.get, url, **HTMX)),
                count(partial(client.post, act_url(game), move, **HTMX)),
            )
        )
    assert counts[0] == counts[1]
