"""The provider's webhooks answer only to its secret; production will not start without one."""

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings
from django.urls import reverse

from notifications.webhooks import check_webhook_secret

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
SECRET = "lifeboat:a-long-random-webhook-password"
DELIVERY = {"RecordType": "Delivery", "MessageID": "x-1", "Recipient": "ann@example.com", "Metadata": {}}


def basic(credentials: str) -> str:
    return "Basic " + base64.b64encode(credentials.encode()).decode()


def post(client, name: str, **headers):
    return client.post(reverse(name), json.dumps(DELIVERY), content_type="application/json", **headers)


@pytest.mark.parametrize("name", ["anymail:postmark_tracking_webhook", "anymail:postmark_inbound_webhook"])
def test_a_post_without_the_secret_is_401_when_a_secret_is_set(client, settings, name):
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    missing = post(client, name)
    assert missing.status_code == 401
    assert missing["WWW-Authenticate"].startswith("Basic ")
    assert post(client, name, HTTP_AUTHORIZATION=basic("lifeboat:wrong")).status_code == 401
    assert post(client, name, HTTP_AUTHORIZATION="Bearer " + SECRET).status_code == 401


def test_the_secret_opens_the_webhook_and_a_rotated_list_too(client, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": [SECRET, "lifeboat:the-next-one"]}
    for credentials in (SECRET, "lifeboat:the-next-one"):
        response = post(client, "anymail:postmark_tracking_webhook", HTTP_AUTHORIZATION=basic(credentials))
        assert response.status_code == 200


def test_without_a_secret_production_closes_the_webhooks(client, settings):
    settings.ANYMAIL = {}
    settings.MAIL_WEBHOOK_SECRET_REQUIRED = True
    assert post(client, "anymail:postmark_tracking_webhook").status_code == 403
    assert (
        post(client, "anymail:postmark_inbound_webhook", HTTP_AUTHORIZATION=basic(SECRET)).status_code == 403
    )


def test_the_check_refuses_a_mounted_webhook_without_a_secret_where_one_is_required(settings):
    settings.MAIL_WEBHOOK_SECRET_REQUIRED = True
    settings.ANYMAIL = {}
    [error] = check_webhook_secret()
    assert error.id == "notifications.E001"
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    assert check_webhook_secret() == []
    settings.ANYMAIL = {}
    settings.MAIL_WEBHOOK_SECRET_REQUIRED = False
    assert check_webhook_secret() == []


@override_settings(
    ROOT_URLCONF="tests.notifications.no_webhook_urls", MAIL_WEBHOOK_SECRET_REQUIRED=True, ANYMAIL={}
)
def test_with_no_webhook_mounted_no_secret_is_needed():
    assert check_webhook_secret() == []


PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "lifeboat_site.settings.production",
    "DJANGO_SECRET_KEY": "a-production-like-secret-key-for-the-test-only-0123456789abcdefghij",
    "DJANGO_ALLOWED_HOSTS": "lifeboat.example",
    "REDIS_CACHE_URL": "redis://127.0.0.1:6379/15",
    "DATABASE_URL": "sqlite://:memory:",
    "SITE_URL": "https://lifeboat.example",
    "ANYMAIL_BACKEND": "anymail.backends.postmark.EmailBackend",
    "ANYMAIL_POSTMARK_SERVER_TOKEN": "server-token",
    # production's other needs (lifeboat_site.checks): a shared broker, and uploads' storage named
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/15",
    "DJANGO_MEDIA_LOCAL_DISK": "true",
    "TRUSTED_PROXY_COUNT": "1",
}


def manage_check(**env: str) -> subprocess.CompletedProcess:
    keep = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_", "ANYMAIL_"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**keep, **PRODUCTION, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_with_a_provider_refuses_to_start_without_the_webhook_secret():
    done = manage_check()
    assert done.returncode != 0
    assert "notifications.E001" in done.stderr
    assert manage_check(ANYMAIL_WEBHOOK_SECRET=SECRET).returncode == 0


def test_the_test_settings_secure_the_webhooks_so_anymail_does_not_warn(client):
    import warnings

    from anymail.exceptions import AnymailInsecureWebhookWarning

    with warnings.catch_warnings():
        warnings.simplefilter("error", AnymailInsecureWebhookWarning)
        assert post(client, "anymail:postmark_tracking_webhook").status_code == 401
        response = post(
            client,
            "anymail:postmark_tracking_webhook",
            HTTP_AUTHORIZATION=basic("lifeboat:test-webhook-secret"),
        )
        assert response.status_code == 200
