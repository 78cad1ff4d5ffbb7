"""Choosing who you play with (issue 18): a game's minimum reliability, the lobby's reliability
column, and blocks between players keeping them from one table (both ways)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import Profile
from accounts.services import block_user, unblock_user
from games import services
from games.errors import InvalidRequest, NotAllowed
from games.models import Action, Game, Seat
from tests.clubs.helpers import make_club, start_table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def late_player(timeouts: int = 3, on_time: int = 1):
    """A player whose seat played `timeouts` of its decisions by the deadline (reliability
    on_time / (timeouts + on_time))."""
    user = UserFactory()
    game = start_table([user, UserFactory(), UserFactory()])
    sources = ["timeout"] * timeouts + ["web"] * on_time
    for seq, source in enumerate(sources, start=100):
        Action.objects.create(
            game=game, seq=seq, seat_index=0, user=user, payload={"type": "x"}, source=source
        )
    return user


def open_game(**kwargs) -> Game:
    return services.game_create(user=UserFactory(), slug="lifeboats", num_players=4, **kwargs)


# -- minimum reliability ----------------------------------------------------------------------
def test_a_minimum_reliability_keeps_unreliable_players_out_and_says_why():
    game = open_game(min_reliability=60)
    late = late_player()  # 25%
    with pytest.raises(NotAllowed, match=r"at least 60%.*yours is 25%"):
        services.game_join(game_id=game.pk, user=late)
    assert not Seat.objects.filter(game=game, user=late).exists()


def test_reliable_and_new_players_may_join_a_game_with_a_minimum():
    game = open_game(min_reliability=60)
    reliable = late_player(timeouts=1, on_time=3)  # 75%
    services.game_join(game_id=game.pk, user=reliable)
    services.game_join(game_id=game.pk, user=UserFactory())  # no decision yet: welcome
    assert game.seats.count() == 3


def test_a_game_without_a_minimum_takes_anyone():
    game = open_game()
    services.game_join(game_id=game.pk, user=late_player(timeouts=4, on_time=0))
    assert game.seats.count() == 2


@pytest.mark.parametrize("bad", [-1, 101, "50"])
def test_a_minimum_outside_0_to_100_is_refused(bad):
    with pytest.raises(InvalidRequest):
        open_game(min_reliability=bad)
    assert not Game.objects.exists()


def test_the_create_form_stores_the_minimum(client):
    user = UserFactory()
    client.force_login(user)
    data = {
        "game": "lifeboats",
        "num_players": 4,
        "pace": "24h",
        "visibility": "public",
        "min_reliability": 80,
    }
    response = client.post(reverse("games:create"), data)
    assert response.status_code == 302
    assert Game.objects.get().min_reliability == 80


def test_the_create_form_refuses_a_minimum_above_100(client):
    client.force_login(UserFactory())
    data = {
        "game": "lifeboats",
        "num_players": 4,
        "pace": "24h",
        "visibility": "public",
        "min_reliability": 150,
    }
    response = client.post(reverse("games:create"), data)
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_the_lobby_shows_each_players_reliability_and_the_games_minimum(client):
    late = late_player()  # 25%
    game = services.game_create(user=late, slug="lifeboats", num_players=4, min_reliability=50)
    newcomer = UserFactory()
    services.game_join(game_id=game.pk, user=newcomer)
    viewer = UserFactory()
    client.force_login(viewer)
    page = client.get(reverse("games:lobby")).content.decode()
    row = page[page.index(f'id="open-{game.pk}"') :].split("</tr>")[0]
    assert f"{late.profile.display_name}</a> (25%)" in row
    assert f"{newcomer.profile.display_name}</a> (new)" in row
    assert "needs 50% reliability" in row


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "You could not join game"), ("hu", "Nem sikerült csatlakoznod"), ("cs", "Ke hře")],
)
def test_a_join_refused_from_the_lobby_says_why_on_the_lobby_in_the_readers_language(client, language, words):
    game = open_game(min_reliability=90)
    late = late_player()
    Profile.objects.filter(user=late).update(language=language)
    client.force_login(late)
    response = client.post(reverse("games:join", args=[game.pk]), {"next": "lobby"})
    assert response.status_code == 403
    assert response.templates[0].name == "games/lobby.html"
    page = response.content.decode()
    assert words in page
    assert re.search(r"90\s?%", page)  # the game's minimum (Czech writes "90 %")
    assert re.search(r"25\s?%", page)  # and the player's own
    assert not Seat.objects.filter(game=game, user=late).exists()


def test_a_join_refused_from_the_table_is_the_error_page(client):
    game = open_game(min_reliability=90)
    client.force_login(late_player())
    response = client.post(reverse("games:join", args=[game.pk]))
    assert response.status_code == 403
    assert "90%" in response.content.decode()


# -- blocks ------------------------------------------------------------------------------------
def test_a_blocked_player_cannot_join_your_game():
    game = open_game()
    creator = game.created_by
    pest = UserFactory()
    block_user(user=creator, blocked_id=pest.pk)
    with pytest.raises(NotAllowed, match="does not play with you") as refusal:
        services.game_join(game_id=game.pk, user=pest)
    assert creator.profile.display_name not in refusal.value.message  # who blocked is not named
    assert game.seats.count() == 1


def test_you_cannot_join_a_game_of_a_player_you_blocked_and_are_told_whom():
    game = open_game()
    creator = game.created_by
    me = UserFactory()
    block_user(user=me, blocked_id=creator.pk)
    with pytest.raises(NotAllowed, match=creator.profile.display_name):
        services.game_join(game_id=game.pk, user=me)
    unblock_user(user=me, blocked_id=creator.pk)
    services.game_join(game_id=game.pk, user=me)
    assert game.seats.count() == 2


def test_a_block_counts_against_any_seated_player_not_only_the_creator():
    game = open_game()
    seated = UserFactory()
    services.game_join(game_id=game.pk, user=seated)
    pest = UserFactory()
    block_user(user=seated, blocked_id=pest.pk)
    with pytest.raises(NotAllowed):
        services.game_join(game_id=game.pk, user=pest)
    services.game_join(game_id=game.pk, user=UserFactory())  # others are not affected


def test_a_club_game_may_ask_for_a_minimum_reliability_too(client):
    club, admin, _members = make_club(members=1)
    client.force_login(admin)
    data = {"slug": "lifeboats", "num_players": 4, "pace": "24h", "rated": "on", "min_reliability": 70}
    response = client.post(reverse("clubs:game_new", args=[club.slug]), data)
    assert response.status_code == 302
    assert Game.objects.get(club=club).min_reliability == 70


def test_the_lobby_reads_reliability_in_the_same_queries_for_one_open_game_or_many(client):
    viewer = UserFactory()
    client.force_login(viewer)
    counts = []
    for games in (1, 4):
        for _ in range(games):
            game = open_game(min_reliability=10)
            services.game_join(game_id=game.pk, user=late_player(timeouts=1, on_time=1))
        client.get(reverse("games:lobby"))  # the per-reader caches (the mail banner) filled
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("games:lobby")).status_code == 200
        counts.append([q["sql"] for q in queries.captured_queries])
    assert len(counts[0]) == len(counts[1]), counts
