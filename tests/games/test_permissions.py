"""Every game URL for an anonymous visitor, a non-member, another seat, and the acting seat's owner.

The owner is the user of a seat the game waits for (and the game's creator); "other" holds another
seat; the action posted is one of the owner's legal actions. Refusals must change nothing.
"""

import json

import pytest
from django.urls import reverse

from games.models import Game
from tests.factories import UserFactory

from .helpers import api_headers, assert_unchanged, start_game, waiting_seat_and_action

pytestmark = pytest.mark.django_db

ROLES = ["anonymous", "stranger", "other", "owner"]
LOGIN = 302  # login_required sends anonymous visitors to the sign-in page
OK_REDIRECT = 302

#: url name -> expected status per role, for a running private game and a running public one.
PRIVATE = {
    "table": (404, 404, 200, 200),
    "act": (LOGIN, 404, 400, OK_REDIRECT),
    "join": (LOGIN, 404, 409, 409),
    "leave": (LOGIN, 404, 409, 409),
    "start": (LOGIN, 404, 403, 409),
    "abandon": (LOGIN, 404, 403, 409),
    "resign": (LOGIN, 404, OK_REDIRECT, OK_REDIRECT),
    "invite": (LOGIN, 404, 409, 409),
    "api:game": (401, 404, 200, 200),
    "api:actions": (401, 404, 400, 200),
}
PUBLIC = {
    **PRIVATE,
    "table": (200, 200, 200, 200),
    "act": (LOGIN, 403, 400, OK_REDIRECT),
    "join": (LOGIN, 409, 409, 409),
    "leave": (LOGIN, 403, 409, 409),
    "start": (LOGIN, 403, 403, 409),
    "abandon": (LOGIN, 403, 403, 409),
    "resign": (LOGIN, 403, OK_REDIRECT, OK_REDIRECT),
    "invite": (LOGIN, 403, 409, 409),
    "api:game": (401, 200, 200, 200),
    "api:actions": (401, 403, 400, 200),
}
CASES = [
    (visibility, name, role, statuses[ROLES.index(role)])
    for visibility, table in [("private", PRIVATE), ("public", PUBLIC)]
    for name, statuses in table.items()
    for role in ROLES
]


def request(client, name, game, user, action):
    api = name.startswith("api:")
    headers = api_headers(user) if api and user else {}
    if user and not api:
        client.force_login(user)
    url = reverse(name if api else f"games:{name}", args=[game.pk])
    if name in {"table", "api:game"}:
        return client.get(url, **headers)
    if name == "api:actions":
        body = json.dumps({"action": action, "version": game.version})
        return client.post(url, body, content_type="application/json", **headers)
    data = {"action": json.dumps(action), "expected_version": game.version, "email": "x@example.com"}
    return client.post(url, data, **headers)


@pytest.mark.parametrize(("visibility", "name", "role", "status"), CASES)
def test_permission_matrix(client, visibility, name, role, status):
    game, users = start_game(visibility=visibility)
    seat, action = waiting_seat_and_action(game)
    owner = users[seat]
    Game.objects.filter(pk=game.pk).update(created_by=owner)
    game.refresh_from_db()
    user = {
        "anonymous": None,
        "stranger": UserFactory(),
        "other": next(u for u in users if u != owner),
        "owner": owner,
    }[role]
    response = request(client, name, game, user, action)
    assert response.status_code == status, response.content.decode()[:500]
    if status >= 400 or (status == LOGIN and role == "anonymous"):
        assert_unchanged(game)


@pytest.mark.parametrize("name", ["lobby", "history"])
def test_personal_pages_need_a_sign_in(client, name):
    url = reverse(f"games:{name}")
    assert client.get(url).status_code == LOGIN
    client.force_login(UserFactory())
    assert client.get(url).status_code == 200


def test_create_needs_a_sign_in_and_csrf(client):
    data = {"game": "lifeboats", "num_players": 3, "pace": "24h", "visibility": "public"}
    assert client.post(reverse("games:create"), data).status_code == LOGIN
    csrf_client = client.__class__(enforce_csrf_checks=True)
    csrf_client.force_login(UserFactory())
    assert csrf_client.post(reverse("games:create"), data).status_code == 403
    assert not Game.objects.exists()


@pytest.mark.parametrize("game_id", [987654, 2**63, 10**30], ids=["unknown", "past-bigint", "huge"])
def test_unknown_game_is_404_everywhere(client, game_id):
    user = UserFactory()
    client.force_login(user)
    for name in ["table", "act", "join", "leave", "start", "resign", "abandon", "invite"]:
        url = reverse(f"games:{name}", args=[game_id])
        response = (
            client.get(url)
            if name == "table"
            else client.post(
                url, {"expected_version": 1, "action": '{"type": "pass"}', "email": "x@example.com"}
            )
        )
        assert response.status_code == 404, name
    token = api_headers(user)
    assert client.get(reverse("api:game", args=[game_id]), **token).status_code == 404
    action = {"action": {"type": "pass"}, "version": 1}
    posted = client.post(reverse("api:actions", args=[game_id]), action, "application/json", **token)
    assert posted.status_code == 404


def test_wrong_methods_are_405(client):
    game, users = start_game()
    client.force_login(users[0])
    assert client.get(reverse("games:act", args=[game.pk])).status_code == 405
    assert client.post(reverse("games:table", args=[game.pk])).status_code == 405
