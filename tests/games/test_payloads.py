"""A move's JSON within limits: deep nesting, huge texts and values the database refuses are a 400."""

import json

import pytest

from games import payloads

from .helpers import act_url, api_actions_url, api_headers, assert_refused, assert_unchanged, start_game

pytestmark = pytest.mark.django_db

DEEP_LIST = "[" * 5000 + "]" * 5000
DEEP_ACTION = '{"type": "vote", "card": ' + "[" * 3000 + "]" * 3000 + "}"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (DEEP_LIST, "nested too deeply"),
        (DEEP_ACTION, "nested too deeply"),
        ('{"type": "vote", "card": "' + "x" * 20_000 + '"}', "too long"),
        ('{"type": "vote\\u0000"}', "does not take"),
        ('{"type": "vote", "card": NaN}', "not valid JSON"),
        ('{"type": "vote", "card": 1e999}', "not valid JSON"),
        ('{"type": "vote", "card": 99999999999999999999}', "out of range"),
        ('{"type": "vote", "card": ' + "1" * 5000 + "}", "not valid JSON"),
        ('{"type": "vote", "card": "red"', "not valid JSON"),
    ],
)
def test_loads_refuses_what_no_action_looks_like(text, why):
    with pytest.raises(payloads.PayloadError, match=why):
        payloads.loads(text)


def test_loads_takes_an_ordinary_action_and_brackets_inside_strings():
    assert payloads.loads('{"type": "water", "cover": [[2, 1]], "note": "[[[[[[[[[[[["}') == {
        "type": "water",
        "cover": [[2, 1]],
        "note": "[[[[[[[[[[[[",
    }


@pytest.mark.parametrize("text", [DEEP_LIST, DEEP_ACTION, '{"type": "vote\\u0000"}'])
def test_the_act_form_answers_400_to_a_hostile_action(client, text):
    game, users = start_game()
    client.force_login(users[0])
    response = client.post(act_url(game), {"action": text, "expected_version": game.version})
    assert_refused(response, 400)
    assert_unchanged(game)


@pytest.mark.parametrize(
    "body",
    [
        '{"action": ' + DEEP_ACTION + ', "version": 2}',
        '{"action": {"type": "vote", "card": ' + "[" * 3000 + "]" * 3000 + '}, "version": 2}',
        DEEP_LIST,
        '{"action": {"type": "vote", "card": "red"}, "version": 2, "pad": "' + "x" * 50_000 + '"}',
    ],
)
def test_the_api_answers_400_to_a_hostile_body(client, body):
    game, users = start_game()
    response = client.post(
        api_actions_url(game), body, content_type="application/json", **api_headers(users[0])
    )
    assert_refused(response, 400)
    assert "error" in json.loads(response.content)
    assert_unchanged(game)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12", 12),
        ("0", 0),
        ("²", None),
        ("٣", None),
        ("-1", None),
        ("9" * 30, None),
        ("", None),
        ("1 ", None),
    ],
)
def test_small_int_takes_plain_digits_only(text, value):
    assert payloads.small_int(text) == value


def test_unicode_digits_in_the_trade_form_and_the_chat_poll_are_a_4xx(client):
    game, users = start_game("lifeboat", 4)
    client.force_login(users[0])
    trade = client.post(f"/games/{game.pk}/trade/", {"to": "²", "expected_version": "²"})
    assert_refused(trade, 400)
    poll = client.get(f"/games/{game.pk}/chat/?after=%C2%B2", HTTP_HX_REQUEST="true")
    assert poll.status_code == 200
    assert_unchanged(game)


def test_a_non_ascii_invite_token_is_no_match_not_a_500(client):
    game, users = start_game()
    client.force_login(users[0])
    assert client.get(f"/games/{game.pk}/?invite=%C2%B2").status_code == 200
