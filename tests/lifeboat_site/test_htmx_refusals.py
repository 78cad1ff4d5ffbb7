"""Every 4xx answer to an htmx request is a message placed beside the element that asked.

The views' own refusals (`refusals.http.refusal`) and any other 4xx page (Django's 403, 404 and
CSRF pages, the 405 page, a 429) are the same fragment: `HX-Retarget: this`, `HX-Reswap:
afterend`, no page around it. A signed-out htmx request sends the whole page to sign in.
"""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse
from django_htmx.middleware import HtmxMiddleware

from games.models import Game
from lifeboat_site.middleware import HtmxRefusalMiddleware
from tests.factories import GameFactory, UserFactory
from tests.games.helpers import start_game, waiting_seat_and_action

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/games/7/?since=3"}


def assert_beside_the_form(response, status: int, text: str) -> None:
    page = response.content.decode()
    assert response.status_code == status
    assert (response["HX-Retarget"], response["HX-Reswap"]) == ("this", "afterend")
    assert "<html" not in page
    assert 'class="notice error refusal"' in page
    assert text in page


def test_a_refused_move_is_its_message_beside_the_form(client):
    game, users = start_game()
    seat, _action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    data = {"type": "fight", "side": "out", "expected_version": game.version}
    response = client.post(reverse("games:compose", args=[game.pk]), data, **HTMX)
    assert_beside_the_form(response, 400, "That combination is not allowed now.")


def test_a_composed_answer_on_a_stale_page_says_the_game_moved_on(client):
    game, users = start_game()
    seat, _action = waiting_seat_and_action(game)
    client.force_login(users[seat])
    data = {"type": "fight", "side": "out", "expected_version": game.version - 1}
    response = client.post(reverse("games:compose", args=[game.pk]), data, **HTMX)
    assert_beside_the_form(response, 409, "moved on since you loaded it")


def test_a_rate_limit_of_a_view_is_its_message_beside_the_form(client, settings):
    settings.NOTIFICATIONS_INVITATIONS_PER_DAY = 0
    game = GameFactory(visibility=Game.Visibility.PRIVATE)
    client.force_login(game.created_by)
    response = client.post(reverse("games:invite", args=[game.pk]), {"email": "a@example.com"}, **HTMX)
    assert_beside_the_form(response, 429, "invitations today")


def test_a_club_refusal_under_htmx_is_its_message_beside_the_form(client):
    client.force_login(UserFactory())
    response = client.get(reverse("replays:replay", args=[987654]), **HTMX)
    assert response.status_code == 404
    assert_beside_the_form(response, 404, "")


def test_the_sites_404_and_405_pages_become_a_message(client):
    client.force_login(UserFactory())
    assert_beside_the_form(client.get("/games/rules/no-such-game/", **HTMX), 404, "There is nothing here")
    gone = client.get(reverse("games:act", args=[1]), **HTMX)
    assert_beside_the_form(gone, 405, "not a visit")
    assert gone["Allow"] == "POST"


def test_a_post_without_its_csrf_token_is_a_message(settings):
    game, users = start_game()
    client = Client(enforce_csrf_checks=True)
    client.force_login(users[0])
    response = client.post(reverse("games:act", args=[game.pk]), {}, **HTMX)
    assert_beside_the_form(response, 403, "reload the page")


def test_a_429_page_becomes_a_message_with_its_retry_after():
    def limited(request):
        page = "<!doctype html><html><body>Too many</body></html>"
        return HttpResponse(page, status=429, headers={"Retry-After": "60"})

    request = RequestFactory().post("/accounts/login/", headers={"HX-Request": "true"})
    response = HtmxMiddleware(HtmxRefusalMiddleware(limited))(request)
    assert_beside_the_form(response, 429, "Too many tries")
    assert response["Retry-After"] == "60"


def test_a_signed_out_htmx_request_sends_the_page_to_sign_in(client):
    game, _users = start_game()
    response = client.post(reverse("games:act", args=[game.pk]), {}, **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/accounts/login/?next=%2Fgames%2F7%2F%3Fsince%3D3"


def test_plain_requests_and_the_api_keep_their_pages():
    def missing(request):
        return HttpResponse("<html>page</html>", status=404)

    plain = HtmxMiddleware(HtmxRefusalMiddleware(missing))(RequestFactory().get("/games/1/"))
    api = HtmxMiddleware(HtmxRefusalMiddleware(missing))(
        RequestFactory().get("/api/games/1/", headers={"HX-Request": "true"})
    )
    for response in (plain, api):
        assert response.content == b"<html>page</html>"
        assert "HX-Retarget" not in response
