"""Again, and watching: "same table again" from a finished game, the public games to watch, and
the API's list of the token's games."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.selectors import display_name
from accounts.services import create_api_token
from clubs import services as club_services
from clubs.models import Membership
from games import services
from games.errors import GameNotFound, NotAllowed, WrongStatus
from games.models import Game, Seat
from notifications.models import Kind, Notification
from notifications.rendering import build_message
from tests.factories import PASSWORD, GameFactory, UserFactory

from .helpers import start_game, state_of

pytestmark = pytest.mark.django_db


def finished_game(slug: str = "lifeboats", **kwargs) -> tuple[Game, list]:
    game, users = start_game(slug, **kwargs)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    game.refresh_from_db()
    return game, users


def signed_in(client, user):
    assert client.login(username=user.username, password=PASSWORD)
    return client


# -- services ---------------------------------------------------------------------------------
def test_a_rematch_has_the_same_settings_and_invites_the_other_players():
    game, users = finished_game("lifeboats", num_players=4, pace=Game.Pace.HOURS_72, rated=False)
    asker = users[2]
    rematch, made = services.game_rematch(game_id=game.pk, user=asker, link_for=lambda g: f"http://x/{g.pk}/")
    assert made
    assert (rematch.slug, rematch.num_players, rematch.options, rematch.pace, rematch.rated) == (
        game.slug,
        4,
        game.options,
        Game.Pace.HOURS_72,
        False,
    )
    assert rematch.rematch_of_id == game.pk
    assert rematch.status == Game.Status.OPEN
    assert rematch.auto_start
    assert rematch.visibility == Game.Visibility.PRIVATE  # its seats wait for the same players
    assert list(rematch.seats.values_list("user_id", flat=True)) == [asker.pk]
    invited = set(Notification.objects.filter(kind=Kind.REMATCH).values_list("to_email", flat=True))
    assert invited == {u.email for u in users if u != asker}
    message = build_message(Notification.objects.filter(kind=Kind.REMATCH).first())
    assert f"http://x/{rematch.pk}/" in message.body
    assert "[Lifeboat Club]" in message.subject
    assert display_name(asker) in message.subject  # who asked


def test_the_other_players_join_without_a_link_and_it_starts_with_seats_drawn_anew():
    game, users = finished_game("lifeboats", num_players=4)
    rematch, _made = services.game_rematch(game_id=game.pk, user=users[0])
    for user in users[1:]:
        services.game_join(game_id=rematch.pk, user=user)
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.RUNNING
    assert sorted(rematch.seats.values_list("user_id", flat=True)) == sorted(u.pk for u in users)
    # the shuffle is seeded by the game's seed: the same seed, the same seating
    order = list(rematch.seats.order_by("index").values_list("user_id", flat=True))
    expected = sorted(u.pk for u in users)
    random.Random(rematch.seed).shuffle(expected)
    assert order == expected


def test_strangers_cannot_join_a_rematch_nor_ask_for_one():
    game, users = finished_game()
    stranger = UserFactory()
    with pytest.raises((NotAllowed, GameNotFound)):
        services.game_rematch(game_id=game.pk, user=stranger)
    rematch, _made = services.game_rematch(game_id=game.pk, user=users[0])
    with pytest.raises(GameNotFound):
        services.game_join(game_id=rematch.pk, user=stranger)


def test_one_rematch_at_a_time_and_only_of_a_finished_game():
    game, users = finished_game()
    first, made = services.game_rematch(game_id=game.pk, user=users[0])
    again, made_again = services.game_rematch(game_id=game.pk, user=users[1])
    assert made
    assert not made_again
    assert again.pk == first.pk
    running, others = start_game()
    with pytest.raises(WrongStatus):
        services.game_rematch(game_id=running.pk, user=others[0])
    assert Game.objects.filter(rematch_of=running).count() == 0


def test_a_club_games_rematch_stays_the_clubs_and_the_club_page_lists_it(client):
    owner = UserFactory()
    club = club_services.club_create(user=owner, name="Rowers", description="", join_policy="request")
    game, users = finished_game("lifeboats", club=club, visibility=Game.Visibility.CLUB)
    for user in users:
        Membership.objects.get_or_create(club=club, user=user)
    rematch, _made = services.game_rematch(game_id=game.pk, user=users[0])
    assert rematch.club_id == club.pk
    assert rematch.visibility == Game.Visibility.CLUB
    page = signed_in(client, owner).get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert f"#{rematch.pk}" in page
    assert f"the same table as #{game.pk}" in page


# -- views ------------------------------------------------------------------------------------
def test_the_finished_table_offers_the_rematch_to_its_players_only(client):
    game, users = finished_game()
    url = reverse("games:table", args=[game.pk])
    page = signed_in(client, users[1]).get(url).content.decode()
    assert reverse("games:rematch", args=[game.pk]) in page
    client.logout()
    stranger = UserFactory()
    page = signed_in(client, stranger).get(url).content.decode()
    assert reverse("games:rematch", args=[game.pk]) not in page
    response = client.post(reverse("games:rematch", args=[game.pk]))
    assert response.status_code == 403
    assert not Game.objects.filter(rematch_of=game).exists()


def test_the_rematch_post_leads_to_the_new_table_and_the_others_see_it(client):
    game, users = finished_game()
    response = signed_in(client, users[0]).post(reverse("games:rematch", args=[game.pk]))
    rematch = Game.objects.get(rematch_of=game)
    assert response.status_code == 302
    assert response.url == reverse("games:table", args=[rematch.pk])
    client.logout()
    signed_in(client, users[1])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert reverse("games:table", args=[rematch.pk]) in page
    assert "take your seat" in page
    # the invited player sees the private rematch's table and may join it without a link
    assert client.get(reverse("games:table", args=[rematch.pk])).status_code == 200
    client.post(reverse("games:join", args=[rematch.pk]), {"expected_version": rematch.version})
    assert Seat.objects.filter(game=rematch, user=users[1]).exists()


def test_the_lobby_lists_the_rematches_asking_for_me(client):
    game, users = finished_game()
    rematch, _made = services.game_rematch(game_id=game.pk, user=users[0])
    signed_in(client, users[1])
    page = client.get(reverse("games:lobby")).content.decode()
    assert reverse("games:join", args=[rematch.pk]) in page
    client.post(reverse("games:join", args=[rematch.pk]), {"expected_version": rematch.version})
    page = client.get(reverse("games:lobby")).content.decode()
    assert "Asked to play again" not in page  # seated now: it is among my games
    client.logout()
    signed_in(client, UserFactory())
    assert (
        reverse("games:table", args=[rematch.pk]) not in client.get(reverse("games:lobby")).content.decode()
    )


def test_rematch_refusals_are_4xx(client):
    running, users = start_game()
    signed_in(client, users[0])
    assert client.post(reverse("games:rematch", args=[running.pk])).status_code == 409
    assert client.post(reverse("games:rematch", args=[999999])).status_code == 404
    assert client.get(reverse("games:rematch", args=[running.pk])).status_code == 405


# -- watching ---------------------------------------------------------------------------------
def test_the_watch_page_lists_public_running_games_only(client):
    public, _users = start_game()
    private, _others = start_game(visibility=Game.Visibility.PRIVATE)
    open_game = GameFactory()
    page = client.get(reverse("games:watch")).content.decode()
    assert reverse("games:table", args=[public.pk]) in page
    assert reverse("games:table", args=[private.pk]) not in page
    assert reverse("games:table", args=[open_game.pk]) not in page
    # a spectator may open what the page lists
    assert client.get(reverse("games:table", args=[public.pk])).status_code == 200


@pytest.mark.parametrize("language", ["hu", "cs"])
def test_the_watch_page_is_translated(client, language):
    start_game()
    page = client.get(reverse("games:watch"), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert "Public games being played" not in page
    assert "Games to watch" not in page


# -- the API ----------------------------------------------------------------------------------
def test_the_api_lists_my_games_waiting_on_me_first():
    game_a, users_a = start_game()
    seat = game_a.engine.to_act(state_of(game_a))[0]
    me = users_a[seat]
    game_b, users_b = start_game()
    waiting_b = game_b.engine.to_act(state_of(game_b))
    idle = next(i for i in range(game_b.num_players) if i not in waiting_b)
    Seat.objects.filter(game=game_b, user=users_b[idle]).update(user=me)
    open_game = GameFactory(created_by=me)
    due = timezone.now() + dt.timedelta(hours=3)
    Seat.objects.filter(game=game_a, user=me).update(due_at=due)
    cache.clear()
    _token, raw = create_api_token(user=me, name="bot")
    response = Client().get("/api/games/", HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert response.status_code == 200
    games = response.json()["games"]
    assert next(g["id"] for g in games) == game_a.pk
    assert {g["id"] for g in games} == {game_a.pk, game_b.pk, open_game.pk}
    first = games[0]
    assert first["waiting_on_me"] is True
    assert dt.datetime.fromisoformat(first["due_at"]) == due
    assert all(g["due_at"] is None for g in games if not g["waiting_on_me"])
    assert set(first) == {
        "id", "slug", "name", "status", "version", "num_players", "seats_taken", "pace",
        "waiting_on_me", "due_at", "url",
    }  # fmt: skip


def test_the_api_list_needs_a_token_and_get():
    assert Client().get("/api/games/").status_code == 401
    me = UserFactory()
    _token, raw = create_api_token(user=me, name="bot")
    assert Client().post("/api/games/", HTTP_AUTHORIZATION=f"Bearer {raw}").status_code == 405
    assert Client().get("/api/games/", HTTP_AUTHORIZATION=f"Bearer {raw}").json() == {"games": []}
