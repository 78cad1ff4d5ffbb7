"""Two reports of one message sent at once by the same player make one report; two blocks at once
make one block (the reporter's or blocker's row is locked first)."""

import threading

import pytest
from django.db import connection

from accounts.models import Block
from accounts.services import block_user
from chat import services as chat_services
from clubs import services
from clubs.models import Report
from refusals.errors import Conflict
from tests.clubs.helpers import start_table
from tests.factories import UserFactory

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL row locks and real threads: set DATABASE_URL=postgres://...",
    ),
]


def twice_at_once(work) -> list[object]:
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def run() -> None:
        try:
            barrier.wait()
            work()
            outcomes.append("done")
        except Conflict as exc:
            outcomes.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_the_same_report_twice_at_once_is_made_once():
    troll, victim, other = UserFactory(), UserFactory(), UserFactory()
    game = start_table([troll, victim, other])
    message = chat_services.message_post(game_id=game.pk, user=troll, text="rude")
    outcomes = twice_at_once(
        lambda: services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    )
    assert outcomes.count("done") == 1, outcomes
    assert Report.objects.count() == 1


def test_the_same_block_twice_at_once_is_one_block():
    me, pest = UserFactory(), UserFactory()
    outcomes = twice_at_once(lambda: block_user(user=me, blocked_id=pest.pk))
    assert outcomes == ["done", "done"]
    assert Block.objects.count() == 1
