"""Only the mail provider that settings name has its webhooks mounted; none with SMTP."""

import importlib

import pytest
from django.test import override_settings
from django.urls import clear_url_caches, resolve
from django.urls.exceptions import Resolver404

import lifeboat_site.anymail_urls
import lifeboat_site.urls
from lifeboat_site.settings.base import anymail_provider


@pytest.mark.parametrize(
    ("backend", "provider"),
    [
        ("anymail.backends.postmark.EmailBackend", "postmark"),
        ("anymail.backends.amazon_ses.EmailBackend", "amazon_ses"),
        ("anymail.backends.test.EmailBackend", None),
        ("django.core.mail.backends.smtp.EmailBackend", None),
    ],
)
def test_the_provider_comes_from_the_email_backend(backend, provider):
    assert anymail_provider(backend) == provider


@pytest.fixture
def remount():
    def mount(provider):
        with override_settings(MAIL_WEBHOOK_PROVIDER=provider):
            importlib.reload(lifeboat_site.anymail_urls)
            importlib.reload(lifeboat_site.urls)
        clear_url_caches()

    yield mount
    importlib.reload(lifeboat_site.anymail_urls)
    importlib.reload(lifeboat_site.urls)
    clear_url_caches()


def mounted(path: str) -> bool:
    try:
        resolve(path)
    except Resolver404:
        return False
    return True


def test_only_the_named_provider_is_mounted(remount):
    remount("postmark")
    assert mounted("/anymail/postmark/inbound/")
    assert mounted("/anymail/postmark/tracking/")
    assert not mounted("/anymail/sendgrid/inbound/")
    assert not mounted("/anymail/mailgun/inbound_mime/")


def test_no_webhooks_with_smtp(remount):
    remount(None)
    assert not any(mounted(f"/anymail/{p}/inbound/") for p in ("postmark", "sendgrid", "mailgun", "brevo"))


@pytest.mark.parametrize("provider", ["postmark", "mailgun"])
@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"{oops", "application/json"),
        (b"[" * 5000 + b"]" * 5000, "application/json"),
        (b"\xff", "text/plain"),
    ],
)
@pytest.mark.django_db
def test_a_malformed_webhook_body_is_a_400(remount, client, settings, provider, body, content_type):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret", "MAILGUN_WEBHOOK_SIGNING_KEY": "signing-key"}
    remount(provider)
    auth = "Basic aG9vazpzZWNyZXQ="  # hook:secret
    for kind in ("inbound", "tracking"):
        path = f"/anymail/{provider}/{kind}/"
        if mounted(path):
            response = client.post(path, body, content_type=content_type, HTTP_AUTHORIZATION=auth)
            assert response.status_code == 400, (path, response.status_code)
