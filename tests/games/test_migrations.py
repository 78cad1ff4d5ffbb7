"""GameWrite moved from notifications to games: the writes still waiting for their follow-up
when the site is upgraded are kept, and recorded afterwards like any other."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games.models import GameWrite

BEFORE = [("notifications", "0003_gamewrite"), ("games", "0003_seat_time_bank")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_pending_writes_survive_the_move_to_games():
    old = _migrate(BEFORE)
    game = old.get_model("games", "Game").objects.create(slug="lifeboat", num_players=4, seed=7)
    old.get_model("notifications", "GameWrite").objects.create(
        game=game, version=3, kind="action", acted_seat=1, actions=[[5, 1, "web"]], created_at=timezone.now()
    )
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    [write] = GameWrite.objects.all()
    assert (write.game_id, write.version, write.kind, write.acted_seat, write.actions) == (
        game.pk,
        3,
        "action",
        1,
        [[5, 1, "web"]],
    )
