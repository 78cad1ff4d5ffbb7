"""Faults: the broker is down during a move; a worker dies mid-send; the mail server refuses."""

import datetime as dt
import json
from unittest import mock

import pytest
from django.core import mail
from django.utils import timezone
from kombu.exceptions import OperationalError

from notifications import outbox, tasks
from notifications.models import Kind, Notification, Status

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
    with mock.patch("django.core.mail.EmailMultiAlternatives.send", side_effect=OSError("421 try later")):
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
