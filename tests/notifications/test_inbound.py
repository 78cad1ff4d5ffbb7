"""Replies by mail: a number on the first line plays that choice; anything forged changes nothing."""

import base64
import io
from email.message import EmailMessage
from unittest import mock

import pytest
from anymail.inbound import AnymailInboundMessage
from anymail.signals import AnymailInboundEvent, inbound
from django.core import mail
from django.core.management import call_command

from games.models import Action
from notifications.inbound import handle_inbound, parse_message
from notifications.models import Kind, Notification
from notifications.tokens import reply_address

from .helpers import actions_of, mails_to, open_prompt, play, start_game, waiting

pytestmark = pytest.mark.django_db


def raw_reply(to: str, body: str, *, sender: str = "someone@example.com", **headers: str) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: your move"
    message["Message-ID"] = f"<{abs(hash((to, body)))}@example.com>"
    for key, value in headers.items():
        message[key.replace("_", "-")] = value
    message.set_content(body)
    return message.as_bytes()


@pytest.fixture
def table(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    prompt = open_prompt(game, seat)
    mail.outbox.clear()
    return game, users, seat, prompt


def deliver_raw(capture, raw: bytes) -> str:
    with capture(execute=True):
        return handle_inbound(parse_message(raw))


def test_the_reply_address_is_in_the_prompt_mail(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    prompt = open_prompt(game, seat)
    [message] = [m for m in mails_to(users[seat]) if "your move" in m.subject]
    assert message.reply_to == [reply_address(prompt_id=prompt.pk, user_id=users[seat].pk)]
    assert "1. " in message.body


def test_a_numbered_reply_plays_that_choice_and_confirms(table, django_capture_on_commit_callbacks):
    game, users, seat, prompt = table
    to = reply_address(prompt_id=prompt.pk, user_id=users[seat].pk)
    body = "2\n\nOn Monday the club wrote:\n> 1. something\n> 2. something else\n"
    outcome = deliver_raw(django_capture_on_commit_callbacks, raw_reply(to, body, sender=users[seat].email))
    assert outcome.startswith("played")
    [action] = actions_of(game)
    assert action.seat_index == seat
    assert action.payload == prompt.actions[1]
    assert action.source == Action.Source.EMAIL
    confirmations = [m for m in mails_to(users[seat]) if "played" in m.subject]
    assert len(confirmations) == 1
    # The same message delivered again (an MTA retry) plays nothing and mails nothing more.
    again = deliver_raw(django_capture_on_commit_callbacks, raw_reply(to, body, sender=users[seat].email))
    assert again.startswith("refused")
    assert len(actions_of(game)) == 1
    assert len([m for m in mails_to(users[seat]) if "not played" in m.subject]) == 0


def test_an_upper_cased_reply_address_still_works(table, django_capture_on_commit_callbacks):
    game, users, seat, prompt = table
    to = reply_address(prompt_id=prompt.pk, user_id=users[seat].pk).upper()
    raw = raw_reply(to, "1", sender=users[seat].email)
    assert deliver_raw(django_capture_on_commit_callbacks, raw).startswith("played")
    assert len(actions_of(game)) == 1


@pytest.mark.parametrize("body", ["hello, what are my options?", "", "99", "0"])
def test_a_malformed_reply_changes_nothing_and_explains(table, django_capture_on_commit_callbacks, body):
    game, users, seat, prompt = table
    to = reply_address(prompt_id=prompt.pk, user_id=users[seat].pk)
    version = game.version
    outcome = deliver_raw(django_capture_on_commit_callbacks, raw_reply(to, body, sender=users[seat].email))
    assert outcome.startswith("refused")
    game.refresh_from_db()
    assert game.version == version
    assert actions_of(game) == []
    assert len([m for m in mails_to(users[seat]) if "not played" in m.subject]) == 1
    prompt.refresh_from_db()
    assert prompt.used_at is None


@pytest.mark.parametrize(
    "forge",
    [
        lambda to: to.replace(
            to.split("-")[-1][:4], "ffff" if not to.split("-")[-1].startswith("ffff") else "0000"
        ),
        lambda to: to.replace("+", "+9"),  # another prompt id with this prompt's signature
        lambda to: "play@lifeboat.club",
        lambda to: to.replace("@lifeboat.club", "@evil.example"),
    ],
)
def test_forged_or_unknown_addresses_change_nothing_and_get_no_answer(
    table, django_capture_on_commit_callbacks, forge
):
    game, users, seat, prompt = table
    to = forge(reply_address(prompt_id=prompt.pk, user_id=users[seat].pk))
    outcome = deliver_raw(django_capture_on_commit_callbacks, raw_reply(to, "1", sender=users[seat].email))
    assert outcome.startswith("ignored")
    assert actions_of(game) == []
    assert mail.outbox == []


def test_another_user_cannot_reuse_a_signature(table, django_capture_on_commit_callbacks):
    game, users, seat, prompt = table
    other = users[(seat + 1) % len(users)]
    to = reply_address(prompt_id=prompt.pk, user_id=other.pk)  # signed for the wrong user
    raw = raw_reply(to, "1", sender=other.email)
    assert deliver_raw(django_capture_on_commit_callbacks, raw).startswith("ignored")
    assert actions_of(game) == []


def test_a_stale_reply_is_refused_with_an_error_mail(table, django_capture_on_commit_callbacks):
    game, users, seat, prompt = table
    game = play(django_capture_on_commit_callbacks, game, seat=seat)  # decided on the site first
    mail.outbox.clear()
    to = reply_address(prompt_id=prompt.pk, user_id=users[seat].pk)
    outcome = deliver_raw(django_capture_on_commit_callbacks, raw_reply(to, "1", sender=users[seat].email))
    assert outcome.startswith("refused")
    assert len(actions_of(game)) == 1
    assert len([m for m in mails_to(users[seat]) if "not played" in m.subject]) == 1


def test_auto_replies_are_ignored(table, django_capture_on_commit_callbacks):
    game, users, seat, prompt = table
    to = reply_address(prompt_id=prompt.pk, user_id=users[seat].pk)
    raw = raw_reply(to, "1 I am out of the office", sender=users[seat].email, Auto_Submitted="auto-replied")
    assert deliver_raw(django_capture_on_commit_callbacks, raw).startswith("ignored")
    assert actions_of(game) == []
    assert mail.outbox == []


def test_the_management_command_reads_a_message_on_stdin(table, django_capture_on_commit_callbacks):
    game, users, seat, prompt = table
    raw = raw_reply(reply_address(prompt_id=prompt.pk, user_id=users[seat].pk), "1", sender=users[seat].email)
    stdin = io.TextIOWrapper(io.BytesIO(raw))
    out = io.StringIO()
    with mock.patch("sys.stdin", stdin), django_capture_on_commit_callbacks(execute=True):
        call_command("inbound_mail", stdout=out)
    assert out.getvalue().startswith("played")
    assert len(actions_of(game)) == 1


def test_the_anymail_inbound_signal_plays(table, django_capture_on_commit_callbacks):
    game, users, seat, prompt = table
    raw = raw_reply(reply_address(prompt_id=prompt.pk, user_id=users[seat].pk), "1", sender=users[seat].email)
    event = AnymailInboundEvent(event_type="inbound", message=AnymailInboundMessage.parse_raw_mime_bytes(raw))
    with django_capture_on_commit_callbacks(execute=True):
        inbound.send(sender=object, event=event, esp_name="test")
    assert len(actions_of(game)) == 1


def test_the_anymail_inbound_url_is_wired(table, django_capture_on_commit_callbacks, client, settings):
    """Postmark's inbound webhook (its JSON with the raw message, as with "include raw email")."""
    game, users, seat, prompt = table
    settings.ANYMAIL = {"WEBHOOK_SECRET": "hook:secret"}
    raw = raw_reply(reply_address(prompt_id=prompt.pk, user_id=users[seat].pk), "1", sender=users[seat].email)
    payload = {
        "RecordType": "Inbound",
        "Headers": [{"Name": "Return-Path", "Value": f"<{users[seat].email}>"}],
        "RawEmail": raw.decode(),
    }
    auth = "Basic " + base64.b64encode(b"hook:secret").decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/anymail/postmark/inbound/", payload, content_type="application/json", HTTP_AUTHORIZATION=auth
        )
    assert response.status_code == 200
    assert len(actions_of(game)) == 1
    assert Notification.objects.filter(kind=Kind.REPLY_OK).count() == 1
