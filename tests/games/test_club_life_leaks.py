"""Leak tests of the pages and answers issue 18 adds: the games to watch, the finished table's
rematch section, the API's list of games and the rematch invitation mail show nothing a reader may
not see."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services import create_api_token
from games import services
from games.models import Game, Seat
from notifications.models import Kind, Notification
from notifications.rendering import build_message
from tests.factories import UserFactory

from .helpers import play_moves, start_game, state_of

pytestmark = pytest.mark.django_db


def leaked(game: Game, seat: int | None, text: str) -> list[str]:
    return sorted(s for s in game.engine.secrets_from(state_of(game), seat) if s in text)


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_the_watch_page_shows_no_secret(client, slug):
    game, users = start_game(slug, seed=11)
    game = play_moves(game, users, 8)
    for reader in (None, users[0], UserFactory()):
        if reader is not None:
            client.force_login(reader)
        page = client.get(reverse("games:watch")).content.decode()
        assert reverse("games:table", args=[game.pk]) in page
        assert not leaked(game, None, page)


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_the_api_list_shows_no_secret_of_any_seat(slug):
    game, users = start_game(slug, seed=5)
    game = play_moves(game, users, 6)
    for user in users:
        seat = Seat.objects.get(game=game, user=user).index
        _token, raw = create_api_token(user=user, name="bot")
        body = Client().get("/api/games/", HTTP_AUTHORIZATION=f"Bearer {raw}").content.decode()
        assert not leaked(game, seat, body)
        assert not leaked(game, None, body)


def test_the_rematch_mail_and_section_show_nothing_of_the_new_game(
    client, django_capture_on_commit_callbacks
):
    game, users = start_game("lifeboat", seed=9)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    rematch, _made = services.game_rematch(
        game_id=game.pk, user=users[0], link_for=lambda g: f"http://testserver/games/{g.pk}/"
    )
    invitations = Notification.objects.filter(kind=Kind.REMATCH)
    assert sorted(invitations.values_list("to_email", flat=True)) == sorted(u.email for u in users[1:])
    for row in invitations:
        message = build_message(row)
        for part in (message.body, message.alternatives[0][0]):
            assert str(rematch.seed) not in part
            assert rematch.invite_token not in part  # they join without the private link
    client.force_login(users[1])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert rematch.invite_token not in page
    client.force_login(UserFactory())  # a stranger sees no rematch section on a public finished game
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert reverse("games:table", args=[rematch.pk]) not in page
