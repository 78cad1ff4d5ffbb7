"""The admin: signed in through allauth, open only to staff with TOTP, at a path settings choose."""

import importlib

import pytest
from django.test import override_settings
from django.urls import clear_url_caches

import lifeboat_site.urls
from tests.accounts.helpers import staff_with_totp
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def staff(**kwargs):
    return UserFactory(is_staff=True, is_superuser=True, **kwargs)


def test_anonymous_admin_visitors_sign_in_through_allauth(client):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response.url.startswith("/admin/login/")
    response = client.get(response.url)
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/?next=")


def test_staff_without_a_second_factor_are_sent_to_set_it_up(client):
    client.force_login(staff())
    response = client.get("/admin/", follow=True)
    hops = [url for url, _status in response.redirect_chain]
    assert any(url.startswith("/accounts/2fa/totp/activate/") for url in hops), hops


def test_staff_with_totp_use_the_admin_and_others_do_not(client):
    client.force_login(staff_with_totp())
    assert client.get("/admin/").status_code == 200
    client.force_login(UserFactory())
    assert client.get("/admin/").status_code == 302


@pytest.fixture
def admin_at():
    def move(path):
        with override_settings(ADMIN_PATH=path):
            importlib.reload(lifeboat_site.urls)
        clear_url_caches()

    yield move
    importlib.reload(lifeboat_site.urls)
    clear_url_caches()


def test_the_admin_path_is_a_setting(client, admin_at):
    admin_at("backstage-7f3/")
    assert client.get("/backstage-7f3/").status_code == 302
    assert client.get("/admin/").status_code == 404
