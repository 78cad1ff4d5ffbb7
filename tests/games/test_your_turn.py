"""Your turn, wherever you are on the site: the navigation's count of the games waiting for you,
the "next game waiting for me" walk in deadline order, the count in the page title; cached per
player and dropped when a write changes their seats."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import cache_keys, services, waiting
from games.models import Game, Seat
from tests.factories import PASSWORD, UserFactory

from .helpers import start_game, state_of

pytestmark = pytest.mark.django_db


def signed_in(client, user):
    assert client.login(username=user.username, password=PASSWORD)
    return client


def title_of(response) -> str:
    return re.search(r"<title>(.*?)</title>", response.content.decode(), re.S).group(1).strip()


def games_waiting_for(user, n: int, slug: str = "lifeboats") -> list[Game]:
    """`n` running games, each waiting for `user` (they sit in the seat the game waits for)."""
    games = []
    for _ in range(n):
        game, users = start_game(slug)
        seat = game.engine.to_act(state_of(game))[0]
        other = users[seat]
        # hand the waited-for seat to `user` (the test's own swap, before anyone looks)
        Seat.objects.filter(game=game, user=other).update(user=user)
        games.append(game)
    cache.clear()
    return games


def test_the_nav_counts_the_games_waiting_and_the_title_carries_it(client):
    me = UserFactory()
    games_waiting_for(me, 2)
    response = signed_in(client, me).get(reverse("games:lobby"))
    assert title_of(response).startswith("(2) Lobby")
    html = response.content.decode()
    assert 'class="turn-count"' in html
    assert ">2</span>" in html
    assert "Next game waiting for me" in html


def test_no_badge_when_nothing_waits_nor_for_visitors(client):
    me = UserFactory()
    response = signed_in(client, me).get(reverse("games:lobby"))
    assert title_of(response).startswith("Lobby")
    assert 'class="turn-count"' not in response.content.decode()
    client.logout()
    response = client.get(reverse("games:home"))
    assert 'class="turn-count"' not in response.content.decode()
    assert not title_of(response).startswith("(")


def test_next_walks_the_waiting_games_in_deadline_order(client):
    me = UserFactory()
    a, b, c = games_waiting_for(me, 3)
    now = timezone.now()
    for game, hours in ((a, 30), (b, 5), (c, 12)):
        Seat.objects.filter(game=game, user=me).update(due_at=now + dt.timedelta(hours=hours))
    cache.clear()
    signed_in(client, me)
    first = client.get(reverse("games:next"))
    assert first.url == reverse("games:table", args=[b.pk])  # the soonest deadline
    assert client.get(reverse("games:next") + f"?from={b.pk}").url == reverse("games:table", args=[c.pk])
    assert client.get(reverse("games:next") + f"?from={c.pk}").url == reverse("games:table", args=[a.pk])
    assert client.get(reverse("games:next") + f"?from={a.pk}").url == reverse("games:table", args=[b.pk])
    # from a game's page, the nav's link leads on from that game
    page = client.get(reverse("games:table", args=[b.pk])).content.decode()
    assert f'href="{reverse("games:next")}?from={b.pk}"' in page


def test_next_with_nothing_waiting_goes_to_the_lobby_and_bad_input_is_no_500(client):
    me = UserFactory()
    signed_in(client, me)
    assert client.get(reverse("games:next")).url == reverse("games:lobby")
    for junk in ("x", "-1", "²", "9" * 40, ""):
        response = client.get(reverse("games:next"), {"from": junk})
        assert response.status_code == 302


def test_next_needs_a_sign_in(client):
    response = client.get(reverse("games:next"))
    assert response.status_code == 302
    assert "login" in response.url


def test_every_players_cached_list_stays_true_move_after_move(client, django_capture_on_commit_callbacks):
    """A write drops the cached list of each player whose seat it changed (waited for or not, its
    deadline; every seat at the end); the others keep theirs, which stay true: after every move of a
    game each player's list, cached or not, is what the database says."""
    game, users = start_game("lifeboat", 4)

    def database(user) -> list[tuple[int, object]]:
        seats = Seat.objects.filter(user=user, waiting=True, resigned=False, game__status=Game.Status.RUNNING)
        return sorted(seats.values_list("game_id", "due_at"))

    kept = 0
    for _ in range(30):
        for user in users:  # every list cached before the move
            waiting.waiting_for(user.pk)
        state = state_of(game)
        if game.engine.is_over(state):
            break
        seat = game.engine.to_act(state)[0]
        action = game.engine.legal_actions(state, seat)[0]
        with django_capture_on_commit_callbacks(execute=True):
            game = services.action_submit(
                game_id=game.pk, user=users[seat], action=action, expected_version=game.version
            )
        kept += sum(cache.get(cache_keys.waiting_key(u.pk)) is not None for u in users)
        for user in users:
            assert [(w.game_id, w.due_at) for w in waiting.waiting_for(user.pk)] == database(user)
    assert kept > 0, "some moves leave some players' lists alone"


def test_the_badge_costs_one_query_then_none(client):
    me = UserFactory()
    games_waiting_for(me, 2)
    signed_in(client, me)
    with CaptureQueriesContext(connection) as first:
        client.get(reverse("clubs:list"))
    with CaptureQueriesContext(connection) as second:
        client.get(reverse("clubs:list"))

    def seat_reads(queries):
        return [q["sql"] for q in queries if '"waiting"' in q["sql"] and "games_seat" in q["sql"]]

    assert len(seat_reads(first.captured_queries)) == 1
    assert seat_reads(second.captured_queries) == []  # from the shared cache


def test_resigned_and_finished_seats_do_not_count():
    me = UserFactory()
    (game,) = games_waiting_for(me, 1)
    assert len(waiting.waiting_for(me.pk)) == 1
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    cache.delete(cache_keys.waiting_key(me.pk))
    assert waiting.waiting_for(me.pk) == []


def test_next_after():
    rows = [waiting.Waiting(1, None), waiting.Waiting(2, None)]
    assert waiting.next_after([], None) is None
    assert waiting.next_after(rows, None) == 1
    assert waiting.next_after(rows, 1) == 2
    assert waiting.next_after(rows, 2) == 1
    assert waiting.next_after(rows, 7) == 1
    assert waiting.next_after(rows[:1], 1) is None


@pytest.mark.parametrize("language", ["hu", "cs"])
def test_the_badge_is_translated(client, language):
    me = UserFactory()
    me.profile.language = language
    me.profile.save()
    games_waiting_for(me, 2)
    signed_in(client, me)
    client.cookies["django_language"] = language
    html = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "Next game waiting for me" not in html
    assert 'class="turn-count"' in html
