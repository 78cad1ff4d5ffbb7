"""Behind the deployment's proxies the sign-in limits count each client, not the proxy: the client's
address comes from X-Forwarded-For (or the proxy's own header), believed only as far as the
deployment declares (`accounts.client_ip`)."""

import pytest
from django.test import RequestFactory, override_settings
from django.urls import reverse

from accounts.client_ip import client_ip
from tests.accounts.helpers import assert_signed_in_as, assert_signed_out
from tests.factories import PASSWORD, UserFactory

PROXY = "10.0.0.2"
#: One proxy of our own at 10.0.0.2 (the deploy guide's nginx).
BEHIND_ONE_PROXY = override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=1, FORWARDED_ALLOW_IPS=[PROXY])


def request_from(remote: str, **headers: str):
    return RequestFactory().get("/", REMOTE_ADDR=remote, headers=headers)


@BEHIND_ONE_PROXY
def test_the_client_is_the_address_the_proxy_appended_not_what_the_client_wrote():
    assert client_ip(request_from(PROXY, X_Forwarded_For="203.0.113.5")) == "203.0.113.5"
    # A client writing its own X-Forwarded-For: nginx appends the real address after it.
    assert client_ip(request_from(PROXY, X_Forwarded_For="6.6.6.6, 203.0.113.5")) == "203.0.113.5"


@BEHIND_ONE_PROXY
def test_forwarding_headers_are_believed_only_from_the_proxy():
    # Someone reaching the web node directly cannot name an address of their choosing.
    assert client_ip(request_from("198.51.100.9", X_Forwarded_For="203.0.113.5")) == "198.51.100.9"


@override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=2, FORWARDED_ALLOW_IPS=["10.0.0.0/8"])
def test_with_two_proxies_the_client_is_the_second_address_from_the_right():
    request = request_from(PROXY, X_Forwarded_For="6.6.6.6, 203.0.113.5, 10.0.0.7")
    assert client_ip(request) == "203.0.113.5"
    # Fewer hops than declared, or garbage where the address should be: the peer, never a 500.
    assert client_ip(request_from(PROXY, X_Forwarded_For="203.0.113.5")) == PROXY
    assert client_ip(request_from(PROXY, X_Forwarded_For="nonsense, 10.0.0.7")) == PROXY


@override_settings(ALLAUTH_TRUSTED_CLIENT_IP_HEADER="X-Real-IP", FORWARDED_ALLOW_IPS=["*"])
def test_a_proxy_may_name_the_client_in_a_header_of_its_own():
    request = request_from(PROXY, X_Real_IP="2001:db8::1", X_Forwarded_For="6.6.6.6")
    assert client_ip(request) == "2001:db8::1"


def test_without_declared_proxies_the_peer_is_the_client():
    assert client_ip(request_from("127.0.0.1", X_Forwarded_For="203.0.113.5")) == "127.0.0.1"


def sign_in(client, email, password, forwarded_for):
    return client.post(
        reverse("account_login"),
        {"login": email, "password": password},
        REMOTE_ADDR=PROXY,
        headers={"X-Forwarded-For": forwarded_for},
    )


@pytest.mark.django_db
@BEHIND_ONE_PROXY
def test_one_strangers_wrong_passwords_do_not_stop_other_players_behind_the_same_proxy(client):
    victims = [UserFactory() for _ in range(12)]
    player = UserFactory()
    for victim in victims:  # wrong passwords for real accounts: the stranger's address is throttled
        sign_in(client, victim.email, "wrong", forwarded_for="198.51.100.66")
    sign_in(client, victims[0].email, PASSWORD, forwarded_for="198.51.100.66")
    assert_signed_out(client)
    # Another player, through the same proxy, from an address of their own.
    sign_in(client, player.email, PASSWORD, forwarded_for="203.0.113.5")
    assert_signed_in_as(client, player)


@pytest.mark.django_db
@BEHIND_ONE_PROXY
def test_a_stranger_reaching_a_node_directly_cannot_dodge_the_limits_by_naming_addresses(client):
    victims = [UserFactory() for _ in range(11)]
    for n, victim in enumerate(victims[:10]):
        client.post(
            reverse("account_login"),
            {"login": victim.email, "password": "wrong"},
            REMOTE_ADDR="198.51.100.9",
            headers={"X-Forwarded-For": f"192.0.2.{n}"},
        )
    response = client.post(
        reverse("account_login"),
        {"login": victims[10].email, "password": PASSWORD},
        REMOTE_ADDR="198.51.100.9",
        headers={"X-Forwarded-For": "192.0.2.99"},
    )
    assert response.status_code in (200, 429)
    assert_signed_out(client)


@pytest.mark.django_db
@override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=2, FORWARDED_ALLOW_IPS=[PROXY])
def test_a_request_through_fewer_proxies_than_declared_still_signs_in(client):
    player = UserFactory()
    sign_in(client, player.email, PASSWORD, forwarded_for="203.0.113.5")
    assert_signed_in_as(client, player)
