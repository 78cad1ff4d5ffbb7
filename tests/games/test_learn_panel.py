"""The "new to this game" panel: shown on the first table of a game type a player sits at,
linking to How to play with the three things to know first, until they dismiss it."""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, LearnPanelDismissal
from tests.clubs.helpers import finish, start_table
from tests.factories import GameFactory, UserFactory
from tests.games.board.helpers import text_of

pytestmark = pytest.mark.django_db

PANEL = "learn-panel"


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def table_html(user, game) -> str:
    return client_of(user).get(reverse("games:table", args=[game.pk])).content.decode()


@pytest.mark.parametrize(("slug", "players"), [("lifeboat", 4), ("lifeboats", 3)])
def test_a_first_game_shows_the_panel_with_three_things_and_the_link(slug, players):
    users = [UserFactory() for _ in range(players)]
    game = start_table(users, slug=slug)
    html = table_html(users[0], game)
    assert f'id="{PANEL}"' in html
    panel = text_of(html, PANEL)
    assert f"New to {game.engine.name}? Three things to know first" in panel
    assert html.count("<li>", html.index(PANEL), html.index("</aside>")) == 3
    assert reverse("replays:learn", args=[slug]) in html[html.index(PANEL) :]


def test_not_shown_to_someone_who_has_played_that_game_before():
    users = [UserFactory() for _ in range(3)]
    first = finish(start_table(users), [1, 2, 3])
    assert first.status == Game.Status.FINISHED
    second = start_table(users)
    assert PANEL not in table_html(users[0], second)
    # a running game counts as played too
    others = [users[1], UserFactory(), UserFactory()]
    third = start_table(others)
    assert PANEL not in table_html(users[1], third)
    # ...but only for that game type
    fourth = start_table([users[0], *[UserFactory() for _ in range(3)]], slug="lifeboat")
    assert PANEL in table_html(users[0], fourth)


def test_an_abandoned_or_open_game_is_not_played():
    user = UserFactory()
    GameFactory(created_by=user, status=Game.Status.ABANDONED)
    GameFactory(created_by=user)  # open, waiting for players
    game = start_table([user, UserFactory(), UserFactory()])
    assert PANEL in table_html(user, game)


def test_spectators_and_visitors_do_not_see_it():
    users = [UserFactory() for _ in range(3)]
    game = start_table(users)
    assert PANEL not in table_html(UserFactory(), game)
    assert PANEL not in Client().get(reverse("games:table", args=[game.pk])).content.decode()


def test_dismissal_is_a_form_post_remembered_per_user_and_game_type():
    users = [UserFactory() for _ in range(3)]
    game = start_table(users)
    client = client_of(users[0])
    url = reverse("games:learn_dismiss", args=["lifeboats"])
    html = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert f'action="{url}"' in html
    assert f'hx-post="{url}"' in html
    table = reverse("games:table", args=[game.pk])
    response = client.post(url, {"next": table})
    assert response.status_code == 302
    assert response["Location"] == table
    assert PANEL not in client.get(table).content.decode()
    assert LearnPanelDismissal.objects.filter(user=users[0], slug="lifeboats").count() == 1
    # twice is no error and no second row
    assert client.post(url, {"next": table}).status_code == 302
    assert LearnPanelDismissal.objects.filter(user=users[0]).count() == 1
    # the other players still see it; the same player still sees Lifeboat's
    assert PANEL in table_html(users[1], game)
    lifeboat = start_table([users[0], *[UserFactory() for _ in range(3)]], slug="lifeboat")
    assert PANEL in table_html(users[0], lifeboat)


def test_dismissal_under_htmx_answers_an_empty_fragment():
    user = UserFactory()
    response = client_of(user).post(reverse("games:learn_dismiss", args=["lifeboat"]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response.content == b""
    assert LearnPanelDismissal.objects.filter(user=user, slug="lifeboat").exists()


def test_dismissal_refuses_bad_requests():
    user = UserFactory()
    client = client_of(user)
    assert client.get(reverse("games:learn_dismiss", args=["lifeboat"])).status_code == 405
    assert client.post(reverse("games:learn_dismiss", args=["chess"])).status_code == 400
    # an outside address in `next` is not followed
    response = client.post(
        reverse("games:learn_dismiss", args=["lifeboat"]), {"next": "https://evil.example/"}
    )
    assert response["Location"] == reverse("games:lobby")
    anonymous = Client().post(reverse("games:learn_dismiss", args=["lifeboat"]))
    assert anonymous.status_code == 302
    assert "login" in anonymous["Location"]
    assert LearnPanelDismissal.objects.filter(slug="chess").count() == 0
