import random

import pytest
from django.db import IntegrityError

import engine
from games import services
from games.errors import GameNotFound, IllegalMove, InvalidRequest, NotAllowed, StaleVersion, WrongStatus
from games.models import Action, Game, Seat, SecretAssignment
from games.signals import game_changed
from tests.factories import GameFactory, UserFactory

from .helpers import assert_unchanged, play_moves, start_game, state_of, waiting_seat_and_action

pytestmark = pytest.mark.django_db


# -- create, join, leave, abandon --------------------------------------------------------------
def test_create_seats_the_creator_and_fills_option_defaults():
    user = UserFactory()
    game = services.game_create(user=user, slug="lifeboats", num_players=4, pace="12h")
    assert game.status == Game.Status.OPEN
    assert list(game.seats.values_list("user", flat=True)) == [user.pk]
    assert game.options == engine.get_game("lifeboats").options
    assert game.pace_delta.total_seconds() == 12 * 3600
    assert game.rated
    assert game.invite_token


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"slug": "chess"}, "There is no game"),
        ({"num_players": 99}, "players"),
        ({"options": {"no_such_option": True}}, "no_such_option"),
        ({"pace": "1m"}, "pace"),
        ({"visibility": "club"}, "visibility"),
    ],
)
def test_create_refuses_bad_set_ups(kwargs, message):
    with pytest.raises(InvalidRequest, match=message):
        services.game_create(user=UserFactory(), **{"slug": "lifeboats", "num_players": 3, **kwargs})
    assert not Game.objects.exists()


def test_join_takes_a_seat_and_bumps_the_version():
    game = GameFactory()
    user = UserFactory()
    joined = services.game_join(game_id=game.pk, user=user, expected_version=game.version)
    assert joined.version == game.version + 1
    assert game.seats.filter(user=user).exists()


def test_join_refuses_twice_full_and_stale():
    game = GameFactory(num_players=3, players=[UserFactory()])
    with pytest.raises(WrongStatus, match="already have a seat"):
        services.game_join(game_id=game.pk, user=game.created_by)
    with pytest.raises(StaleVersion, match="moved on"):
        services.game_join(game_id=game.pk, user=UserFactory(), expected_version=game.version - 1)
    services.game_join(game_id=game.pk, user=UserFactory())
    with pytest.raises(WrongStatus, match="full"):
        services.game_join(game_id=game.pk, user=UserFactory())


def test_private_games_need_the_invite_token():
    game = GameFactory(visibility=Game.Visibility.PRIVATE)
    with pytest.raises(GameNotFound):
        services.game_join(game_id=game.pk, user=UserFactory(), invite_token="wrong")
    services.game_join(game_id=game.pk, user=UserFactory(), invite_token=game.invite_token)
    assert game.seats.count() == 2


def test_leave_and_abandon():
    other = UserFactory()
    game = GameFactory(players=[other])
    with pytest.raises(NotAllowed, match="abandon"):
        services.game_leave(game_id=game.pk, user=game.created_by)
    services.game_leave(game_id=game.pk, user=other)
    assert not game.seats.filter(user=other).exists()
    with pytest.raises(NotAllowed):
        services.game_abandon(game_id=game.pk, user=UserFactory())
    assert services.game_abandon(game_id=game.pk, user=game.created_by).status == Game.Status.ABANDONED
    with pytest.raises(WrongStatus, match="abandoned"):
        services.game_join(game_id=game.pk, user=UserFactory())


def test_unknown_game_is_not_found():
    with pytest.raises(GameNotFound):
        services.game_join(game_id=999_999, user=UserFactory())


# -- start -------------------------------------------------------------------------------------
def test_only_the_creator_starts_and_only_when_full():
    other = UserFactory()
    game = GameFactory(num_players=3, players=[other])
    with pytest.raises(WrongStatus, match="all 3 seats"):
        services.game_start(game_id=game.pk, user=game.created_by)
    services.game_join(game_id=game.pk, user=UserFactory())
    with pytest.raises(NotAllowed, match="creator"):
        services.game_start(game_id=game.pk, user=other)


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_start_deals_indexes_snapshot_secrets_and_waiting_seats(slug):
    game, _users = start_game(slug)
    rules = game.engine
    state = rules.new_game(game.num_players, game.seed, game.options)
    assert game.status == Game.Status.RUNNING
    assert game.started_at
    assert game.snapshot == rules.to_json(state)
    assert sorted(game.seats.values_list("index", flat=True)) == list(range(game.num_players))
    zones = rules.zones(state)
    for seat in game.seats.all():
        expected = {(k, c) for k in ("love", "hate") for c in zones.get(f"{k}:{seat.index}", [])}
        assert set(SecretAssignment.objects.filter(seat=seat).values_list("kind", "card")) == expected
    waiting = set(game.seats.filter(waiting=True).values_list("index", flat=True))
    assert waiting == set(rules.to_act(state))
    assert all(s.due_at for s in game.seats.filter(waiting=True))


# -- actions -----------------------------------------------------------------------------------
def test_submit_plays_logs_and_moves_the_waiting_flags():
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    after = services.action_submit(
        game_id=game.pk, user=users[seat], action=action, expected_version=game.version
    )
    assert after.version == game.version + 1
    logged = Action.objects.get(game=game)
    assert (logged.seq, logged.seat_index, logged.payload, logged.source) == (1, seat, action, "web")
    state = state_of(after)
    waiting = set(Seat.objects.filter(game=game, waiting=True).values_list("index", flat=True))
    assert waiting == set(after.engine.to_act(state))


def test_submit_refusals_change_nothing():
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    idle = next(i for i in range(game.num_players) if i not in game.engine.to_act(state_of(game)))
    cases = [
        (users[seat], action, game.version - 1, StaleVersion, "moved on"),
        (users[seat], {"type": "no_such_move"}, game.version, IllegalMove, None),
        (users[idle], action, game.version, IllegalMove, None),
        (UserFactory(), action, game.version, NotAllowed, "no seat"),
    ]
    for user, act, version, error, message in cases:
        with pytest.raises(error, match=message):
            services.action_submit(game_id=game.pk, user=user, action=act, expected_version=version)
        assert_unchanged(game)


def test_the_same_move_twice_applies_once():
    game, users = start_game()
    seat, action = waiting_seat_and_action(game)
    services.action_submit(game_id=game.pk, user=users[seat], action=action, expected_version=game.version)
    with pytest.raises(StaleVersion, match="moved on"):
        services.action_submit(
            game_id=game.pk, user=users[seat], action=action, expected_version=game.version
        )
    assert Action.objects.filter(game=game).count() == 1


def test_seq_is_unique_per_game():
    game, users = start_game()
    play_moves(game, users, 1)
    with pytest.raises(IntegrityError):
        Action.objects.create(game=game, seq=1, seat_index=0, payload={"type": "x"})


def test_a_whole_game_finishes_with_scores_and_places():
    game, users = start_game()
    game = play_moves(game, users, 5000, rng=random.Random(3))
    assert game.status == Game.Status.FINISHED
    assert game.finished_at
    state = state_of(game)
    seats = {s.index: s for s in game.seats.all()}
    assert [seats[i].score for i in range(game.num_players)] == game.engine.scores(state)
    assert [seats[i].place for i in range(game.num_players)] == game.engine.ranking(state)
    assert not any(s.waiting for s in seats.values())
    with pytest.raises(WrongStatus, match="over"):
        services.action_submit(
            game_id=game.pk, user=users[0], action={"type": "pass"}, expected_version=game.version
        )


# -- resign and deadlines ----------------------------------------------------------------------
def test_resigned_seats_are_auto_played_whenever_waited_for():
    game, users = start_game()
    seat, _action = waiting_seat_and_action(game)
    services.game_resign(game_id=game.pk, user=users[seat], expected_version=game.version)
    game.refresh_from_db()
    assert seat not in game.engine.to_act(state_of(game)) or game.status == Game.Status.FINISHED
    assert Action.objects.filter(game=game, seat_index=seat, source="resigned").exists()
    with pytest.raises(NotAllowed, match="resigned"):
        services.action_submit(
            game_id=game.pk, user=users[seat], action={"type": "pass"}, expected_version=game.version
        )
    # Everyone resigning abandons the game (issue 18): it is not auto-played to a rated end.
    for user in users:
        if user != users[seat]:
            game.refresh_from_db()
            services.game_resign(game_id=game.pk, user=user, expected_version=game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED


def test_apply_default_action_plays_for_a_waited_seat_only():
    game, _users = start_game()
    state = state_of(game)
    seat = game.engine.to_act(state)[0]
    default = game.engine.default_action(state, seat)
    after = services.apply_default_action(game_id=game.pk, seat_index=seat, expected_version=game.version)
    logged = Action.objects.get(game=game)
    assert (logged.seat_index, logged.payload, logged.source) == (seat, default, "timeout")
    idle = next(i for i in range(game.num_players) if i not in game.engine.to_act(state_of(after)))
    with pytest.raises(WrongStatus, match="not waited for"):
        services.apply_default_action(game_id=game.pk, seat_index=idle, expected_version=after.version)
    with pytest.raises(StaleVersion):
        services.apply_default_action(game_id=game.pk, seat_index=seat, expected_version=game.version)


def test_game_changed_is_sent_only_on_commit(django_capture_on_commit_callbacks):
    received = []

    def receiver(sender, **kwargs):
        received.append(kwargs)

    game_changed.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            game = services.game_create(user=UserFactory(), slug="lifeboats", num_players=3)
        assert received == []
        assert len(callbacks) == 2  # game_changed and the game's entry in the shared cache (live)
        with django_capture_on_commit_callbacks(execute=True):
            services.game_join(game_id=game.pk, user=UserFactory())
        assert [(r["game_id"], r["kind"], r["version"]) for r in received] == [(game.pk, "joined", 2)]
    finally:
        game_changed.disconnect(receiver)
