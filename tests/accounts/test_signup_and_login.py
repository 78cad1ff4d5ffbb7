import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.accounts.helpers import assert_signed_in_as, assert_signed_out, last_mail_to, link_in
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

User = get_user_model()


def sign_up(client, email: str):
    return client.post(
        reverse("account_signup"), {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    )


def sign_in(client, email: str, password: str = PASSWORD):
    return client.post(reverse("account_login"), {"login": email, "password": password})


def test_sign_up_sends_a_verification_mail_and_does_not_sign_in(client):
    response = sign_up(client, "ada@example.com")

    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    user = User.objects.get(email="ada@example.com")
    assert not EmailAddress.objects.get(user=user).verified
    message = last_mail_to("ada@example.com")
    assert message.subject.startswith("[Lifeboat Club] ")
    link_in(message, "/accounts/confirm-email/")
    assert_signed_out(client)


def test_unverified_user_cannot_sign_in_until_the_link_is_followed(client):
    sign_up(client, "ada@example.com")
    user = User.objects.get(email="ada@example.com")

    response = sign_in(client, "ada@example.com")
    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert_signed_out(client)

    confirm_path = link_in(last_mail_to("ada@example.com"), "/accounts/confirm-email/")
    client.post(confirm_path)
    assert EmailAddress.objects.get(user=user).verified
    assert_signed_in_as(client, user)  # following the link signs the new player in

    client.logout()
    response = sign_in(client, "ada@example.com")
    assert response.status_code == 302
    assert_signed_in_as(client, user)


def test_sign_up_gives_a_generated_name_that_reveals_nothing_of_the_address(client):
    response = sign_up(client, "grace.hopper+games@example.com")
    profile = User.objects.get(email="grace.hopper+games@example.com").profile
    assert profile.display_name.startswith("Player ")
    assert "grace" not in profile.display_name.lower()
    page = client.get(response.url).content.decode()
    assert f"Other players see you as “{profile.display_name}”" in page
    assert profile.time_zone == "UTC"
    assert profile.language == "en"
    assert profile.notify_mode == "each"


def test_wrong_password_does_not_sign_in(client):
    UserFactory(email="bo@example.com")
    response = sign_in(client, "bo@example.com", "not-the-password")
    assert response.status_code == 200
    assert_signed_out(client)


def test_sign_in_by_emailed_code(client):
    user = UserFactory(email="cy@example.com")
    mail.outbox.clear()

    response = client.post(reverse("account_request_login_code"), {"email": "cy@example.com"})
    assert response.status_code == 302
    assert response.url == reverse("account_confirm_login_code")
    assert_signed_out(client)

    body = last_mail_to("cy@example.com").body
    code = re.search(r"^\s*([A-Z0-9-]{6,})\s*$", body, re.MULTILINE).group(1)

    response = client.post(reverse("account_confirm_login_code"), {"code": "WRONG-CODE"})
    assert_signed_out(client)

    response = client.post(reverse("account_confirm_login_code"), {"code": code})
    assert response.status_code == 302
    assert_signed_in_as(client, user)


def test_password_reset_mail_is_sent_for_known_address(client):
    UserFactory(email="di@example.com")
    mail.outbox.clear()
    client.post(reverse("account_reset_password"), {"email": "di@example.com"})
    link_in(last_mail_to("di@example.com"), "/accounts/password/reset/key/")


def test_sign_out_is_a_post(client):
    user = UserFactory()
    client.force_login(user)
    client.get(reverse("account_logout"))
    assert_signed_in_as(client, user)
    client.post(reverse("account_logout"))
    assert_signed_out(client)


def test_weak_password_is_refused_at_sign_up(client):
    response = client.post(
        reverse("account_signup"),
        {"email": "eve@example.com", "password1": "password", "password2": "password"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors
    assert not User.objects.filter(email="eve@example.com").exists()
    assert not mail.outbox


def test_account_mails_greet_from_the_site_not_the_request_host(client, settings):
    sign_up(client, "ida@example.com")
    message = last_mail_to("ida@example.com")
    greeting = message.body.strip().splitlines()[0]
    assert greeting == "Hello from Lifeboat Club!", greeting


def test_the_site_row_follows_site_url(settings):
    from accounts.services import sync_site

    settings.SITE_URL = "https://play.lifeboat.example"
    site = sync_site()
    assert (site.domain, site.name) == ("play.lifeboat.example", "Lifeboat Club")


def test_the_sign_in_message_and_the_confirmation_mail_name_the_player_as_others_see_them(client):
    """Never the account's username, which players see nowhere else (issue 30)."""
    sign_up(client, "ada@example.com")
    user = User.objects.get(email="ada@example.com")
    user.profile.display_name = "Ada Lovelace"
    user.profile.save()
    client.post(link_in(last_mail_to("ada@example.com"), "/accounts/confirm-email/"))
    client.logout()
    mail.outbox.clear()
    response = sign_in(client, "ada@example.com")
    page = client.get(response.url).content.decode()
    assert "Successfully signed in as Ada Lovelace." in page
    assert user.username not in page
    client.post(reverse("account_email"), {"action_send": "", "email": "ada@example.com"})
    for message in mail.outbox:
        assert user.username not in message.body
