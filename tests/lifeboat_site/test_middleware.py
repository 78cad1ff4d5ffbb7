"""A NUL anywhere in a request is a 400 before the session, the user or any query is read; an id
beyond 64 bits is a 404; a method an address does not answer is the site's 405 page."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("method", "path", "data", "extra"),
    [
        ("get", "/clubs/invite/%00/", None, {}),
        ("get", "/mail/act/abc%00def/", None, {}),
        ("get", "/games/1/replay/?step=%00", None, {}),
        ("get", "/games/1/version/?v=1%00", None, {}),
        ("get", "/", None, {"HTTP_AUTHORIZATION": "Bearer lbc_12345678\x00abc"}),
        ("post", "/accounts/login/", {"login": "a\x00@example.com", "password": "x"}, {}),
        ("post", "/games/1/act/", {"action": '{"type": "vote"}', "expected_version": "1\x00"}, {}),
    ],
)
def test_a_nul_is_a_400_without_a_query(client, django_assert_num_queries, method, path, data, extra):
    client.force_login(UserFactory())
    with django_assert_num_queries(0):
        response = getattr(client, method)(path, data, **extra)
    assert response.status_code == 400


def test_a_nul_in_the_session_cookie_is_a_400_without_a_query(client, django_assert_num_queries):
    client.cookies["sessionid"] = "abcdefgh\x00ijkl"
    with django_assert_num_queries(0):
        response = client.get("/")
    assert response.status_code == 400


def test_a_nul_in_an_encoded_form_field_is_a_400_and_plain_requests_pass(client):
    form = "application/x-www-form-urlencoded"
    assert client.post("/accounts/login/", "login=x%00&password=y", content_type=form).status_code == 400
    assert client.get("/clubs/invite/nothing/").status_code in (302, 404)
    assert client.get("/").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/games/99999999999999999999/chat/",
        "/games/9223372036854775808/back/",
        "/clubs/some-club/members/99999999999999999999/remove/",
    ],
)
def test_an_id_beyond_64_bits_is_a_404(client, path):
    client.force_login(UserFactory())
    assert client.get(path).status_code == 404
    assert client.post(path).status_code == 404


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Not opened this way"), ("hu", "Így nem nyitható meg"), ("cs", "Takhle se to neotevírá")],
)
def test_a_get_to_a_post_only_address_is_the_sites_405_page_in_the_readers_language(client, language, words):
    """Seen: a bookmarked form target (a club's settings, a table's act URL) opened as a page was
    a blank 405."""
    user = UserFactory()
    user.profile.language = language
    user.profile.save()
    client.force_login(user)
    response = client.get(reverse("accounts:token_create"))
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    body = response.content.decode()
    assert words in body
    assert 'class="site-nav"' in body  # the site's frame, with its navigation
    assert f'<html lang="{language}">' in body


def test_the_apis_405_is_a_json_error_that_names_the_method_and_what_is_answered(client):
    response = client.post("/api/games/")
    assert response.status_code == 405
    assert response["Allow"]
    assert "POST" in response.json()["error"]
    assert "GET" in response.json()["error"]


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("get", "/", 200),
        ("get", "/no/such/page/", 404),
        ("get", "/x%00y/", 400),
        ("post", "/api/games/", 405),
        ("get", "/api/games/", 401),
    ],
)
def test_every_answer_turns_off_the_browser_features_no_page_uses_and_carries_the_csp(
    client, method, path, status
):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert response["Permissions-Policy"] == "camera=(), microphone=(), geolocation=(), payment=()"
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
