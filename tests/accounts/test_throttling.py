"""Wrong passwords are throttled per address and per IP; the owner still signs in by emailed code."""

import re

import pytest
from django.urls import reverse

from tests.accounts.helpers import assert_signed_in_as, assert_signed_out, last_mail_to
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def sign_in(client, email, password, ip="203.0.113.7"):
    return client.post(reverse("account_login"), {"login": email, "password": password}, REMOTE_ADDR=ip)


def test_a_stranger_guessing_passwords_cannot_keep_the_owner_out(client):
    owner = UserFactory(email="bo@example.com")
    for attempt in range(5):
        sign_in(client, "bo@example.com", f"guess-{attempt}", ip=f"198.51.100.{attempt}")
    # The address's passwords are throttled now, even the right one, from anywhere.
    refused = sign_in(client, "bo@example.com", PASSWORD, ip="192.0.2.1")
    assert refused.status_code in (200, 429)
    assert_signed_out(client)
    # The owner signs in by a code mailed to the address.
    response = client.post(
        reverse("account_request_login_code"), {"email": "bo@example.com"}, REMOTE_ADDR="192.0.2.1"
    )
    assert response.status_code == 302
    code = re.search(r"^\s*([A-Z0-9-]{6,})\s*$", last_mail_to("bo@example.com").body, re.MULTILINE).group(1)
    client.post(reverse("account_confirm_login_code"), {"code": code}, REMOTE_ADDR="192.0.2.1")
    assert_signed_in_as(client, owner)


def test_one_ip_guessing_many_addresses_is_throttled(client):
    users = [UserFactory() for _ in range(12)]
    for user in users[:10]:
        sign_in(client, user.email, "wrong")
    response = sign_in(client, users[11].email, PASSWORD)
    assert response.status_code in (200, 429)
    assert_signed_out(client)
    sign_in(client, users[11].email, PASSWORD, ip="192.0.2.99")
    assert_signed_in_as(client, users[11])
