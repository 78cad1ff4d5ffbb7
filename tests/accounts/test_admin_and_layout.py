import gzip
from pathlib import Path

import django_htmx
import pytest
from django.urls import reverse

from accounts import services
from tests.accounts.helpers import staff_with_totp
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_staff_see_users_with_profiles_and_tokens_without_secrets(client):
    staff = staff_with_totp()
    player = UserFactory()
    token, raw = services.create_api_token(user=player, name="sea-bot")
    client.force_login(staff)

    user_page = client.get(reverse("admin:auth_user_change", args=[player.pk])).content.decode()
    token_page = client.get(reverse("admin:accounts_apitoken_change", args=[token.pk])).content.decode()
    token_list = client.get(reverse("admin:accounts_apitoken_changelist")).content.decode()

    assert player.profile.display_name in user_page
    assert "sea-bot" in token_list
    for page in (user_page, token_page, token_list):
        assert raw not in page
        assert token.key_hash not in page


def test_staff_can_revoke_tokens_in_bulk(client):
    staff = staff_with_totp()
    token, _raw = services.create_api_token(user=UserFactory(), name="bot")
    client.force_login(staff)
    client.post(
        reverse("admin:accounts_apitoken_changelist"),
        {"action": "revoke_tokens", "_selected_action": [token.pk]},
    )
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_layout_has_nav_messages_and_htmx_csrf(client):
    client.force_login(UserFactory())
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in page
    assert 'id="messages"' in page
    assert 'href="/games/"' in page
    assert f'action="{reverse("account_logout")}"' in page
    assert "htmx" in page


def test_allauth_pages_use_the_site_layout(client):
    page = client.get(reverse("account_login")).content.decode()
    assert 'class="site-header"' in page
    assert "· Lifeboat Club</title>" in page


def test_first_load_stays_under_60_kb_compressed(client):
    client.force_login(UserFactory())
    html = client.get(reverse("accounts:profile")).content
    htmx_js = (Path(django_htmx.__file__).parent / "static/django_htmx/htmx-2.min.js").read_bytes()
    assert len(gzip.compress(html)) + len(gzip.compress(htmx_js)) <= 60 * 1024
