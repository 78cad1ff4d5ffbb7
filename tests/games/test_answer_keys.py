"""A move whose answer was lost and is sent again answers as the first did, and plays once: the
table's forms and the API's requests carry the client's id of the answer (`answer_key`, the
API's Idempotency-Key), stored with the action it played."""

import json
import re

import pytest
from django.db import IntegrityError, transaction

from games import services
from games.errors import StaleVersion
from games.models import Action

from .helpers import (
    act_url,
    api_actions_url,
    api_headers,
    assert_refused,
    start_game,
    table_url,
    waiting_seat_and_action,
)

pytestmark = pytest.mark.django_db

KEY = "answer-0123456789"


def test_the_same_answer_sent_again_plays_once_and_answers_as_played():
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    version = game.version
    first = services.action_submit(
        game_id=game.pk, user=users[seat], action=action, expected_version=version, answer_key=KEY
    )
    again = services.action_submit(
        game_id=game.pk, user=users[seat], action=action, expected_version=version, answer_key=KEY
    )
    assert again.version == first.version
    assert list(Action.objects.filter(game=game).values_list("answer_key", flat=True))[:1] == [KEY]
    assert Action.objects.filter(game=game).count() == first.move_count
    # Without its key the same request is what it always was: stale.
    with pytest.raises(StaleVersion):
        services.action_submit(game_id=game.pk, user=users[seat], action=action, expected_version=version)


def test_another_action_under_a_played_answers_key_is_refused_as_stale():
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    version = game.version
    services.action_submit(
        game_id=game.pk, user=users[seat], action=action, expected_version=version, answer_key=KEY
    )
    other = {**action, "note": "another answer"}
    with pytest.raises(StaleVersion):
        services.action_submit(
            game_id=game.pk, user=users[seat], action=other, expected_version=version, answer_key=KEY
        )
    assert Action.objects.filter(game=game).count() == 1


def test_a_key_names_one_answer_of_one_seat():
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    services.action_submit(
        game_id=game.pk, user=users[seat], action=action, expected_version=game.version, answer_key=KEY
    )
    row = Action.objects.get(game=game)
    with pytest.raises(IntegrityError), transaction.atomic():
        Action.objects.create(game=game, seq=row.seq + 1, seat_index=seat, payload=action, answer_key=KEY)
    # Another seat may happen to use the same key.
    Action.objects.create(
        game=game, seq=row.seq + 1, seat_index=(seat + 1) % 3, payload=action, answer_key=KEY
    )


def form_of(html: str, game, action: dict) -> dict[str, str]:
    """The fields of the table's move form, filled in to play `action` (a button's hidden
    `action`, a choice among radios or in a list)."""
    for form in re.findall(r"<form [^>]*>.*?</form>", html, re.S):
        if f'action="{act_url(game)}"' in form and 'name="answer_key"' in form:
            fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
            return {**fields, "action": json.dumps(action)}
    raise AssertionError("no move form on the table")


@pytest.mark.parametrize("htmx", [False, True])
def test_a_table_form_sent_twice_plays_once_and_answers_both_times(client, htmx):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    fields = form_of(client.get(table_url(game)).content.decode(), game, action)
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", fields["answer_key"])
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    first = client.post(act_url(game), fields, **extra)
    again = client.post(act_url(game), fields, **extra)  # the first answer was lost on the way
    assert first.status_code == again.status_code == (200 if htmx else 302)
    assert Action.objects.filter(game=game).count() == 1
    if not htmx:
        assert again.url == table_url(game)


def test_every_form_of_every_answer_has_a_key_of_its_own(client):
    game, users = start_game()
    seat, _action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    pages = [client.get(table_url(game)).content.decode() for _ in range(2)]
    keys = [re.findall(r'name="answer_key" value="([^"]*)"', page) for page in pages]
    assert all(keys), "a page without a move form"
    every = [key for page in keys for key in page]
    assert len(set(every)) == len(every)


def test_an_api_request_sent_again_with_its_idempotency_key_answers_200_and_plays_once(client):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    headers = {**api_headers(users[seat]), "HTTP_IDEMPOTENCY_KEY": KEY}
    body = json.dumps({"action": action, "version": game.version})
    first = client.post(api_actions_url(game), body, content_type="application/json", **headers)
    again = client.post(api_actions_url(game), body, content_type="application/json", **headers)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() == {"version": game.version + 1, "status": "running"}
    assert Action.objects.get(game=game).source == "api"


@pytest.mark.parametrize("key", ["short", "x" * 65, "with space in it", "ключ-ключ-ключ"])
def test_a_malformed_key_is_a_400_and_plays_nothing(client, key):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    headers = {**api_headers(users[seat]), "HTTP_IDEMPOTENCY_KEY": key}
    body = json.dumps({"action": action, "version": game.version})
    response = client.post(api_actions_url(game), body, content_type="application/json", **headers)
    assert_refused(response, 400, "key")
    client.force_login(users[seat])
    form = {"action": json.dumps(action), "expected_version": game.version, "answer_key": key}
    assert_refused(client.post(act_url(game), form), 400, "key")
    assert not Action.objects.filter(game=game).exists()
