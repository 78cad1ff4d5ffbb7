"""Bots at the site's tables (issue 19): filling seats, moving through the same services as people,
never by a deadline, never mailed; and what ratings make of a game with bots."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from bots import services as bot_services
from bots import tasks as bot_tasks
from games import services
from games.errors import NotAllowed, StaleVersion, WrongStatus
from games.models import Action, Game, Seat
from games.services.deadlines import overdue_seats, sweep_deadlines
from notifications.models import Notification
from ratings.models import Rating, Result
from tests.factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db


def fill(capture, *, slug: str = "lifeboat", num_players: int = 4, humans: int = 1, **kwargs):
    """A game of `humans` people whose creator fills the rest with bots (on-commit work run)."""
    users = [UserFactory() for _ in range(humans - 1)]
    game = GameFactory(slug=slug, num_players=num_players, players=users, **kwargs)
    with capture(execute=True):
        game = services.game_fill_with_bots(game_id=game.pk, user=game.created_by)
    game.refresh_from_db()
    return game, [game.created_by, *users]


def state_of(game: Game):
    game.refresh_from_db()
    return game.engine.from_json(game.snapshot)


def test_the_creator_fills_the_free_seats_with_bots_and_the_game_starts(django_capture_on_commit_callbacks):
    game, (human,) = fill(django_capture_on_commit_callbacks)
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    assert game.status == Game.Status.RUNNING
    assert sorted(s.bot for s in seats if s.bot) == ["Ada", "Brunel", "Curie"]
    assert [s.user_id for s in seats if not s.bot] == [human.pk]


def test_bots_played_until_the_human_is_asked(django_capture_on_commit_callbacks):
    """Bots move from their task after the write that asks them (delay 0 in tests) until the game
    waits for the human alone."""
    game, (human,) = fill(django_capture_on_commit_callbacks)
    rules = game.engine
    mine = Seat.objects.get(game=game, user=human).index
    assert rules.to_act(state_of(game)) == [mine] or mine in rules.to_act(state_of(game))
    bot_moves = Action.objects.filter(game=game, source=Action.Source.BOT)
    assert all(a.seat_index != mine for a in bot_moves)


def test_only_the_creator_fills_seats_and_only_free_ones(django_capture_on_commit_callbacks):
    other = UserFactory()
    game = GameFactory(slug="lifeboats", num_players=3, players=[other])
    with pytest.raises(NotAllowed):
        services.game_fill_with_bots(game_id=game.pk, user=other)
    full = GameFactory(slug="lifeboats", num_players=2, players=[UserFactory()])
    with pytest.raises(WrongStatus):
        services.game_fill_with_bots(game_id=full.pk, user=full.created_by)
    assert not Seat.objects.filter(game__in=[game, full]).exclude(bot="").exists()


def test_the_table_names_bots_as_bots_in_every_language(django_capture_on_commit_callbacks):
    game, (human,) = fill(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    client = Client()
    client.force_login(human)
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "Bot Ada (bot)" in page
    assert "Bot Brunel (bot)" in page
    human.profile.language = "hu"
    human.profile.save()
    page = client.get(reverse("games:table", args=[game.pk])).content.decode()
    assert "Robot Ada (gépi játékos)" in page
    assert "Bot Ada (bot)" not in page


def test_a_retried_bot_task_plays_once(django_capture_on_commit_callbacks):
    """The task carries the version the bot was prompted at: once it played, that version is gone."""
    users = [UserFactory(), UserFactory()]
    game = GameFactory(slug="lifeboats", num_players=3, players=users)
    game = services.game_start(game_id=game.pk, user=game.created_by)  # no on-commit work: no bot yet
    # hand a seat the game waits for to a bot, without running its task
    rules = game.engine
    seat_index = rules.to_act(state_of(game))[0]
    seat = Seat.objects.get(game=game, index=seat_index)
    Seat.objects.filter(pk=seat.pk).update(user=None, bot="Ada")
    game.refresh_from_db()
    version, moves = game.version, game.move_count
    assert bot_services.play(game_id=game.pk, seat_index=seat_index, version=version) is True
    game.refresh_from_db()
    assert game.move_count > moves
    after = game.move_count
    assert bot_services.play(game_id=game.pk, seat_index=seat_index, version=version) is False
    game.refresh_from_db()
    assert game.move_count == after
    with pytest.raises(StaleVersion):
        services.bot_play(game_id=game.pk, seat_index=seat_index, expected_version=version)


def test_a_bot_plays_only_a_bots_seat():
    users = [UserFactory(), UserFactory()]
    game = GameFactory(slug="lifeboats", num_players=3, players=users)
    game = services.game_start(game_id=game.pk, user=game.created_by)
    seat_index = game.engine.to_act(state_of(game))[0]
    with pytest.raises(NotAllowed):
        services.bot_play(game_id=game.pk, seat_index=seat_index, expected_version=game.version)


def test_no_deadline_and_no_sweep_plays_a_bots_seat(django_capture_on_commit_callbacks):
    """Bots have no quiet hours and no deadlines: the sweeper never plays them as idle."""
    users = [UserFactory(), UserFactory()]
    game = GameFactory(slug="lifeboats", num_players=3, players=users)
    game = services.game_start(game_id=game.pk, user=game.created_by)
    seat_index = game.engine.to_act(state_of(game))[0]
    Seat.objects.filter(game=game, index=seat_index).update(user=None, bot="Ada", due_at=None)
    game.refresh_from_db()
    with pytest.raises(WrongStatus):
        services.apply_default_action(game_id=game.pk, seat_index=seat_index, expected_version=game.version)
    import datetime as dt

    from django.utils import timezone

    later = timezone.now() + dt.timedelta(days=30)
    assert all(s != seat_index for _g, s, _v in overdue_seats(now=later, limit=100) if _g == game.pk)
    sweep_deadlines(now=later)
    assert not Action.objects.filter(game=game, seat_index=seat_index, source=Action.Source.TIMEOUT).exists()


def test_bots_get_no_mail(django_capture_on_commit_callbacks):
    game, (human,) = fill(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    rows = Notification.objects.filter(game=game)
    assert rows.exists()
    assert set(rows.values_list("user_id", flat=True)) == {human.pk}
    assert all(m.to == [human.email] for m in mail.outbox)
    start = [m for m in mail.outbox if "Bot Ada (bot)" in m.body]
    assert start, "the start mail names the bots as bots"


def test_a_lost_bot_task_is_prompted_again_by_the_sweep(django_capture_on_commit_callbacks):
    import datetime as dt

    from django.utils import timezone

    users = [UserFactory(), UserFactory()]
    game = GameFactory(slug="lifeboats", num_players=3, players=users)
    game = services.game_start(game_id=game.pk, user=game.created_by)  # its on-commit work is lost
    seat_index = game.engine.to_act(state_of(game))[0]
    Seat.objects.filter(game=game, index=seat_index).update(user=None, bot="Ada", due_at=None)
    moves = Game.objects.get(pk=game.pk).move_count
    assert bot_tasks.sweep(now=timezone.now()) == 0  # not late yet
    with django_capture_on_commit_callbacks(execute=True):
        assert bot_tasks.sweep(now=timezone.now() + dt.timedelta(minutes=5)) >= 1
    assert Game.objects.get(pk=game.pk).move_count > moves


# -- ratings -------------------------------------------------------------------------------------
def finish(capture, game: Game, humans: list) -> Game:
    """Play the humans' seats with their first legal action until the end; bots play their own."""
    rules = game.engine
    for _ in range(5000):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        state = rules.from_json(game.snapshot)
        seats = {s.index: s for s in Seat.objects.filter(game=game)}
        waiting = [i for i in rules.to_act(state) if not seats[i].bot]
        assert waiting, "the bots' tasks left the game waiting for a bot"
        i = waiting[0]
        with capture(execute=True):
            services.action_submit(
                game_id=game.pk,
                user=seats[i].user,
                action=rules.legal_actions(state, i)[0],
                expected_version=game.version,
            )
    game.refresh_from_db()
    return game


def test_a_game_with_bots_is_not_rated(django_capture_on_commit_callbacks):
    game, humans = fill(django_capture_on_commit_callbacks, slug="lifeboats", num_players=4, humans=2)
    game = finish(django_capture_on_commit_callbacks, game, humans)
    assert game.status == Game.Status.FINISHED
    results = Result.objects.filter(game=game)
    assert {r.user_id for r in results} == {u.pk for u in humans}  # bots have no result
    assert not any(r.rated for r in results)
    assert not Rating.objects.filter(games__gt=0).exists()


def test_rated_with_bots_when_everyone_agreed_in_advance(django_capture_on_commit_callbacks):
    """Created "rated even if bots fill seats": its people are rated against each other."""
    game, humans = fill(
        django_capture_on_commit_callbacks, slug="lifeboats", num_players=4, humans=2, bots_rated=True
    )
    game = finish(django_capture_on_commit_callbacks, game, humans)
    results = Result.objects.filter(game=game)
    assert len(results) == 2
    assert all(r.rated for r in results)
    assert set(Rating.objects.filter(games=1).values_list("user_id", flat=True)) == {u.pk for u in humans}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])  # deals and seat orders differ: who is asked first
def test_a_write_names_the_bot_seats_it_left_waiting_and_they_are_prompted_without_a_query(
    django_capture_on_commit_callbacks, django_assert_num_queries, monkeypatch, seed
):
    """The bot seats to prompt come with the write's signal (as the write left them), so a move
    at a table without bots costs no query for bots after its commit."""
    from bots import receivers
    from games.signals import game_writes_committed

    sent = []

    def listen(sender, **kwargs):
        sent.append(kwargs)

    game_writes_committed.connect(listen)
    monkeypatch.setattr(bot_tasks.play_bot_seat, "apply_async", lambda args, countdown: None)
    try:  # the bots do not move here: the person plays until a bot's seat is asked
        game = GameFactory(slug="lifeboat", num_players=4, players=[], seed=seed)
        with django_capture_on_commit_callbacks(execute=True):
            services.game_fill_with_bots(game_id=game.pk, user=game.created_by)
        for _ in range(20):
            game.refresh_from_db()
            bots = Seat.objects.filter(game=game, waiting=True).exclude(bot="")
            waiting = sorted((game.pk, s.index, game.version) for s in bots)
            if waiting or game.status != Game.Status.RUNNING:
                break
            state = state_of(game)
            mine = Seat.objects.get(game=game, user=game.created_by).index
            action = game.engine.legal_actions(state, mine)[0]
            with django_capture_on_commit_callbacks(execute=True):
                services.action_submit(
                    game_id=game.pk, user=game.created_by, action=action, expected_version=game.version
                )
    finally:
        game_writes_committed.disconnect(listen)
    assert waiting, "a bot's seat is asked"
    assert sent[-1]["waiting_bots"] == waiting
    assert bot_services.waiting_bots(game_ids=[game.pk]) == waiting  # what the sweep reads agrees
    prompted = []
    monkeypatch.setattr(
        bot_tasks.play_bot_seat, "apply_async", lambda args, countdown: prompted.append(tuple(args))
    )
    with django_assert_num_queries(0):
        receivers.on_writes(sender=None, game_ids=[game.pk], waiting_bots=waiting)
        receivers.on_writes(sender=None, game_ids=[game.pk], waiting_bots=[])  # a table without bots
    assert prompted == waiting
