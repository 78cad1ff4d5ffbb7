"""Mail that bounces or is marked as spam: from the provider's tracking webhooks (Postmark's and
Mailgun's payloads as anymail's own tests post them) and from delivery reports (RFC 3464) in the
bounce mailbox; what the player and the table then see."""

import base64
import hashlib
import hmac
import io
import json
import time
from pathlib import Path
from unittest import mock

import pytest
from allauth.account.models import EmailAddress
from allauth.account.signals import email_changed, email_confirmed
from anymail.webhooks.mailgun import MailgunTrackingWebhookView
from django.core import mail
from django.core.management import call_command
from django.test import RequestFactory
from django.urls import reverse

from accounts.models import Profile
from notifications import bounces
from notifications.models import AddressStatus, Kind, Notification, Status
from notifications.tokens import message_id

from .helpers import committed, mails_to, open_prompt, play, start_game, waiting

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent / "fixtures" / "bounces"
SECRET = "lifeboat:webhook-secret-for-tests"
SIGNING_KEY = "mailgun-signing-key"


@pytest.fixture(autouse=True)
def webhook_secret(settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET, "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}


@pytest.fixture
def sent(django_capture_on_commit_callbacks):
    """A started game, its players, and a sent prompt mail to the first waiting seat's player."""
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    row = Notification.objects.get(prompt=open_prompt(game, seat), kind=Kind.PROMPT)
    assert row.status == Status.SENT
    return game, users, seat, row


# -- the provider's payloads ------------------------------------------------------------------
def postmark(client, payload: dict):
    auth = "Basic " + base64.b64encode(SECRET.encode()).decode()
    return client.post(
        reverse("anymail:postmark_tracking_webhook"),
        json.dumps(payload),
        content_type="application/json",
        HTTP_AUTHORIZATION=auth,
    )


def postmark_bounce(email: str, notification: int, kind: str = "HardBounce") -> dict:
    codes = {"HardBounce": 1, "SoftBounce": 4096, "Transient": 2}
    return {
        "RecordType": "Bounce",
        "ID": 4323372036854775807,
        "Type": kind,
        "TypeCode": codes[kind],
        "Name": "Hard bounce" if kind == "HardBounce" else "Soft bounce/Undeliverable",
        "Tag": "prompt",
        "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
        "Metadata": {"notification": str(notification)},
        "ServerID": 23,
        "MessageStream": "outbound",
        "Description": "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
        "Details": "smtp;550 5.1.1 The email account that you tried to reach does not exist."
        if kind == "HardBounce"
        else "smtp;452 4.2.2 The email account that you tried to reach is over quota.",
        "Email": email,
        "From": "noreply@lifeboat.club",
        "BouncedAt": "2026-12-01T10:00:05.0000000-05:00",
        "DumpAvailable": True,
        "Inactive": kind == "HardBounce",
        "CanActivate": True,
        "Subject": "[Lifeboat Club] Lifeboats #1: your move",
    }


def postmark_complaint(email: str, notification: int) -> dict:
    return {
        **postmark_bounce(email, notification),
        "RecordType": "SpamComplaint",
        "Type": "SpamComplaint",
        "TypeCode": 512,
        "Name": "Spam complaint",
    }


def postmark_delivery(email: str, notification: int) -> dict:
    return {
        "RecordType": "Delivery",
        "ServerID": 23,
        "MessageStream": "outbound",
        "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
        "Recipient": email,
        "Tag": "prompt",
        "DeliveredAt": "2026-12-01T10:00:05.0000000-05:00",
        "Details": "Test delivery webhook details",
        "Metadata": {"notification": str(notification)},
    }


def mailgun(event_data: dict):
    """Through anymail's Mailgun view (signed as Mailgun signs), whichever provider the site mounts."""
    timestamp, token = str(int(time.time())), "a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0"
    signature = hmac.new(SIGNING_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    body = {
        "signature": {"timestamp": timestamp, "token": token, "signature": signature},
        "event-data": event_data,
    }
    request = RequestFactory().post(
        "/anymail/mailgun/tracking/",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION="Basic " + base64.b64encode(SECRET.encode()).decode(),
    )
    return MailgunTrackingWebhookView.as_view()(request)


def mailgun_failed(email: str, notification: int, severity: str = "permanent") -> dict:
    return {
        "event": "failed",
        "severity": severity,
        "reason": "bounce" if severity == "permanent" else "generic",
        "recipient": email,
        "timestamp": 1764583205.089676,
        "id": "G9Bn5sl1TC6nu79C8C0bwg",
        "log-level": "error",
        "delivery-status": {
            "code": 550 if severity == "permanent" else 452,
            "message": "5.1.1 The email account that you tried to reach does not exist."
            if severity == "permanent"
            else "4.2.2 The email account that you tried to reach is over quota.",
            "description": "",
            "attempt-no": 1,
            "session-seconds": 0.43,
        },
        "envelope": {"sender": "bounces@lifeboat.club", "transport": "smtp", "targets": email},
        "message": {"headers": {"to": email, "message-id": "20261201100004.1.ABC@mg.lifeboat.club"}},
        "user-variables": {"notification": str(notification)},
        "flags": {"is-routed": False, "is-authenticated": True, "is-test-mode": False},
    }


def status_of(email: str) -> AddressStatus | None:
    return AddressStatus.objects.filter(email=email.lower()).first()


# -- hard bounces -----------------------------------------------------------------------------
def test_a_hard_bounce_stops_game_mail_to_the_address(sent, client, django_capture_on_commit_callbacks):
    game, users, seat, row = sent
    user = users[seat]
    with committed(django_capture_on_commit_callbacks):
        assert postmark(client, postmark_bounce(user.email, row.pk)).status_code == 200
    assert status_of(user.email).undeliverable_since is not None
    mail.outbox.clear()
    for _ in range(12):  # play on until the bounced player is asked again
        if Notification.objects.filter(user=user, kind=Kind.PROMPT, pk__gt=row.pk).exists():
            break
        game = play(django_capture_on_commit_callbacks, game)
    later = Notification.objects.filter(user=user, pk__gt=row.pk)
    assert later.exists()
    assert set(later.values_list("status", flat=True)) <= {Status.SKIPPED, Status.PENDING, Status.CANCELLED}
    assert mails_to(user) == []
    assert any(mails_to(u) for u in users if u != user)  # the others' mail goes on


def test_mailgun_payloads_hard_and_temporary(sent, django_capture_on_commit_callbacks):
    _game, users, seat, row = sent
    email = users[seat].email
    with committed(django_capture_on_commit_callbacks):
        assert mailgun(mailgun_failed(email, row.pk, severity="temporary")).status_code == 200
    assert status_of(email) is None  # Mailgun still retries a temporary failure
    with committed(django_capture_on_commit_callbacks):
        assert mailgun(mailgun_failed(email, row.pk)).status_code == 200
    assert status_of(email).undeliverable_since is not None


# -- soft bounces -----------------------------------------------------------------------------
def test_soft_bounces_send_again_and_three_in_a_row_count_as_hard(sent, client, settings):
    _game, users, seat, row = sent
    email = users[seat].email
    settings.NOTIFICATIONS_SOFT_BOUNCES_TO_HARD = 3
    postmark(client, postmark_bounce(email, row.pk, kind="SoftBounce"))
    row.refresh_from_db()
    assert row.status == Status.PENDING  # sent again later
    assert status_of(email).soft_bounces == 1
    assert status_of(email).undeliverable_since is None
    postmark(client, postmark_delivery(email, row.pk))  # a delivery starts the count again
    assert status_of(email).soft_bounces == 0
    for _ in range(3):
        postmark(client, postmark_bounce(email, row.pk, kind="SoftBounce"))
    assert status_of(email).undeliverable_since is not None


# -- complaints -------------------------------------------------------------------------------
def test_a_complaint_turns_off_all_game_mail(sent, client):
    _game, users, seat, row = sent
    user = users[seat]
    postmark(client, postmark_complaint(user.email, row.pk))
    assert Profile.objects.get(user=user).email_opt_out
    assert mailgun({**mailgun_failed(user.email, row.pk), "event": "complained"}).status_code == 200


# -- delivery reports in the bounce mailbox ---------------------------------------------------
def report(name: str, *, recipient: str, notification: int) -> bytes:
    text = (FIXTURES / name).read_text()
    return text.replace("{recipient}", recipient).replace("{message_id}", message_id(notification)).encode()


def inbound_command(raw: bytes) -> str:
    out = io.StringIO()
    with mock.patch("sys.stdin", io.TextIOWrapper(io.BytesIO(raw))):
        call_command("inbound_mail", stdout=out, stderr=io.StringIO())
    return out.getvalue().strip()


@pytest.mark.parametrize("name", ["postfix_hard.eml", "gmail_hard.eml"])
def test_a_delivery_report_of_a_hard_bounce_marks_the_address(sent, name):
    _game, users, seat, row = sent
    email = users[seat].email
    outcome = inbound_command(report(name, recipient=email, notification=row.pk))
    assert outcome == "report recorded (hard)"
    assert status_of(email).undeliverable_since is not None
    assert "5.1.1" in status_of(email).last_reason


def test_a_report_of_a_mail_given_up_on_a_temporary_failure_is_soft(sent):
    _game, users, seat, row = sent
    email = users[seat].email
    assert inbound_command(report("postfix_soft_expired.eml", recipient=email, notification=row.pk)).endswith(
        "(soft)"
    )
    assert status_of(email).soft_bounces == 1
    row.refresh_from_db()
    assert row.status == Status.PENDING


def test_a_delay_warning_records_nothing(sent):
    _game, users, seat, row = sent
    email = users[seat].email
    assert inbound_command(report("postfix_delayed.eml", recipient=email, notification=row.pk)).startswith(
        "ignored"
    )
    assert status_of(email) is None


def test_an_abuse_report_is_a_complaint(sent):
    _game, users, seat, row = sent
    user = users[seat]
    assert inbound_command(report("arf_complaint.eml", recipient=user.email, notification=row.pk)) == (
        "complaint recorded"
    )
    assert Profile.objects.get(user=user).email_opt_out


def test_a_forged_report_marks_nobody(sent):
    _game, users, seat, row = sent
    email = users[seat].email
    raw = report("postfix_hard.eml", recipient=email, notification=row.pk)
    forged = raw.replace(message_id(row.pk).encode(), f"<n{row.pk}.0000000000000000@lifeboat.club>".encode())
    assert inbound_command(forged).startswith("ignored")
    assert status_of(email) is None


# -- what the player and the table see --------------------------------------------------------
def bounce(email: str) -> None:
    bounces.record(address=email, outcome=bounces.HARD, reason="550 5.1.1")


def test_the_player_sees_a_banner_on_every_page_until_they_change_the_address(
    sent, client, django_capture_on_commit_callbacks
):
    game, users, seat, _row = sent
    user = users[seat]
    client.force_login(user)
    with committed(django_capture_on_commit_callbacks):
        bounce(user.email)
    banner = f"We cannot reach you at {user.email}: check your address."
    for url in [
        "/",
        reverse("games:lobby"),
        reverse("games:table", args=[game.pk]),
        reverse("notifications:settings"),
    ]:
        page = client.get(url).content.decode()
        assert banner in page, url
        assert reverse("notifications:address") in page
    fix = client.get(reverse("notifications:address")).content.decode()
    assert reverse("account_email") in fix  # change it there, or ask for a check
    other = users[(seat + 1) % len(users)]
    with committed(django_capture_on_commit_callbacks):
        user.email = "new-address@example.com"
        user.save()
        email_changed.send(
            sender=None, request=None, user=user, from_email_address=None, to_email_address=None
        )
    assert banner not in client.get("/").content.decode()
    client.force_login(other)
    assert "not receiving mail" not in client.get(reverse("games:table", args=[game.pk])).content.decode()


def test_the_banner_speaks_the_players_language(sent, client, django_capture_on_commit_callbacks):
    _game, users, seat, _row = sent
    user = users[seat]
    Profile.objects.filter(user=user).update(language="cs")
    client.force_login(user)
    with committed(django_capture_on_commit_callbacks):
        bounce(user.email)
    assert f"Na adrese {user.email} tě nezastihneme" in client.get("/").content.decode()


def test_other_players_see_only_that_the_player_is_not_receiving_mail(
    sent, client, django_capture_on_commit_callbacks
):
    game, users, seat, _row = sent
    other = users[(seat + 1) % len(users)]
    client.force_login(other)
    client.get(reverse("games:table", args=[game.pk]))  # the notices cached before the bounce
    with committed(django_capture_on_commit_callbacks):
        bounce(users[seat].email)
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert f"Seat {seat + 1}:" in page
    assert "not receiving mail" in page
    assert "5.1.1" not in page
    assert users[seat].email not in page


def test_confirming_the_address_with_allauth_clears_it(sent, client, django_capture_on_commit_callbacks):
    _game, users, seat, _row = sent
    user = users[seat]
    client.force_login(user)
    with committed(django_capture_on_commit_callbacks):
        bounce(user.email)
        email_confirmed.send(sender=None, request=None, email_address=EmailAddress.objects.get(user=user))
    assert status_of(user.email) is None
    assert "We cannot reach you" not in client.get("/").content.decode()


def test_an_address_check_reaches_the_bounced_address_and_its_link_clears_it(
    sent, client, django_capture_on_commit_callbacks
):
    _game, users, seat, _row = sent
    user = users[seat]
    client.force_login(user)
    with committed(django_capture_on_commit_callbacks):
        bounce(user.email)
    mail.outbox.clear()
    with committed(django_capture_on_commit_callbacks):
        client.post(reverse("notifications:address"))
    [check] = mails_to(user)
    link = next(line for line in check.body.splitlines() if "/mail/address/confirm/" in line).strip()
    path = link.removeprefix("http://127.0.0.1:8000")
    assert client.get(path).status_code == 200  # a GET only asks: mail scanners follow links
    assert status_of(user.email) is not None
    with committed(django_capture_on_commit_callbacks):
        client.post(path)
    assert status_of(user.email) is None
    assert "We cannot reach you" not in client.get("/").content.decode()
    other = users[(seat + 1) % len(users)]
    client.force_login(other)
    assert client.post(path).status_code == 400  # another player's link


def test_address_checks_are_limited_per_day(sent, client, settings, django_capture_on_commit_callbacks):
    _game, users, seat, _row = sent
    settings.NOTIFICATIONS_ADDRESS_CHECKS_PER_DAY = 2
    client.force_login(users[seat])
    bounce(users[seat].email)
    with committed(django_capture_on_commit_callbacks):
        for _ in range(4):
            client.post(reverse("notifications:address"))
    assert Notification.objects.filter(kind=Kind.ADDRESS_CHECK).count() == 2
