import pytest
from django.urls import reverse

from accounts.models import Profile
from games.models import Action, Game
from notifications.models import Notification
from notifications.rendering import build_message
from tests.factories import GameFactory, UserFactory

from .helpers import (
    act_data,
    act_url,
    assert_refused,
    assert_unchanged,
    start_game,
    table_url,
    waiting_seat_and_action,
)

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_lobby_lists_open_games_and_mine_waiting_first(client):
    me = UserFactory()
    open_game = GameFactory()
    running, _users = start_game(created_by=me)
    mine_open = GameFactory(created_by=me)
    client.force_login(me)
    response = client.get(reverse("games:lobby"))
    assert response.status_code == 200
    mine = response.context["my_games"]
    assert {e.game.id for e in mine} == {running.pk, mine_open.pk}
    waiting = running.seats.get(user=me).waiting
    assert mine[0].game.id == (running.pk if waiting else mine_open.pk)
    assert open_game.pk in {e.game.id for e in response.context["open_games"]}
    assert "csrfmiddlewaretoken" in response.content.decode()


def test_create_form_makes_a_game_and_redirects(client):
    me = UserFactory()
    client.force_login(me)
    response = client.post(
        reverse("games:create"),
        {"game": "lifeboats", "num_players": 4, "pace": "72h", "visibility": "private", "rated": "on"},
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(game)
    assert (game.num_players, game.pace, game.visibility, game.created_by) == (4, "72h", "private", me)


def test_create_form_errors_are_a_400_with_the_form(client):
    client.force_login(UserFactory())
    response = client.post(reverse("games:create"), {"game": "lifeboats", "num_players": 12, "pace": "24h"})
    assert_refused(response, 400, "takes 3 to 6 players")
    assert not Game.objects.exists()


def test_join_leave_start_through_the_pages(client):
    game = GameFactory(num_players=3)
    a, b = UserFactory(), UserFactory()
    for user in (a, b):
        client.force_login(user)
        assert client.post(reverse("games:join", args=[game.pk])).status_code == 302
    client.post(reverse("games:leave", args=[game.pk]))
    assert game.seats.count() == 2
    client.force_login(UserFactory())
    client.post(reverse("games:join", args=[game.pk]))
    client.force_login(game.created_by)
    game.refresh_from_db()
    response = client.post(
        reverse("games:start", args=[game.pk]), {"expected_version": game.version}, follow=True
    )
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert "The game has started." in response.content.decode()


def test_invite_link_and_mail(client):
    game = GameFactory(visibility=Game.Visibility.PRIVATE)
    Profile.objects.filter(user=game.created_by).update(display_name="Captain Ahab")
    client.force_login(game.created_by)
    page = client.get(table_url(game)).content.decode()
    assert f"?invite={game.invite_token}" in page
    client.post(reverse("games:invite", args=[game.pk]), {"email": "friend@example.com"})
    # Queued in the outbox (tests/notifications/test_invitations.py follows it to the wire).
    [queued] = Notification.objects.filter(to_email="friend@example.com")
    message = build_message(queued)  # worded when sent
    assert f"?invite={game.invite_token}" in message.body
    # the mail says who invites (by their display name, never their address)
    assert "Captain Ahab invites you to a game of Lifeboats" in message.subject
    assert "Captain Ahab invites you to take a seat" in message.body
    assert game.created_by.email not in message.body
    stranger = UserFactory()
    client.force_login(stranger)
    assert client.get(table_url(game)).status_code == 404
    invited = client.get(f"{table_url(game)}?invite={game.invite_token}")
    assert invited.status_code == 200
    assert "Take a seat" in invited.content.decode()
    client.post(reverse("games:join", args=[game.pk]), {"invite": game.invite_token})
    assert game.seats.filter(user=stranger).exists()


def test_table_shows_the_seat_view_and_legal_actions(client):
    game, users = start_game()
    seat, _action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    response = client.get(table_url(game))
    page = response.content.decode()
    assert response.status_code == 200
    assert response.context["table"].seat == seat
    assert "Your move" in page
    assert f'name="expected_version" value="{game.version}"' in page
    assert response.context["table"].legal_actions


def test_move_post_without_htmx_redirects_with_a_message(client):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    response = client.post(act_url(game), act_data(game, action), follow=True)
    assert response.redirect_chain == [(table_url(game), 302)]
    assert "Your move was played." in response.content.decode()
    assert Action.objects.filter(game=game).count() == 1


def test_move_post_with_htmx_renders_the_table_fragment(client):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    response = client.post(act_url(game), act_data(game, action), **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="table"')
    assert "<html" not in page
    assert f'value="{game.version + 1}"' in page


@pytest.mark.parametrize("htmx", [False, True])
def test_refused_moves_are_4xx_with_a_message_and_change_nothing(client, htmx):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    extra = HTMX if htmx else {}
    cases = [
        (act_data(game, action, version=game.version - 1), 409, "moved on"),
        ({"action": "{not json", "expected_version": game.version}, 400, "not valid JSON"),
        ({"action": "[1]", "expected_version": game.version}, 400, "JSON object"),
        (act_data(game, {"type": "no_such_move"}), 400, None),
        ({"action": "{}"}, 400, None),
    ]
    for data, status, text in cases:
        response = client.post(act_url(game), data, **extra)
        assert_refused(response, status, text)
        assert_unchanged(game)
        if htmx:
            assert (response["HX-Retarget"], response["HX-Reswap"]) == ("this", "afterend")
            assert "<html" not in response.content.decode()


def test_finished_game_reveals_scores_and_ranking_and_appears_in_history(client):
    from .helpers import play_moves

    game, users = start_game()
    game = play_moves(game, users, 5000)
    client.force_login(users[0])
    page = client.get(table_url(game)).content.decode()
    assert "The game is over" in page
    history = client.get(reverse("games:history"))
    assert [e.game.id for e in history.context["entries"]] == [game.pk]
    assert history.context["entries"][0].place == game.seats.get(user=users[0]).place


def test_error_pages_extend_the_layout(client):
    response = client.get("/no/such/page/")
    assert_refused(response, 404, "Not found")
    assert "Lifeboat Club" in response.content.decode()


def test_a_player_from_before_profiles_is_named_on_the_table(client):
    game, users = start_game("lifeboats", 3)
    Profile.objects.filter(user=users[1]).delete()
    users[1].email = "old.timer@example.com"
    users[1].save()
    client.force_login(users[0])
    page = client.get(table_url(game)).content.decode()
    name = Profile.objects.get(user=users[1]).display_name  # generated: nothing of the address
    assert name in page
    assert "old.timer" not in page


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("data", [{}, {"action": '{"type": "nothing"}', "expected_version": "1"}])
def test_a_move_at_a_game_that_does_not_exist_is_no_such_game(client, htmx, data):
    from tests.factories import UserFactory

    client.force_login(UserFactory())
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post("/games/999999/act/", data, **headers)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "There is no such game." in response.content.decode()
