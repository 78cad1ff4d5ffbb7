"""Blocking a player at the table (issue 18): you stop seeing their messages (panel, polling,
mails), and private messages between you are refused both ways. Hidden messages show as hidden."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.services import block_user, unblock_user
from chat import selectors, services
from chat.models import ChatMessage
from games.errors import NotAllowed
from tests.games.helpers import assert_refused, start_game

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return start_game("lifeboat", 4)


def chat_page(client, user, game) -> str:
    client.force_login(user)
    return client.get(reverse("chat:chat", args=[game.pk])).content.decode()


def test_you_stop_seeing_the_table_messages_of_a_player_you_blocked(client, table):
    game, users = table
    me, pest, other = users[0], users[1], users[2]
    services.message_post(game_id=game.pk, user=pest, text="buy cheap doubloons")
    services.message_post(game_id=game.pk, user=other, text="land ho")
    block_user(user=me, blocked_id=pest.pk)
    mine = chat_page(client, me, game)
    assert "buy cheap doubloons" not in mine
    assert "land ho" in mine
    assert "buy cheap doubloons" in chat_page(client, other, game)  # others still see it
    unblock_user(user=me, blocked_id=pest.pk)
    assert "buy cheap doubloons" in chat_page(client, me, game)


def test_polling_announces_no_news_for_a_blocked_players_new_message(client, table):
    game, users = table
    me, pest = users[0], users[1]
    block_user(user=me, blocked_id=pest.pk)
    last = services.message_post(game_id=game.pk, user=users[2], text="hello").pk
    services.message_post(game_id=game.pk, user=pest, text="hello from the pest")
    client.force_login(me)
    assert client.get(reverse("chat:chat", args=[game.pk]) + f"?after={last}", **HTMX).status_code == 204
    assert not selectors.has_news(game_id=game.pk, seat=0, after=last, user=me)


def test_a_blocked_players_messages_are_not_mailed_to_the_blocker(table):
    game, users = table
    me, pest = users[0], users[1]
    block_user(user=me, blocked_id=pest.pk)
    message = services.message_post(game_id=game.pk, user=pest, text="to the whole table")
    recipients = {u.pk for u in selectors.recipients(message_id=message.pk)}
    assert me.pk not in recipients
    assert recipients == {users[2].pk, users[3].pk}


@pytest.mark.parametrize("who_blocks", ["recipient", "author"])
def test_private_messages_between_blocked_players_are_refused_both_ways(client, table, who_blocks):
    game, users = table
    author, recipient = users[0], users[1]
    if who_blocks == "recipient":
        block_user(user=recipient, blocked_id=author.pk)
    else:
        block_user(user=author, blocked_id=recipient.pk)
    with pytest.raises(NotAllowed):
        services.message_post(game_id=game.pk, user=author, text="psst", to_seat=1)
    client.force_login(author)
    response = client.post(reverse("chat:chat", args=[game.pk]), {"text": "psst", "to": "1"})
    assert_refused(response, 403, "You cannot write privately to this player.")
    assert not ChatMessage.objects.exists()
    services.message_post(game_id=game.pk, user=author, text="psst", to_seat=2)  # others are fine


def test_a_hidden_message_shows_as_hidden_to_its_readers_without_its_text(client, table):
    game, users = table
    message = services.message_post(game_id=game.pk, user=users[0], text="rude words", to_seat=1)
    services.message_set_hidden(message_id=message.pk)
    for seat, user in enumerate(users):
        page = chat_page(client, user, game)
        assert "rude words" not in page
        assert ("message hidden by a moderator" in page) == (seat in (0, 1))  # a private one: two seats
    assert selectors.recipients(message_id=message.pk) == []
