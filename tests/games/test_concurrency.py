"""Two simultaneous submissions of the same move with the same version: exactly one is applied."""

import threading

import pytest
from django.db import connection

from games import services
from games.errors import StaleVersion
from games.models import Action

from .helpers import start_game, until_voters, vote_of, waiting_seat_and_action

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL row locks and real threads: set DATABASE_URL=postgres://...",
    ),
]


def test_same_move_twice_at_once_applies_once():
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    version = game.version
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def submit() -> None:
        try:
            barrier.wait()
            services.action_submit(
                game_id=game.pk, user=users[seat], action=action, expected_version=game.version
            )
            outcomes.append("applied")
        except StaleVersion as exc:
            outcomes.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert outcomes.count("applied") == 1, outcomes
    (error,) = [o for o in outcomes if o != "applied"]
    assert "moved on" in str(error)
    assert list(Action.objects.filter(game=game).values_list("seq", flat=True)) == [1]
    game.refresh_from_db()
    assert (game.version, game.move_count) == (version + 1, 1)


def test_five_voters_at_one_version_are_all_applied_and_a_repeat_is_stale():
    game, users = start_game("lifeboats", 5)
    game, voters = until_voters(game, users, 5)
    shown = game.version
    answers = [(seat, vote_of(game, seat)) for seat in voters]
    answers.append(answers[0])  # voter 0 clicks twice: one of the two is stale
    barrier = threading.Barrier(len(answers))
    outcomes: list[object] = []

    def submit(seat: int, action: dict) -> None:
        try:
            barrier.wait()
            services.action_submit(game_id=game.pk, user=users[seat], action=action, expected_version=shown)
            outcomes.append(seat)
        except StaleVersion as exc:
            outcomes.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=answer) for answer in answers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    applied = sorted(o for o in outcomes if isinstance(o, int))
    assert applied == sorted(voters), outcomes
    assert sum(isinstance(o, StaleVersion) for o in outcomes) == 1, outcomes
    game.refresh_from_db()
    assert game.version == shown + 5
