"""A move writes outbox rows in its transaction; the send task mails them once, from the view."""

import pytest
from django.core import mail
from django.utils import timezone

from accounts.models import Profile
from games.i18n import describe_action
from games.models import GameWrite
from games.services import note_writes
from notifications import outbox, rendering
from notifications.models import Kind, Notification, Prompt, Status

from .helpers import (
    assert_no_secrets,
    mail_text,
    mails_to,
    open_prompt,
    play,
    rows,
    start_game,
    state_of,
    waiting,
)

pytestmark = pytest.mark.django_db


def test_start_mails_every_seat_and_prompts_the_waiting_ones(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    assert len(rows(kind=Kind.GAME_START, status=Status.SENT)) == len(users)
    to_act = waiting(game)
    prompts = rows(kind=Kind.PROMPT, status=Status.SENT)
    assert sorted(r.seat_index for r in prompts) == sorted(to_act)
    seat = to_act[0]
    [prompt_mail] = [m for m in mails_to(users[seat]) if "your move" in m.subject]
    state = state_of(game)
    for action in game.engine.legal_actions(state, seat):
        assert describe_action(game.engine, state, seat, action) in prompt_mail.body
    assert "/mail/act/" in prompt_mail.body
    assert prompt_mail.reply_to
    assert prompt_mail.reply_to[0].startswith("play+")
    assert prompt_mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "/mail/unsubscribe/" in prompt_mail.extra_headers["List-Unsubscribe"]
    assert "Unsubscribe" in prompt_mail.body
    html = prompt_mail.alternatives[0][0]
    assert "/mail/act/" in html
    assert "Unsubscribe" in html
    assert "\n" not in prompt_mail.subject


def test_a_move_prompts_the_next_seat_and_closes_the_mover_prompt(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    mover = waiting(game)[0]
    first = open_prompt(game, mover)
    mail.outbox.clear()
    game = play(django_capture_on_commit_callbacks, game)
    first.refresh_from_db()
    assert first.closed_at is not None
    for seat in waiting(game):
        prompt = open_prompt(game, seat)
        assert Notification.objects.filter(prompt=prompt, kind=Kind.PROMPT, status=Status.SENT).count() == 1
        assert any("your move" in m.subject for m in mails_to(users[seat]))


@pytest.mark.parametrize(("slug", "players"), [("lifeboat", 4), ("lifeboats", 3), ("lifeboat", 6)])
def test_no_mail_carries_another_seat_secret(django_capture_on_commit_callbacks, slug, players):
    game, users = start_game(django_capture_on_commit_callbacks, slug=slug, num_players=players)
    checked = 0
    for _move in range(25):
        for seat, user in enumerate(users):
            for message in mails_to(user):
                assert_no_secrets(game, seat, message)
                checked += 1
        mail.outbox.clear()
        if not waiting(game):
            break
        game = play(django_capture_on_commit_callbacks, game)
    assert checked >= players


def test_a_prompt_is_recorded_once_per_decision(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks)
    before = Notification.objects.count()
    again = GameWrite(game=game, version=game.version, kind="started", created_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        note_writes([again])  # the same write reported twice
    assert not GameWrite.objects.exists()
    assert Notification.objects.count() == before
    assert Prompt.objects.filter(game=game, closed_at__isnull=True).count() == len(waiting(game))


def test_the_send_task_sends_a_row_once(django_capture_on_commit_callbacks):
    start_game(django_capture_on_commit_callbacks)
    row = rows(kind=Kind.PROMPT)[0]
    Notification.objects.filter(pk=row.pk).update(status=Status.PENDING)
    mail.outbox.clear()
    assert outbox.deliver(row.pk) == "sent"
    assert outbox.deliver(row.pk).startswith("not pending")
    assert len(mail.outbox) == 1
    row.refresh_from_db()
    assert row.status == Status.SENT
    assert row.sent_at is not None


def test_a_finished_game_mails_the_results(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    for _ in range(400):
        if not waiting(game):
            break
        game = play(django_capture_on_commit_callbacks, game)
    assert not waiting(game)
    ends = rows(kind=Kind.GAME_END, status=Status.SENT)
    assert len(ends) == len(users)
    [end_mail] = [m for m in mails_to(users[0]) if "is over" in m.subject]
    assert "points" in end_mail.body
    assert not Prompt.objects.filter(game=game, closed_at__isnull=True).exists()


def test_mail_text_is_in_the_user_time_zone(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    profile = users[seat].profile
    profile.time_zone = "Asia/Tokyo"
    profile.save()
    mail.outbox.clear()
    row = Notification.objects.get(kind=Kind.PROMPT, seat_index=seat, game=game)
    Notification.objects.filter(pk=row.pk).update(status=Status.PENDING)
    outbox.deliver(row.pk)
    [message] = mails_to(users[seat])
    assert "Asia/Tokyo" in mail_text(message)


def test_a_lifeboats_prompt_mail_names_the_players_in_what_happened(django_capture_on_commit_callbacks):
    """The mail's "what happened" words the log as the table does: players by their names."""
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    names = [Profile.objects.get(user=user).display_name for user in users]
    for _ in range(40):
        game = play(django_capture_on_commit_callbacks, game)
        for row in Notification.objects.filter(game=game, kind=Kind.PROMPT).order_by("-pk")[:3]:
            lines = rendering.render_parts(row)[3].get("events", [])
            others = [name for seat, name in enumerate(names) if seat != row.seat_index]
            if any(name in line for line in lines for name in others):
                assert not any("Seat " in line for line in lines)
                return
    raise AssertionError("no prompt mail told of another player's move by name")
