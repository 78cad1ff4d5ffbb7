"""Faults: the broker is down during a move; a worker dies mid-send; the mail server refuses."""

import datetime as dt
import json
import uuid
from unittest import mock

import pytest
from django.core import mail
from django.core.mail.backends import locmem
from django.test import override_settings
from django.utils import timezone
from kombu.exceptions import OperationalError

from notifications import outbox, rendering, tasks
from notifications.models import Kind, Notification, Status
from notifications.tokens import message_id
from tests.notifications import closing_mail

from .helpers import actions_of, mails_to, play, start_game, state_of, waiting

pytestmark = pytest.mark.django_db


def broker_down():
    return mock.patch.object(
        tasks.send_notification, "delay", side_effect=OperationalError("Error 111 connecting to redis")
    )


def test_a_move_is_saved_when_the_broker_is_down_and_mailed_once_later(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks)
    mail.outbox.clear()
    with broker_down():
        game = play(django_capture_on_commit_callbacks, game)  # must not raise
    assert len(actions_of(game)) == 1
    pending = list(Notification.objects.filter(kind=Kind.PROMPT, status=Status.PENDING))
    assert pending
    assert all(row.enqueued_at is None for row in pending)
    assert mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):
        first = outbox.sweep_outbox()
        second = outbox.sweep_outbox()
    assert first["queued"] >= len(pending)
    assert second["queued"] == 0
    for row in pending:
        row.refresh_from_db()
        assert row.status == Status.SENT
        assert (
            len(
                [
                    m
                    for m in mails_to(row.user)
                    if m.extra_headers["X-Lifeboat-Notification"] == f"prompt:{row.pk}"
                ]
            )
            == 1
        )


def test_the_move_page_answers_normally_when_the_broker_is_down(django_capture_on_commit_callbacks, client):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    action = game.engine.legal_actions(state_of(game), seat)[0]
    client.force_login(users[seat])
    with broker_down(), django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/games/{game.pk}/act/", {"action": json.dumps(action), "expected_version": game.version}
        )
    assert response.status_code in (200, 302)
    assert len(actions_of(game)) == 1


def test_a_row_left_in_flight_by_a_dead_worker_is_requeued_and_sent_once(django_capture_on_commit_callbacks):
    _game, _users = start_game(django_capture_on_commit_callbacks)
    row = Notification.objects.filter(kind=Kind.PROMPT).first()
    # The worker claimed it an hour ago and died before sending (acks_late: the message comes back).
    Notification.objects.filter(pk=row.pk).update(
        status=Status.SENDING, claimed_at=timezone.now() - dt.timedelta(hours=1), sent_at=None
    )
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result = outbox.sweep_outbox()
        outbox.sweep_outbox()
    assert result["stuck"] == 1
    row.refresh_from_db()
    assert row.status == Status.SENT
    assert len(mail.outbox) == 1
    # The redelivered task message arrives too: nothing more is sent.
    assert tasks.send_notification.run(row.pk).startswith("not pending")
    assert len(mail.outbox) == 1


def test_a_redelivered_task_takes_over_a_stale_flight_but_not_a_live_one(django_capture_on_commit_callbacks):
    start_game(django_capture_on_commit_callbacks)
    row = Notification.objects.filter(kind=Kind.PROMPT).first()
    Notification.objects.filter(pk=row.pk).update(status=Status.SENDING, claimed_at=timezone.now())
    mail.outbox.clear()
    assert outbox.deliver(row.pk).startswith("not pending")  # another worker is sending it now
    Notification.objects.filter(pk=row.pk).update(claimed_at=timezone.now() - dt.timedelta(hours=1))
    assert outbox.deliver(row.pk) == "sent"
    assert outbox.deliver(row.pk).startswith("not pending")
    assert len(mail.outbox) == 1


def test_a_refused_send_is_retried_later(django_capture_on_commit_callbacks):
    start_game(django_capture_on_commit_callbacks)
    row = Notification.objects.filter(kind=Kind.PROMPT).first()
    Notification.objects.filter(pk=row.pk).update(status=Status.PENDING)
    mail.outbox.clear()
    refusing = mock.patch.object(locmem.EmailBackend, "send_messages", side_effect=OSError("421 try later"))
    with refusing:
        assert outbox.deliver(row.pk) == "error"
    row.refresh_from_db()
    assert row.status == Status.PENDING
    assert row.send_after > timezone.now()
    assert "421" in row.last_error
    Notification.objects.filter(pk=row.pk).update(send_after=timezone.now() - dt.timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        outbox.sweep_outbox()
    row.refresh_from_db()
    assert row.status == Status.SENT
    assert len(mail.outbox) == 1


@override_settings(NOTIFICATIONS_IDEMPOTENCY_HEADER="idempotencyKey")
def test_a_mail_sent_again_after_a_kill_is_the_same_mail_to_clients_and_provider(
    django_capture_on_commit_callbacks,
):
    """At least once: a worker killed after the server accepted the mail and before the row was
    marked sent leaves it in flight, and the sweeper sends it again, with the Message-ID of the
    first and, where the provider takes one, the same idempotency key."""
    start_game(django_capture_on_commit_callbacks)
    row = Notification.objects.filter(kind=Kind.PROMPT, status=Status.SENT).first()
    [first] = [m for m in mail.outbox if m.extra_headers["X-Lifeboat-Notification"] == f"prompt:{row.pk}"]
    # The kill: the mail went out, the row stayed SENDING.
    Notification.objects.filter(pk=row.pk).update(
        status=Status.SENDING, claimed_at=timezone.now() - dt.timedelta(hours=1), sent_at=None
    )
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        outbox.sweep_outbox()
    [again] = mail.outbox
    assert again.extra_headers["Message-ID"] == first.extra_headers["Message-ID"] == message_id(row.pk)
    key = first.extra_headers["idempotencyKey"]
    assert again.extra_headers["idempotencyKey"] == key == rendering.idempotency_key(row)
    assert str(uuid.UUID(key)) == key  # Brevo takes a UUID only
    other = Notification.objects.filter(kind=Kind.GAME_START).first()
    assert rendering.idempotency_key(other) != key


def test_without_a_provider_that_takes_one_no_idempotency_header_is_sent(django_capture_on_commit_callbacks):
    start_game(django_capture_on_commit_callbacks)
    assert mail.outbox
    assert not any("dempotency" in name for m in mail.outbox for name in m.extra_headers)


@override_settings(MAILERS={"default": {"BACKEND": "tests.notifications.closing_mail.EmailBackend"}})
def test_a_row_is_marked_sent_before_the_mail_connection_closes(django_capture_on_commit_callbacks):
    """The window in which a kill sends a mail twice is only the server's acceptance to the row's
    SENT: the connection's close (SMTP's QUIT round trip) comes after."""
    closing_mail.closed_with.clear()
    start_game(django_capture_on_commit_callbacks)
    assert closing_mail.closed_with
    assert {status for _pk, status in closing_mail.closed_with} == {Status.SENT}
