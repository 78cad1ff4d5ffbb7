"""The table fragment is cached per game version and seat: never one seat's for another's; the
page around it per reader, with the reader's own name, messages, language and CSRF token."""

import re
from unittest import mock

import pytest
from django.core.cache import cache
from django.test import Client

from games import views
from tests.factories import UserFactory

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


def without_tokens(html: str) -> str:
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
    return re.sub(r'"X-CSRFToken": "[^"]*"', "", html)


def signed_in(user) -> Client:
    client = Client()
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
        assert_no_secrets(
            first.get(table_url(game), **headers).content.decode(), rules.secrets_from(state, 0), "seat 0"
        )


def test_a_spectator_after_a_seat_sees_no_secrets():
    game, users = start_game("lifeboat", 4)
    state, rules = state_of(game), game.engine
    signed_in(users[0]).get(table_url(game), **HTMX)
    page = signed_in(UserFactory()).get(table_url(game), **HTMX).content.decode()
    assert_no_secrets(page, rules.secrets_from(state, None), "the spectator")


def test_the_same_version_is_served_from_the_cache_and_a_new_version_fresh():
    game, users = start_game("lifeboat", 4)
    client = signed_in(users[0])
    with mock.patch.object(views.selectors, "table_from", wraps=views.selectors.table_from) as build:
        first = client.get(table_url(game), **HTMX).content.decode()
        again = client.get(table_url(game), **HTMX).content.decode()
        assert build.call_count == 1
        assert without_tokens(again) == without_tokens(first)
        game = play_moves(game, users, 1)
        moved = client.get(table_url(game), **HTMX).content.decode()
        assert build.call_count == 2
    assert f'value="{game.version}"' in moved
    assert f'value="{game.version - 1}"' not in moved


def test_each_reader_gets_their_own_csrf_token_in_a_cached_fragment():
    game, users = start_game("lifeboat", 4)
    first, second = signed_in(users[0]), signed_in(users[0])
    for client in (first, second):
        client.get(table_url(game))  # sets the CSRF cookie
    page_one = first.get(table_url(game), **HTMX).content.decode()
    page_two = second.get(table_url(game), **HTMX).content.decode()
    assert "\x00" not in page_one
    assert "\x00" not in page_two
    assert 'name="csrfmiddlewaretoken"' in page_two
    assert page_one != page_two  # the same entry, each with its reader's (masked) token


def test_the_page_around_the_table_is_cached_per_reader_and_matches_a_fresh_render():
    game, users = start_game("lifeboat", 4)
    client = signed_in(users[0])
    client.get(table_url(game))
    with mock.patch.object(views, "render_to_string", wraps=views.render_to_string) as render:
        game = play_moves(game, users, 1)
        cached = client.get(table_url(game)).content.decode()
        pages = [c for c in render.call_args_list if c.args[0] == views.TABLE_TEMPLATE]
        assert pages == []  # the fragment is new (a new version); the page around it is not
    cache.clear()
    fresh = client.get(table_url(game)).content.decode()
    assert "\x00" not in cached
    assert without_tokens(cached) == without_tokens(fresh)
    assert f'value="{game.version}"' in cached


def test_a_cached_page_shows_each_readers_own_name_messages_and_language():
    game, users = start_game("lifeboat", 4)
    users[0].profile.display_name, users[1].profile.display_name = "Ahab", "Ishmael"
    for user in users[:2]:
        user.profile.save()
    first, second = signed_in(users[0]), signed_in(users[1])
    assert 'title="Your profile and settings">Ahab<' in first.get(table_url(game)).content.decode()
    page = second.get(table_url(game)).content.decode()
    assert 'title="Your profile and settings">Ishmael<' in page
    assert 'class="success"' not in page

    seat, action = waiting_seat_and_action(game)
    mover = signed_in(users[seat])
    mover.get(table_url(game))  # their page is cached; the move's message comes after
    mover.post(act_url(game), act_data(game, action))
    assert "Your move was played." in mover.get(table_url(game)).content.decode()
    assert "Your move was played." not in mover.get(table_url(game)).content.decode()  # shown once

    users[1].profile.display_name = "Queequeg"
    users[1].profile.save()
    page = second.get(table_url(game)).content.decode()
    assert "Queequeg<" in page
    assert "Ishmael" not in page
    users[1].profile.language = "hu"
    users[1].profile.save()
    assert '<html lang="hu">' in second.get(table_url(game)).content.decode()
