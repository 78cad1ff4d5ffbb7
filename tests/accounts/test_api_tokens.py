import datetime as dt
import hashlib

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.auth import user_for_api_request
from accounts.models import ApiToken
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PROFILE_URL = "/accounts/profile/"


def api_request(authorization: str | None):
    headers = {} if authorization is None else {"HTTP_AUTHORIZATION": authorization}
    return RequestFactory().get("/api/games/", **headers)


def create_token_on_the_page(client, name: str = "my bot", **extra) -> str:
    response = client.post(reverse("accounts:token_create"), {"name": name}, **extra)
    assert response.status_code == 200
    return response.context["new_token"]


def test_created_token_is_shown_once_and_stored_only_as_a_hash(client):
    user = UserFactory()
    client.force_login(user)

    raw = create_token_on_the_page(client)

    token = ApiToken.objects.get(user=user)
    assert token.name == "my bot"
    assert raw.startswith("lbc_")
    assert len(raw) > 40
    assert token.key_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert raw not in {token.key_hash, token.prefix}
    assert raw.startswith(token.prefix)
    later_page = client.get(PROFILE_URL).content.decode()
    assert raw not in later_page
    assert token.prefix in later_page


def test_token_creation_by_htmx_returns_only_the_tokens_fragment(client):
    client.force_login(UserFactory())
    response = client.post(reverse("accounts:token_create"), {"name": "bot"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert 'id="api-tokens"' in page
    assert "<html" not in page
    assert response.context["new_token"] in page


def test_token_needs_a_name(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("accounts:token_create"), {"name": ""})
    assert response.context["token_form"].errors
    assert not ApiToken.objects.filter(user=user).exists()


def test_valid_token_authenticates_its_user_and_records_use():
    user = UserFactory()
    token, raw = services.create_api_token(user=user, name="bot")

    assert user_for_api_request(api_request(f"Bearer {raw}")) == user
    token.refresh_from_db()
    assert token.last_used_at is not None
    assert timezone.now() - token.last_used_at < dt.timedelta(seconds=5)


def test_frequent_use_does_not_rewrite_last_used_every_time(django_assert_num_queries):
    user = UserFactory()
    _token, raw = services.create_api_token(user=user, name="bot")
    user_for_api_request(api_request(f"Bearer {raw}"))
    with django_assert_num_queries(1):  # the lookup only, no UPDATE
        assert user_for_api_request(api_request(f"Bearer {raw}")) == user


def test_revoked_token_is_refused():
    user = UserFactory()
    token, raw = services.create_api_token(user=user, name="bot")
    services.revoke_api_token(user=user, token_id=token.pk)
    assert user_for_api_request(api_request(f"Bearer {raw}")) is None


def test_token_of_a_deactivated_user_is_refused():
    user = UserFactory()
    _token, raw = services.create_api_token(user=user, name="bot")
    user.is_active = False
    user.save()
    assert user_for_api_request(api_request(f"Bearer {raw}")) is None


@pytest.mark.parametrize(
    "header",
    [None, "", "Bearer", "Bearer ", "Basic dXNlcjpwdw==", "Token {raw}", "Bearer {raw} extra", "{raw}"],
)
def test_malformed_authorization_header_is_refused(header):
    _token, raw = services.create_api_token(user=UserFactory(), name="bot")
    header = None if header is None else header.format(raw=raw)
    assert user_for_api_request(api_request(header)) is None


def test_unknown_token_is_refused_even_with_a_known_prefix():
    _token, raw = services.create_api_token(user=UserFactory(), name="bot")
    forged = raw[:-4] + ("AAAA" if not raw.endswith("AAAA") else "BBBB")
    assert user_for_api_request(api_request(f"Bearer {forged}")) is None
    assert user_for_api_request(api_request("Bearer lbc_nosuchtokenatall0123456789")) is None


def test_bearer_scheme_is_case_insensitive():
    user = UserFactory()
    _token, raw = services.create_api_token(user=user, name="bot")
    assert user_for_api_request(api_request(f"bearer {raw}")) == user


def test_revoke_on_the_page(client):
    user = UserFactory()
    token, raw = services.create_api_token(user=user, name="bot")
    client.force_login(user)

    response = client.post(reverse("accounts:token_revoke", args=[token.pk]))

    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert user_for_api_request(api_request(f"Bearer {raw}")) is None


def test_cannot_revoke_someone_elses_token(client):
    owner = UserFactory()
    token, raw = services.create_api_token(user=owner, name="bot")
    client.force_login(UserFactory())

    response = client.post(reverse("accounts:token_revoke", args=[token.pk]))

    assert response.status_code == 404
    assert user_for_api_request(api_request(f"Bearer {raw}")) == owner


def test_token_views_refuse_get_and_anonymous(client):
    token, _raw = services.create_api_token(user=UserFactory(), name="bot")
    assert client.get(reverse("accounts:token_create")).status_code == 405
    response = client.post(reverse("accounts:token_revoke", args=[token.pk]))
    assert response.status_code == 302
    assert response.url.startswith(reverse("account_login"))
    token.refresh_from_db()
    assert token.revoked_at is None
