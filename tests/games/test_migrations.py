"""GameWrite moved from notifications to games: the writes still waiting for their follow-up
when the site is upgraded are kept, and recorded afterwards like any other."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from games.models import Game, GameWrite, Seat

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


@pytest.mark.django_db(transaction=True)
def test_the_idle_ladder_moves_to_the_seats_with_its_counts():
    """The idle ladder became games' own: each seat's timeouts in a row and absence, and a game's
    idle limit, are carried over from notifications' rows."""
    old = _migrate(
        [("notifications", "0006_push_trade_offers_booked_vacations"), ("games", "0013_idle_ladder")]
    )
    game = old.get_model("games", "Game").objects.create(slug="lifeboat", num_players=4, seed=7)
    user_model = old.get_model("auth", "User")
    for index in range(2):
        old.get_model("games", "Seat").objects.create(
            game=game, user=user_model.objects.create(username=f"p{index}"), index=index
        )
    statuses = old.get_model("notifications", "SeatStatus")
    statuses.objects.create(
        game=game, seat_index=0, consecutive_timeouts=4, absent=True, absent_since=timezone.now()
    )
    statuses.objects.create(game=game, seat_index=1, consecutive_timeouts=1)
    old.get_model("notifications", "GameSettings").objects.create(game=game, idle_limit=4)
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    seats = {s.index: s for s in Seat.objects.filter(game_id=game.pk)}
    assert (seats[0].timeouts, seats[0].absent, seats[0].absent_since is not None) == (4, True, True)
    assert (seats[1].timeouts, seats[1].absent) == (1, False)
    assert Game.objects.get(pk=game.pk).idle_limit == 4
