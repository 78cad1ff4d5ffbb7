"""A game write leaves one GameWrite row; its prompts and mails are written after the commit."""

import datetime as dt
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from games import services as game_services
from games.models import GameWrite, Seat
from notifications import tasks, writes
from notifications.models import Kind, Notification, Prompt
from notifications.tokens import make_act_token
from tests.factories import staff_with_totp

from .helpers import actions_of, open_prompt, play, start_game, state_of, until_several_wait, waiting

pytestmark = pytest.mark.django_db


def submit_uncommitted(game, seat: int) -> None:
    """A move whose on-commit work (the record task) has not run yet."""
    action = game.engine.legal_actions(state_of(game), seat)[0]
    user = Seat.objects.get(game=game, index=seat).user
    game_services.action_submit(game_id=game.pk, user=user, action=action, expected_version=game.version)
    game.refresh_from_db()


def prompts_of(game) -> list[tuple[int, int]]:
    prompts = Prompt.objects.filter(game=game, closed_at__isnull=True)
    return sorted(prompts.values_list("seat_index", "version"))


def test_a_move_is_recorded_once_after_its_commit(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat")
    before = prompts_of(game)
    submit_uncommitted(game, waiting(game)[0])
    [write] = GameWrite.objects.filter(game=game)
    assert (write.version, write.kind) == (game.version, "action")
    assert write.actions == [[1, actions_of(game)[0].seat_index, "web"]]
    assert prompts_of(game) == before  # nothing written for the notifications in the move itself

    assert writes.record_writes(game_ids=[game.pk]) == 1
    assert not GameWrite.objects.exists()
    assert [seat for seat, _version in prompts_of(game)] == sorted(waiting(game))
    assert all(version == game.version for seat, version in prompts_of(game) if seat not in dict(before))
    mails = Notification.objects.filter(kind=Kind.PROMPT).count()
    assert writes.record_writes(game_ids=[game.pk]) == 0  # a retried task
    assert Notification.objects.filter(kind=Kind.PROMPT).count() == mails


def test_a_write_whose_task_was_lost_is_recorded_by_the_sweep(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat")
    lost = OperationalError("Error 111 connecting to redis")
    with mock.patch.object(tasks.record_game_writes, "delay", side_effect=lost):
        game = play(django_capture_on_commit_callbacks, game)  # must not raise
    assert GameWrite.objects.filter(game=game).count() == 1
    assert writes.sweep_writes() == 0  # not late yet: its task may still come
    later = timezone.now() + writes.WRITE_GRACE + dt.timedelta(seconds=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert writes.sweep_writes(now=later) == 1
    assert not GameWrite.objects.exists()
    for seat in waiting(game):
        assert open_prompt(game, seat).version == game.version


def test_a_mail_link_is_good_for_a_prompt_an_unrecorded_write_kept(django_capture_on_commit_callbacks):
    """Another seat's vote keeps my prompt valid; its write not recorded yet must not void my link."""
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    game = until_several_wait(django_capture_on_commit_callbacks, game)
    first, second = waiting(game)[:2]
    prompt = open_prompt(game, second)
    token = make_act_token(
        prompt_id=prompt.pk, user_id=prompt.user_id, game_id=game.pk, version=prompt.version, choice=1
    )
    submit_uncommitted(game, first)
    if second not in waiting(game) or game.engine.legal_actions(state_of(game), second) != prompt.actions:
        pytest.skip("the first vote changed the second seat's choices")
    with django_capture_on_commit_callbacks(execute=True):
        response = Client().post(f"/mail/act/{token}/")
    assert response.status_code == 200
    assert actions_of(game)[-1].seat_index == second


def test_staff_see_the_writes_still_to_record(django_capture_on_commit_callbacks, client):
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat")
    submit_uncommitted(game, waiting(game)[0])
    client.force_login(staff_with_totp())  # the admin needs a second factor
    page = client.get(reverse("admin:games_gamewrite_changelist")).content.decode()
    assert f"game {game.pk} v{game.version}: action" in page
