import json

import pytest

from games.models import Action, Game
from tests.factories import GameFactory, UserFactory

from .helpers import (
    api_actions_url,
    api_headers,
    api_url,
    assert_refused,
    assert_unchanged,
    start_game,
    waiting_seat_and_action,
)

pytestmark = pytest.mark.django_db


def post_action(client, game, headers, body):
    return client.post(api_actions_url(game), json.dumps(body), content_type="application/json", **headers)


def test_get_returns_the_seat_view_legal_actions_and_version(client):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    data = client.get(api_url(game), **api_headers(users[seat])).json()
    assert set(data) == {"game", "version", "seat", "view", "legal_actions", "to_act"}
    assert (data["seat"], data["version"], data["game"]["slug"]) == (seat, game.version, "lifeboats")
    assert data["view"] == game.engine.view(game.engine.from_json(game.snapshot), seat)
    assert {"action": action, "label": data["legal_actions"][0]["label"]} == data["legal_actions"][0]
    assert seat in data["to_act"]


def test_public_game_spectators_get_the_spectator_view(client):
    game, _users = start_game()
    data = client.get(api_url(game), **api_headers(UserFactory())).json()
    assert data["seat"] is None
    assert data["legal_actions"] == []
    assert data["view"] == game.engine.view(game.engine.from_json(game.snapshot), None)


def test_post_plays_and_returns_the_new_version(client):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    response = post_action(
        client, game, api_headers(users[seat]), {"action": action, "version": game.version}
    )
    assert response.status_code == 200
    assert response.json() == {"version": game.version + 1, "status": "running"}
    assert Action.objects.get(game=game).source == "api"


def test_post_refusals(client):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    mine = api_headers(users[seat])
    idle = next(i for i in range(game.num_players) if i != seat)
    cases = [
        (mine, {"action": action, "version": game.version - 1}, 409, "moved on"),
        (mine, {"action": {"type": "no_such_move"}, "version": game.version}, 400, None),
        (mine, {"action": action}, 400, "version"),
        (mine, {"action": "row", "version": game.version}, 400, "action"),
        (mine, [1, 2], 400, "JSON object"),
        (api_headers(users[idle]), {"action": action, "version": game.version}, 400, None),
        (api_headers(UserFactory()), {"action": action, "version": game.version}, 403, "no seat"),
        ({}, {"action": action, "version": game.version}, 401, "token"),
        (
            {"HTTP_AUTHORIZATION": "Bearer lbc_not-a-real-token"},
            {"action": action, "version": 1},
            401,
            "token",
        ),
    ]
    for headers, body, status, text in cases:
        assert_refused(post_action(client, game, headers, body), status, text)
        assert_unchanged(game)
    bad_json = client.post(api_actions_url(game), "{oops", content_type="application/json", **mine)
    assert_refused(bad_json, 400, "not valid JSON")
    assert_unchanged(game)


def test_unknown_and_private_games_are_404(client):
    private = GameFactory(visibility=Game.Visibility.PRIVATE)
    headers = api_headers(UserFactory())
    assert_refused(client.get("/api/games/999999/", **headers), 404)
    assert_refused(client.get(api_url(private), **headers), 404)
    assert_refused(post_action(client, private, headers, {"action": {"type": "x"}, "version": 1}), 404)


def test_api_is_csrf_exempt_only_with_a_token(client):
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    csrf_client = client.__class__(enforce_csrf_checks=True)
    csrf_client.force_login(users[seat])
    body = {"action": action, "version": game.version}
    assert_refused(post_action(csrf_client, game, {}, body), 401)
    assert post_action(csrf_client, game, api_headers(users[seat]), body).status_code == 200
