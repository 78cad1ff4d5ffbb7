"""Table talk: table messages reach every seat, private ones only their two seats, hidden ones nobody."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from chat import selectors, services
from chat.models import ChatMessage
from chat.signals import chat_posted
from games.errors import InvalidRequest
from tests.factories import UserFactory, staff_with_totp
from tests.games.helpers import assert_refused, start_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def chat_url(game, after: int | None = None) -> str:
    url = reverse("chat:chat", args=[game.pk])
    return url if after is None else f"{url}?after={after}"


@pytest.fixture
def table():
    return start_game("lifeboat", 4)


def test_table_message_reaches_every_seat_private_only_two(client, table):
    game, users = table
    client.force_login(users[0])
    client.post(chat_url(game), {"text": "Row with me, Captain", "to": ""})
    client.post(chat_url(game), {"text": "psst, I hate the Kid", "to": "1"})
    for seat, user in enumerate(users):
        client.force_login(user)
        page = client.get(chat_url(game)).content.decode()
        assert "Row with me, Captain" in page
        assert ("psst, I hate the Kid" in page) == (seat in (0, 1))


def test_posting_under_htmx_asks_the_poll_to_fetch_and_polling_answers_204_without_news(client, table):
    game, users = table
    client.force_login(users[2])
    response = client.post(chat_url(game), {"text": "hello", "to": ""}, **HTMX)
    assert response.status_code == 204
    assert "chat-posted" in json.loads(response.headers["HX-Trigger"])
    last = ChatMessage.objects.get().pk
    assert client.get(chat_url(game, after=last), **HTMX).status_code == 204
    assert client.get(chat_url(game, after=last - 1), **HTMX).status_code == 200


def test_the_poll_gets_only_the_lines_after_its_cursor_and_a_cursor_moved_on(client, table):
    game, users = table
    first = services.message_post(game_id=game.pk, user=users[0], text="first words")
    second = services.message_post(game_id=game.pk, user=users[1], text="second words")
    secret = services.message_post(game_id=game.pk, user=users[1], text="for seat 3 only", to_seat=3)
    client.force_login(users[2])
    body = client.get(chat_url(game, after=first.pk), **HTMX).content.decode()
    assert "first words" not in body  # already on the page: not sent again
    assert "second words" in body
    assert "for seat 3 only" not in body
    # the poll is replaced out of band with its cursor at the newest line this seat may read
    assert 'id="chat-poll"' in body
    assert 'hx-swap-oob="true"' in body
    assert f"?after={second.pk}" in body
    assert 'id="chat-empty"' not in body  # the list was not empty: nothing to delete
    body = client.get(chat_url(game, after=0), **HTMX).content.decode()
    assert "first words" in body
    assert "second words" in body
    assert 'id="chat-empty" hx-swap-oob="delete"' in body
    client.force_login(users[3])
    body = client.get(chat_url(game, after=second.pk), **HTMX).content.decode()
    assert "for seat 3 only" in body
    assert f"?after={secret.pk}" in body


def test_hidden_messages_are_shown_to_nobody(client, table):
    game, users = table
    message = services.message_post(game_id=game.pk, user=users[0], text="rude words")
    ChatMessage.objects.filter(pk=message.pk).update(hidden=True)
    client.force_login(users[1])
    assert "rude words" not in client.get(chat_url(game)).content.decode()
    assert selectors.recipients(message_id=message.pk) == []


def test_strangers_and_bad_messages_are_refused(client, table):
    game, users = table
    client.force_login(UserFactory())
    only_players = "Only the players at this table can read and write its chat"
    assert_refused(client.get(chat_url(game)), 403, only_players)
    assert_refused(client.post(chat_url(game), {"text": "hi"}), 403, only_players)
    client.force_login(users[0])
    assert_refused(client.post(chat_url(game), {"text": "   ", "to": ""}), 400)
    assert_refused(client.post(chat_url(game), {"text": "me", "to": "0"}), 400)
    assert not ChatMessage.objects.exists()
    with pytest.raises(InvalidRequest):
        services.message_post(game_id=game.pk, user=users[0], text="x" * 1001)


def test_recipients_and_signal_for_notifications(table, django_capture_on_commit_callbacks):
    game, users = table
    got = []

    def receiver(sender, message_id, **kwargs):
        got.append(message_id)

    chat_posted.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            public = services.message_post(game_id=game.pk, user=users[0], text="all")
            private = services.message_post(game_id=game.pk, user=users[0], text="one", to_seat=2)
    finally:
        chat_posted.disconnect(receiver)
    assert got == [public.pk, private.pk]
    assert {u.pk for u in selectors.recipients(message_id=public.pk)} == {u.pk for u in users[1:]}
    assert [u.pk for u in selectors.recipients(message_id=private.pk)] == [users[2].pk]


def test_table_page_links_the_chat_for_members_without_javascript(client, table):
    game, users = table
    client.force_login(users[3])
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert f'href="{chat_url(game)}"' in page
    assert 'hx-trigger="load"' in page


def test_staff_hide_messages_in_the_admin(client, table):
    game, users = table
    message = services.message_post(game_id=game.pk, user=users[0], text="spam")
    staff = staff_with_totp()  # the admin needs a second factor
    client.force_login(staff)
    response = client.post(
        reverse("admin:chat_chatmessage_changelist"),
        {"action": "hide", "_selected_action": [message.pk]},
    )
    assert response.status_code == 302
    message.refresh_from_db()
    assert message.hidden


def test_a_private_games_chat_is_no_such_game_to_strangers(client):
    from games.models import Game

    game, _users = start_game("lifeboat", 4, visibility=Game.Visibility.PRIVATE)
    client.force_login(UserFactory())
    assert_refused(client.get(chat_url(game)), 404, "There is no such game.")
    assert_refused(client.get(reverse("chat:chat", args=[999999])), 404, "There is no such game.")


def test_a_seat_at_an_open_game_is_told_the_chat_opens_at_the_start(client):
    from tests.factories import GameFactory

    game = GameFactory(slug="lifeboat", num_players=4)
    client.force_login(game.created_by)
    assert_refused(client.get(chat_url(game)), 409, "The chat opens when the game starts.")


@pytest.mark.parametrize("waiting", ["pending", "digest"])
def test_a_private_message_hidden_before_its_mail_went_is_not_mailed(client, table, waiting):
    """Its announcement (a mail of its own, or a line in the day's digest) is withdrawn when staff or
    a moderator hide it; shown again, it is not mailed after all."""
    from notifications.models import Notification, Status

    game, users = table
    message = services.message_post(game_id=game.pk, user=users[0], text="meet me at the stern", to_seat=2)
    notice = Notification.objects.get(dedupe_key=f"message:{message.pk}")
    assert notice.user_id == users[2].pk
    assert notice.status == Status.PENDING
    Notification.objects.filter(pk=notice.pk).update(status=waiting)
    staff = staff_with_totp()
    client.force_login(staff)
    response = client.post(
        reverse("admin:chat_chatmessage_changelist"), {"action": "hide", "_selected_action": [message.pk]}
    )
    assert response.status_code == 302
    notice.refresh_from_db()
    assert notice.status == Status.CANCELLED
    services.message_set_hidden(message_id=message.pk, hidden=False)
    notice.refresh_from_db()
    assert notice.status == Status.CANCELLED


def test_a_sent_announcement_stays_as_it_was_when_the_message_is_hidden(table):
    from notifications.models import Notification, Status

    game, users = table
    message = services.message_post(game_id=game.pk, user=users[0], text="too late", to_seat=1)
    Notification.objects.filter(dedupe_key=f"message:{message.pk}").update(status=Status.SENT)
    services.message_set_hidden(message_id=message.pk)
    assert Notification.objects.get(dedupe_key=f"message:{message.pk}").status == Status.SENT
