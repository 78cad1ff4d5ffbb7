"""Replies only their owner can act on, no answers to strangers or programs, a bounded number of
error answers, and an inbound command that never bounces a mail back."""

import io
from email.message import EmailMessage
from unittest import mock

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import OperationalError

from notifications.addresses import mailbox
from notifications.models import Kind, Notification
from notifications.tokens import reply_address

from .helpers import actions_of, mails_to, open_prompt, start_game, waiting
from .test_inbound import deliver_raw

pytestmark = pytest.mark.django_db


@pytest.fixture
def seat_mail(django_capture_on_commit_callbacks):
    """A waiting seat's prompt, its player and the address replies go to."""
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    prompt = open_prompt(game, seat)
    mail.outbox.clear()
    return game, users[seat], reply_address(prompt_id=prompt.pk, user_id=users[seat].pk)


def reply(
    to: str, sender: str, body: str = "1", *, message_id: str = "<r1@mail.example>", **headers
) -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: your move"
    message["Message-ID"] = message_id
    for key, value in headers.items():
        del message[key.replace("_", "-")]
        message[key.replace("_", "-")] = value
    message.set_content(body)
    return message.as_bytes()


def assert_nothing_happened(game, user) -> None:
    assert actions_of(game) == []
    assert mails_to(user) == []
    assert not Notification.objects.filter(kind__in=[Kind.REPLY_OK, Kind.REPLY_ERROR]).exists()


# -- only from the seat's own address ---------------------------------------------------------
@pytest.mark.parametrize(
    "sender",
    [
        "eve@example.com",
        "Ann Anchor <eve@evil.example>",
        "{user}.evil@example.com",
        "{local}@evil.example",  # the same local part at another domain
        "{email}, eve@evil.example",  # two senders
        "",
    ],
)
def test_a_reply_from_another_address_changes_nothing_and_gets_no_answer(
    seat_mail, django_capture_on_commit_callbacks, sender
):
    game, user, to = seat_mail
    local = user.email.partition("@")[0]
    sender = sender.format(user=user.username, local=local, email=user.email)
    outcome = deliver_raw(django_capture_on_commit_callbacks, reply(to, sender))
    assert outcome.startswith("ignored")
    assert_nothing_happened(game, user)


def test_a_forwarded_prompt_answered_by_someone_else_plays_nothing(
    seat_mail, django_capture_on_commit_callbacks
):
    """The reply address is in the forwarded mail; the friend who answers it is not the player."""
    game, user, to = seat_mail
    raw = reply(to, "Friend <friend@example.org>", "2\n\n---------- Forwarded message ---------\n> 1. x\n")
    assert (
        deliver_raw(django_capture_on_commit_callbacks, raw) == "ignored: not sent from the player's address"
    )
    assert_nothing_happened(game, user)


@pytest.mark.parametrize(
    "spell",
    [
        lambda email: email.upper(),
        lambda email: f'"Ann Anchor (home)" <{email}>',
        lambda email: (
            f"=?utf-8?q?Anna_=C3=81rva?= <{email.partition('@')[0]}@{email.partition('@')[2].upper()}>"
        ),
    ],
)
def test_the_players_address_is_recognised_however_the_client_spells_it(
    seat_mail, django_capture_on_commit_callbacks, spell
):
    game, user, to = seat_mail
    outcome = deliver_raw(django_capture_on_commit_callbacks, reply(to, spell(user.email)))
    assert outcome.startswith("played")
    assert len(actions_of(game)) == 1


def test_mailboxes_compare_as_providers_treat_them():
    assert mailbox("Ann <Ann.Anchor@Example.COM>") == "ann.anchor@example.com"
    assert (
        mailbox("ann@bücher.example") == mailbox("ANN@xn--bcher-kva.example") == "ann@xn--bcher-kva.example"
    )
    assert mailbox("A.nn+games@googlemail.com") == mailbox("ann@gmail.com") == "ann@gmail.com"
    assert mailbox("ann+games@example.com") != mailbox("ann@example.com")  # a tag elsewhere is another box
    assert mailbox("not an address") is None
    assert mailbox("<>") is None


@pytest.mark.parametrize(
    "extra",
    [
        {"Sender": "eve@evil.example"},
        {"Return_Path": "<eve@evil.example>"},
        {"Authentication_Results": "mx.lifeboat.club; spf=fail smtp.mailfrom=evil.example; dmarc=fail"},
    ],
)
def test_a_sender_envelope_or_dmarc_verdict_that_names_someone_else_refuses_the_reply(
    seat_mail, django_capture_on_commit_callbacks, extra
):
    game, user, to = seat_mail
    outcome = deliver_raw(django_capture_on_commit_callbacks, reply(to, user.email, **extra))
    assert outcome.startswith("ignored")
    assert_nothing_happened(game, user)


def test_a_matching_sender_envelope_and_dmarc_pass_play(seat_mail, django_capture_on_commit_callbacks):
    _game, user, to = seat_mail
    raw = reply(
        to,
        user.email,
        Sender=user.email.upper(),
        Return_Path=f"<{user.email}>",
        Authentication_Results="mx.lifeboat.club; dkim=pass; spf=pass; dmarc=pass",
    )
    assert deliver_raw(django_capture_on_commit_callbacks, raw).startswith("played")


def test_a_stranger_who_writes_junk_gets_no_error_mail(seat_mail, django_capture_on_commit_callbacks):
    _game, _user, to = seat_mail
    for n in range(3):
        raw = reply(to, "eve@evil.example", "what are my options?", message_id=f"<junk{n}@evil.example>")
        deliver_raw(django_capture_on_commit_callbacks, raw)
    assert mail.outbox == []


# -- programs are never answered (RFC 3834) ---------------------------------------------------
@pytest.mark.parametrize(
    "headers",
    [
        {"Auto_Submitted": "auto-replied"},
        {"Auto_Submitted": "Auto-Generated; owner-email=ann@example.com"},
        {"Precedence": "bulk"},
        {"Precedence": "auto_reply"},
        {"X_Autoreply": "yes"},
        {"X_Autorespond": "Vacation"},
        {"List_Id": "<games.lists.example>"},
        {"Return_Path": "<>"},
        {"Subject": "Automatic reply: your move"},
        {"Subject": "Automatikus válasz: a lépésed"},
        {"Subject": "Automatická odpověď: tvůj tah"},
    ],
)
def test_automatic_mail_is_never_answered_nor_played(seat_mail, django_capture_on_commit_callbacks, headers):
    game, user, to = seat_mail
    raw = reply(to, user.email, "1 I am away until Monday", **headers)
    assert deliver_raw(django_capture_on_commit_callbacks, raw).startswith("ignored: automatic")
    assert_nothing_happened(game, user)


def test_auto_submitted_no_is_a_person(seat_mail, django_capture_on_commit_callbacks):
    _game, user, to = seat_mail
    assert deliver_raw(
        django_capture_on_commit_callbacks, reply(to, user.email, Auto_Submitted="no")
    ).startswith("played")


def test_mail_from_a_mailer_daemon_is_automatic(seat_mail, django_capture_on_commit_callbacks):
    game, _user, to = seat_mail
    raw = reply(to, "MAILER-DAEMON@mx.example.com", "1")
    assert deliver_raw(django_capture_on_commit_callbacks, raw).startswith("ignored")
    assert actions_of(game) == []


def test_a_sender_who_asks_for_no_automatic_answers_gets_none(seat_mail, django_capture_on_commit_callbacks):
    game, user, to = seat_mail
    raw = reply(to, user.email, "1", X_Auto_Response_Suppress="DR, RN, NRN, OOF, AutoReply")
    outcome = deliver_raw(django_capture_on_commit_callbacks, raw)
    assert outcome.startswith("played")
    assert "no answer" in outcome
    assert len(actions_of(game)) == 1
    assert mails_to(user) == []


# -- error answers are bounded ----------------------------------------------------------------
def test_error_answers_are_limited_per_player_and_day(
    seat_mail, django_capture_on_commit_callbacks, settings
):
    _game, user, to = seat_mail
    settings.NOTIFICATIONS_REPLY_ERRORS_PER_DAY = 3
    outcomes = [
        deliver_raw(
            django_capture_on_commit_callbacks,
            reply(to, user.email, f"junk {n}", message_id=f"<junk{n}@mail.example>"),
        )
        for n in range(6)
    ]
    assert all(outcome.startswith("refused") for outcome in outcomes)
    assert [("daily limit" in outcome) for outcome in outcomes] == [False] * 3 + [True] * 3
    assert len([m for m in mails_to(user) if "not played" in m.subject]) == 3
    assert Notification.objects.filter(kind=Kind.REPLY_ERROR).count() == 3
    # The limit is the error answers' alone: a good reply is still confirmed.
    outcome = deliver_raw(
        django_capture_on_commit_callbacks, reply(to, user.email, "1", message_id="<ok@mail.example>")
    )
    assert outcome.startswith("played")
    assert len([m for m in mails_to(user) if "played:" in m.subject]) == 1


# -- the command never bounces ----------------------------------------------------------------
GARBAGE = [
    b"\x00\xff\xfe binary \x89PNG\r\n\x1a\n" * 50,
    b"From: <<<\nTo: ===?utf-8?q?\nMessage-ID: \x01\n\nbody",
    b'To: "unterminated <play+1-0123456789abcdef01234567@lifeboat.club>\nFrom: "x\n\n1',
    b"To: play+1-0123456789abcdef01234567@lifeboat.club\nCc: ,,,@@@,\n"
    b"Delivered-To: =?x?q?\xff?=\nFrom: x@y\n\n1",
    b'Content-Type: multipart/mixed; boundary="x"\nTo: play@lifeboat.club\n\n--x\nContent-Type: text/plain; '
    b"charset=no-such-charset\n\n1\n--x",  # a truncated multipart with an unknown charset
    b"Subject: =?utf-8?b?!!!?=\nFrom: =?utf-8?q?=FF=FE?= <a@b>\nTo: play+9-zz@lifeboat.club\n\n",
    b"Content-Type: multipart/report; report-type=delivery-status; boundary=b\n\n--b\nContent-Type: message/"
    b"delivery-status\n\nFinal-Recipient: rfc822;\nAction: failed\nStatus: 5.1.1\n\n--b\nContent-Type: "
    b"text/rfc822-headers\n\nMessage-ID: <n1.deadbeef0000@lifeboat.club>\n",
]


@pytest.mark.parametrize("raw", GARBAGE, ids=range(len(GARBAGE)))
def test_the_inbound_command_takes_any_input_without_failing(raw):
    stdin = io.TextIOWrapper(io.BytesIO(raw))
    out, err = io.StringIO(), io.StringIO()
    with mock.patch("sys.stdin", stdin):
        call_command("inbound_mail", stdout=out, stderr=err)  # raising would be a non-zero exit
    assert out.getvalue() or err.getvalue()


def test_a_reply_with_a_bad_header_still_plays(seat_mail, django_capture_on_commit_callbacks):
    _game, user, to = seat_mail
    raw = reply(to, user.email).replace(b"Subject:", b"Cc: ,,,@@@, <<<\nSubject:")
    assert deliver_raw(django_capture_on_commit_callbacks, raw).startswith("played")


def test_an_unreachable_database_defers_the_mail_instead_of_dropping_it():
    stdin = io.TextIOWrapper(io.BytesIO(b"From: a@b\n\n1"))
    with (
        mock.patch("sys.stdin", stdin),
        mock.patch(
            "notifications.management.commands.inbound_mail.handle_inbound",
            side_effect=OperationalError("could not connect"),
        ),
        pytest.raises(SystemExit) as exit_,
    ):
        call_command("inbound_mail", stdout=io.StringIO(), stderr=io.StringIO())
    assert exit_.value.code == 75
