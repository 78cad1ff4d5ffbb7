"""What the shared cache keeps for a table (its game's live entry, seats, latest actions, every
seat's view) never serves one seat's table to another; each reader gets their own CSRF token, their
language and time zone, and the new version after a move."""

import re
from zoneinfo import ZoneInfo

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation

from accounts.models import Profile
from games.models import Seat
from tests.factories import UserFactory
from tests.games.board.helpers import text_of

from .helpers import (
    act_data,
    act_url,
    assert_no_secrets,
    play_moves,
    start_game,
    state_of,
    table_url,
    waiting_seat_and_action,
)

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def signed_in(user, **kwargs) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_a_cached_table_never_serves_one_seats_fragment_to_another(slug):
    game, users = start_game(slug, 4)
    game = play_moves(game, users, 3)
    state, rules = state_of(game), game.engine
    first, second = signed_in(users[0]), signed_in(users[1])
    for headers in ({}, HTMX):
        assert first.get(table_url(game), **headers).status_code == 200  # seat 0's entry cached
        page = second.get(table_url(game), **headers).content.decode()
        assert_no_secrets(page, rules.secrets_from(state, 1), "seat 1 after seat 0")
        again = first.get(table_url(game), **headers).content.decode()
        assert_no_secrets(again, rules.secrets_from(state, 0), "seat 0")


def test_a_spectator_after_a_seat_sees_no_secrets():
    game, users = start_game("lifeboat", 4)
    state, rules = state_of(game), game.engine
    signed_in(users[0]).get(table_url(game), **HTMX)
    page = signed_in(UserFactory()).get(table_url(game), **HTMX).content.decode()
    assert_no_secrets(page, rules.secrets_from(state, None), "the spectator")


def test_after_a_move_every_reader_gets_the_new_version():
    game, users = start_game("lifeboat", 4)
    readers = [signed_in(u) for u in users]
    for client in readers:
        client.get(table_url(game), **HTMX)  # this version cached for every seat
    game = play_moves(game, users, 1)
    for client in readers:
        page = client.get(table_url(game), **HTMX).content.decode()
        assert f'name="expected_version" value="{game.version}"' in page
        assert f'value="{game.version - 1}"' not in page


def token_of(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_a_move_from_a_cached_table_works_in_each_of_the_players_browsers_without_javascript():
    game, _users = start_game("lifeboat", 4)
    seat, action = waiting_seat_and_action(game)
    user = Seat.objects.get(game=game, index=seat).user
    laptop, phone = signed_in(user, enforce_csrf_checks=True), signed_in(user, enforce_csrf_checks=True)
    laptop_page = laptop.get(table_url(game)).content.decode()  # renders and caches this seat's table
    phone_page = phone.get(table_url(game)).content.decode()  # from the cache
    assert "\x00" not in laptop_page + phone_page
    assert token_of(phone_page) != token_of(laptop_page)
    data = {**act_data(game, action), "csrfmiddlewaretoken": token_of(phone_page)}
    response = phone.post(act_url(game), data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.move_count == 1


def test_the_cache_keeps_each_readers_language_and_time_zone():
    game, _users = start_game("lifeboat", 4)
    seat, _action = waiting_seat_and_action(game)
    user = Seat.objects.get(game=game, index=seat).user
    client = signed_in(user)
    client.get(table_url(game))
    Profile.objects.filter(user=user).update(language="hu", time_zone="Asia/Kolkata")
    page = client.get(table_url(game)).content.decode()
    assert '<html lang="hu">' in page
    with translation.override("hu"):
        assert text_of(page, "players-h") == translation.gettext("Players") != "Players"
        assert text_of(page, "prompt-h") == translation.gettext("Your move")
    due = Seat.objects.get(game=game, index=seat).due_at.astimezone(ZoneInfo("Asia/Kolkata"))
    assert f"{due:%H:%M} IST" in page


def test_the_page_around_a_cached_table_is_each_readers_own():
    game, users = start_game("lifeboat", 4)
    for user, name in zip(users[:2], ("Ahab", "Ishmael"), strict=True):
        Profile.objects.filter(user=user).update(display_name=name)
    first, second = signed_in(users[0]), signed_in(users[1])
    assert 'title="Your profile and settings">Ahab<' in first.get(table_url(game)).content.decode()
    assert 'title="Your profile and settings">Ishmael<' in second.get(table_url(game)).content.decode()
    seat, action = waiting_seat_and_action(game)
    mover = signed_in(Seat.objects.get(game=game, index=seat).user)
    mover.get(table_url(game))
    mover.post(act_url(game), act_data(game, action))
    assert "Your move was played." in text_of(mover.get(table_url(game)).content.decode())
    assert "Your move was played." not in text_of(mover.get(table_url(game)).content.decode())


@pytest.mark.django_db(transaction=True)
def test_the_log_a_committed_move_leaves_in_the_cache_is_the_log_the_database_holds():
    """A move, once committed, extends the cached latest actions; the log read from them is the
    one read from the database."""
    game, _users = start_game("lifeboat", 4)
    readers = {s.index: signed_in(s.user) for s in Seat.objects.filter(game=game).select_related("user")}
    for _ in range(6):
        seat, action = waiting_seat_and_action(game)
        readers[seat].get(table_url(game))  # the latest actions of this move count are cached
        response = readers[seat].post(act_url(game), act_data(game, action), **HTMX)
        assert response.status_code == 200
        game.refresh_from_db()
    seat, _action = waiting_seat_and_action(game)
    cached = text_of(readers[seat].get(table_url(game), **HTMX).content.decode(), "game-log")
    cache.clear()
    fresh = text_of(readers[seat].get(table_url(game), **HTMX).content.decode(), "game-log")
    assert cached == fresh
    assert "Day 1" in fresh
