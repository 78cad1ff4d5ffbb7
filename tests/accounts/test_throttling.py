"""Wrong passwords are throttled per address and per IP; the owner still signs in by emailed code,
and at once from their usual browser; made-up addresses never lock out a real player."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts import devices
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


TOO_MANY = "Too many failed login attempts"


def owners_browser(owner) -> Client:
    """A browser the owner signed in from once, and then signed out of (its device cookie stays)."""
    browser = Client()
    sign_in(browser, owner.email, PASSWORD, ip="192.0.2.10")
    assert_signed_in_as(browser, owner)
    assert devices.COOKIE in browser.cookies
    browser.post(reverse("account_logout"))
    assert_signed_out(browser)
    return browser


def test_a_stranger_who_knows_the_address_is_locked_out_but_the_owners_browser_signs_in(client):
    owner = UserFactory(email="bo@example.com")
    browser = owners_browser(owner)
    for attempt in range(6):
        sign_in(client, "bo@example.com", f"guess-{attempt}", ip=f"198.51.100.{attempt}")
    # The stranger is locked out, even with the right password now.
    refused = sign_in(client, "bo@example.com", PASSWORD, ip="198.51.100.9")
    assert TOO_MANY in refused.content.decode()
    assert_signed_out(client)
    # So is any other browser the owner never used...
    other = Client()
    assert TOO_MANY in sign_in(other, "bo@example.com", PASSWORD, ip="192.0.2.10").content.decode()
    assert_signed_out(other)
    # ...but not the owner's usual browser, from any address.
    sign_in(browser, "bo@example.com", PASSWORD, ip="192.0.2.77")
    assert_signed_in_as(browser, owner)


def test_the_owners_browser_has_its_own_count_of_wrong_passwords(client):
    owner = UserFactory(email="bo@example.com")
    browser = owners_browser(owner)
    for attempt in range(5):
        sign_in(browser, "bo@example.com", f"typo-{attempt}")
    assert TOO_MANY in sign_in(browser, "bo@example.com", PASSWORD).content.decode()
    assert_signed_out(browser)
    # A device cookie of another account is no key to this one.
    other_owner = UserFactory(email="cy@example.com")
    for attempt in range(5):
        sign_in(client, "cy@example.com", f"guess-{attempt}")
    assert TOO_MANY in sign_in(browser, "cy@example.com", PASSWORD).content.decode()
    assert_signed_out(browser)
    assert other_owner.pk != owner.pk


def test_a_forged_device_cookie_counts_for_nothing(client):
    owner = UserFactory(email="bo@example.com")
    for attempt in range(5):
        sign_in(client, "bo@example.com", f"guess-{attempt}")
    client.cookies[devices.COOKIE] = f"{owner.pk}:forged"
    assert TOO_MANY in sign_in(client, "bo@example.com", PASSWORD).content.decode()
    assert_signed_out(client)


def test_wrong_passwords_for_made_up_addresses_never_lock_out_a_real_player(client):
    player = UserFactory()
    shared = "203.0.113.50"  # a club's network: the guesser and the player share its address
    for n in range(15):
        sign_in(client, f"nobody-{n}@example.com", "wrong", ip=shared)
    bystander = Client()
    sign_in(bystander, player.email, PASSWORD, ip=shared)
    assert_signed_in_as(bystander, player)


def test_an_address_answers_alike_whether_or_not_it_has_an_account(client):
    """The limits give no way to tell a real address from a made-up one."""
    users = [UserFactory() for _ in range(11)]
    # Per address: the sixth wrong password is refused alike.
    for address in ("nobody@example.com", users[0].email):
        answers = [sign_in(client, address, "wrong", ip="198.51.100.1").content.decode() for _ in range(6)]
        assert [TOO_MANY in answer for answer in answers] == [False] * 5 + [True]
    # Per client address: once it is over, both are refused alike.
    for user in users[1:]:
        sign_in(client, user.email, "wrong", ip="198.51.100.2")
    assert (
        TOO_MANY in sign_in(client, "someone-else@example.com", "wrong", ip="198.51.100.2").content.decode()
    )
    assert TOO_MANY in sign_in(client, users[0].email, "wrong", ip="198.51.100.2").content.decode()
