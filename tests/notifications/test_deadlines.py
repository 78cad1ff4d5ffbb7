"""Deadlines: the sweep plays overdue seats once; reminders once each; idle ladder; vacation."""

import datetime as dt
from unittest import mock

import pytest
from django.core import mail
from django.utils import timezone

from games import tasks
from games.models import Action, Seat
from games.services import deadlines
from notifications import errors, outbox, preferences, selectors
from notifications.models import Kind, Notification, Prompt, Status

from .helpers import actions_of, mails_to, open_prompt, overdue, play, start_game, waiting

pytestmark = pytest.mark.django_db


def timeouts(game) -> list[Action]:
    return [a for a in actions_of(game) if a.source == Action.Source.TIMEOUT]


def test_the_sweep_plays_the_default_action_of_an_overdue_seat_once(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    overdue(game, seat)
    with django_capture_on_commit_callbacks(execute=True):
        first = deadlines.sweep_deadlines()
        second = deadlines.sweep_deadlines()
    assert first["played"] == 1
    assert second["played"] == 0
    [action] = timeouts(game)
    assert action.seat_index == seat


def test_two_sweeps_with_the_same_reading_apply_one_action(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    overdue(game, seat)
    reading = deadlines.overdue_seats(now=timezone.now(), limit=100)
    with mock.patch.object(deadlines, "overdue_seats", return_value=reading):
        a = deadlines.sweep_deadlines()
        b = deadlines.sweep_deadlines()
    assert a["played"] + b["played"] == 1
    assert b["refused"] == 1
    assert len(timeouts(game)) == 1


def test_a_late_human_move_wins_over_a_stale_sweep(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    overdue(game, seat)
    reading = deadlines.overdue_seats(now=timezone.now(), limit=100)
    game = play(django_capture_on_commit_callbacks, game, seat=seat)  # the player acts just in time
    with mock.patch.object(deadlines, "overdue_seats", return_value=reading):
        result = deadlines.sweep_deadlines()
    assert result == {"played": 0, "refused": 1}
    assert [a.source for a in actions_of(game)] == [Action.Source.WEB]


def test_reminders_are_scheduled_at_75_percent_and_one_hour_left(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    prompt = open_prompt(game, seat)
    reminders = {
        r.dedupe_key.split(":")[1]: r for r in Notification.objects.filter(prompt=prompt, kind=Kind.REMINDER)
    }
    assert set(reminders) == {"75", "1h"}
    length = prompt.due_at - prompt.issued_at
    assert abs(reminders["75"].send_after - (prompt.issued_at + length * 0.75)) < dt.timedelta(seconds=1)
    assert reminders["1h"].send_after == prompt.due_at - dt.timedelta(hours=1)
    assert all(r.status == Status.PENDING for r in reminders.values())


def test_each_reminder_is_sent_once_when_due(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    prompt = open_prompt(game, seat)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        outbox.sweep_outbox()
    assert mail.outbox == []  # not due yet
    Notification.objects.filter(prompt=prompt, kind=Kind.REMINDER).update(
        send_after=timezone.now() - dt.timedelta(seconds=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        outbox.sweep_outbox()
        outbox.sweep_outbox()
    reminder_mails = [m for m in mails_to(users[seat]) if "reminder:" in m.subject]
    assert len(reminder_mails) == 2
    assert "within the hour" in " ".join(m.subject for m in reminder_mails)


def test_a_reminder_for_a_decision_taken_is_not_sent(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    prompt = open_prompt(game, seat)
    game = play(django_capture_on_commit_callbacks, game, seat=seat)
    Notification.objects.filter(prompt=prompt, kind=Kind.REMINDER).update(
        send_after=timezone.now() - dt.timedelta(seconds=1)
    )
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        outbox.sweep_outbox()
    assert not [m for m in mails_to(users[seat]) if "reminder:" in m.subject]
    statuses = set(
        Notification.objects.filter(prompt=prompt, kind=Kind.REMINDER).values_list("status", flat=True)
    )
    assert statuses == {Status.CANCELLED}


def test_reminders_follow_a_moved_deadline(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    prompt = open_prompt(game, seat)
    before = {r.pk: r.send_after for r in Notification.objects.filter(prompt=prompt, kind=Kind.REMINDER)}
    preferences.start_vacation(user=users[seat], days=2)
    prompt.refresh_from_db()
    seat_row = Seat.objects.get(game=game, index=seat)
    assert prompt.due_at == seat_row.due_at
    for row in Notification.objects.filter(prompt=prompt, kind=Kind.REMINDER):
        assert row.send_after > before[row.pk] + dt.timedelta(days=1)
    assert row.send_after <= seat_row.due_at


def test_idle_ladder_marks_a_seat_absent_after_three_timeouts(django_capture_on_commit_callbacks):
    """At a table without assistants an absent seat gets the mildest default at once (where
    assistants are allowed its assistant decides: test_an_absent_seat_gets_its_assistant)."""
    game, users = start_game(
        django_capture_on_commit_callbacks, slug="lifeboats", num_players=3, assistants=False
    )
    idle = waiting(game)[0]
    sweeps = 0
    for _ in range(200):
        game.refresh_from_db()
        to_act = waiting(game)
        if not to_act or Seat.objects.filter(game=game, index=idle, absent=True).exists():
            break
        if idle in to_act:
            overdue(game, idle)
            with django_capture_on_commit_callbacks(execute=True):
                deadlines.sweep_deadlines()
            sweeps += 1
        else:
            game = play(django_capture_on_commit_callbacks, game, seat=to_act[0])
    status = Seat.objects.get(game=game, index=idle)
    assert status.absent
    assert sweeps == 3
    assert [m for m in mails_to(users[idle]) if "played for you" in m.subject]
    # From now on the seat is played at once whenever waited for, without waiting for a sweep.
    for _ in range(200):
        game.refresh_from_db()
        to_act = waiting(game)
        if not to_act:
            break
        assert idle not in to_act
        before = len(timeouts(game))
        game = play(django_capture_on_commit_callbacks, game, seat=to_act[0])
        if len(timeouts(game)) > before:
            break
    assert len(timeouts(game)) > 3
    # Coming back stops it.
    assert preferences.mark_present(user=users[idle], game_id=game.pk)
    assert not Seat.objects.get(game=game, index=idle).absent


def test_a_human_move_resets_the_timeout_count(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    seat = waiting(game)[0]
    overdue(game, seat)
    with django_capture_on_commit_callbacks(execute=True):
        deadlines.sweep_deadlines()
    assert Seat.objects.get(game=game, index=seat).timeouts == 1
    for _ in range(100):
        to_act = waiting(game)
        if seat in to_act:
            break
        game = play(django_capture_on_commit_callbacks, game, seat=to_act[0])
    game = play(django_capture_on_commit_callbacks, game, seat=seat)
    assert Seat.objects.get(game=game, index=seat).timeouts == 0


def test_vacation_extends_deadlines_within_a_yearly_budget(django_capture_on_commit_callbacks, settings):
    settings.NOTIFICATIONS_VACATION_DAYS_PER_YEAR = 10
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    user = users[seat]
    due = Seat.objects.get(game=game, index=seat).due_at
    preferences.start_vacation(user=user, days=7)
    assert Seat.objects.get(game=game, index=seat).due_at == due + dt.timedelta(days=7)
    with pytest.raises(errors.VacationError):
        preferences.start_vacation(user=user, days=1)  # already away
    # Back at once: a day begun is charged, the six others return to the budget and the deadline.
    assert preferences.end_vacation(user=user) == 1
    assert preferences.vacation_days_used(user=user, year=timezone.now().year) == 1
    assert Seat.objects.get(game=game, index=seat).due_at == due + dt.timedelta(days=1)
    with pytest.raises(errors.VacationError):
        preferences.start_vacation(user=user, days=10)  # over the yearly budget
    preferences.start_vacation(user=user, days=9)
    assert Seat.objects.get(game=game, index=seat).due_at == due + dt.timedelta(days=10)


def test_other_players_see_who_is_on_vacation(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    away = 0
    preferences.start_vacation(user=users[away], days=3)
    assert selectors.seat_badges(game_id=game.pk)[away]["vacation_until"] is not None
    mail.outbox.clear()
    prompted = []
    for _ in range(30):
        prompted = [
            m for i, u in enumerate(users) if i != away for m in mails_to(u) if "your move" in m.subject
        ]
        if prompted:
            break
        game = play(django_capture_on_commit_callbacks, game)
    assert prompted
    assert all("on vacation until" in m.body for m in prompted)


def test_a_new_deadline_during_vacation_starts_after_it(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    seat = waiting(game)[0]
    for index, user in enumerate(users):
        if index != seat:
            preferences.start_vacation(user=user, days=2)
    game = play(django_capture_on_commit_callbacks, game, seat=seat)
    for index in waiting(game):
        if index != seat:
            due = Seat.objects.get(game=game, index=index).due_at
            assert due > timezone.now() + dt.timedelta(days=2)
            assert Prompt.objects.get(game=game, seat_index=index, closed_at__isnull=True).due_at == due


def test_the_beat_task_fans_out_per_game_and_plays_once(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    overdue(game, seat)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.sweep_deadlines.delay().get() == {"dispatched": 1, "inline": 0}
        assert tasks.sweep_deadlines.delay().get() == {"dispatched": 0, "inline": 0}
    assert len(timeouts(game)) == 1


def test_the_beat_task_plays_inline_when_it_cannot_publish(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks)
    overdue(game, waiting(game)[0])
    with (
        mock.patch.object(tasks.play_overdue_seats, "delay", side_effect=OSError("broker gone")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert tasks.dispatch_overdue() == {"dispatched": 0, "inline": 1}
    assert len(timeouts(game)) == 1
