"""When a player quits or vanishes (issue 18): seats offered to substitutes or handed to bots, votes
to abandon, organisers cancelling; what the substitute and the player who left may see."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as django_apps
from django.core import mail
from django.test import Client
from django.urls import reverse

from games import cache_keys, hooks, services
from games.errors import NotAllowed, WrongStatus
from games.models import Action, Game, Seat, SeatChange
from notifications.models import Prompt
from ratings.models import Result
from ratings.selectors import reliability_for
from tests.factories import GameFactory, UserFactory
from tests.games.helpers import assert_no_secrets

pytestmark = pytest.mark.django_db


def started(capture, slug: str = "lifeboats", n: int = 3):
    users = [UserFactory() for _ in range(n - 1)]
    game = GameFactory(slug=slug, num_players=n, players=users)
    with capture(execute=True):
        game = services.game_start(game_id=game.pk, user=game.created_by)
    by_seat = {s.index: s.user for s in Seat.objects.filter(game=game).select_related("user")}
    return game, [by_seat[i] for i in range(n)]


def state_of(game: Game):
    game.refresh_from_db()
    return game.engine.from_json(game.snapshot)


def non_creator_seat(game: Game, users: list) -> int:
    return next(i for i, u in enumerate(users) if u.pk != game.created_by_id)


def page(user, game: Game) -> str:
    client = Client()
    client.force_login(user)
    return client.get(reverse("games:table", args=[game.pk])).content.decode()


def test_a_substitute_takes_over_a_resigned_seat_and_sees_only_that_seat(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = started(capture)
    seat = non_creator_seat(game, users)
    quitter, stranger = users[seat], UserFactory()
    with capture(execute=True):
        services.game_resign(game_id=game.pk, user=quitter)
        services.seat_offer(game_id=game.pk, user=game.created_by, seat_index=seat)
        services.seat_take(game_id=game.pk, user=stranger, seat_index=seat)
    held = Seat.objects.get(game=game, index=seat)
    assert held.user_id == stranger.pk
    assert not held.resigned
    assert not held.offered
    change = SeatChange.objects.get(game=game)
    assert (change.from_user_id, change.to_user_id, change.seat_index) == (quitter.pk, stranger.pk, seat)
    rules, state = game.engine, state_of(game)
    substitute_page = page(stranger, game)
    assert_no_secrets(substitute_page, rules.secrets_from(state, seat), "the substitute's table")
    # the seat's own secrets are the substitute's now, and no longer the quitter's
    own = rules.secrets_from(state, None) - rules.secrets_from(state, seat)
    assert_no_secrets(page(quitter, game), rules.secrets_from(state, None), "the replaced player's table")
    assert own, "the seat holds secrets of its own (its hand)"
    client = Client()
    client.force_login(stranger)
    seats_page = client.get(reverse("games:seats", args=[game.pk])).content.decode()
    assert "took over seat" in seats_page  # the history shows the change


def test_a_replaced_player_gets_no_more_mail_of_the_seat(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = started(capture)
    waiting = game.engine.to_act(state_of(game))
    seat = (
        next(i for i in waiting if users[i].pk != game.created_by_id)
        if any(users[i].pk != game.created_by_id for i in waiting)
        else non_creator_seat(game, users)
    )
    quitter, stranger = users[seat], UserFactory()
    with capture(execute=True):
        services.game_resign(game_id=game.pk, user=quitter)
        services.seat_offer(game_id=game.pk, user=game.created_by, seat_index=seat)
    mail.outbox.clear()
    with capture(execute=True):
        services.seat_take(game_id=game.pk, user=stranger, seat_index=seat)
        for _ in range(6):  # the others play on
            game.refresh_from_db()
            state = state_of(game)
            i = game.engine.to_act(state)[0]
            holder = Seat.objects.get(game=game, index=i).user
            services.action_submit(
                game_id=game.pk,
                user=holder,
                action=game.engine.legal_actions(state, i)[0],
                expected_version=game.version,
            )
    # told once that the seat was handed on (issue 30), and nothing of the seat after
    assert kinds_to(quitter) == ["seat_handed"]


def test_only_organisers_offer_seats_and_only_gone_players_seats(django_capture_on_commit_callbacks):
    game, users = started(django_capture_on_commit_callbacks)
    seat = non_creator_seat(game, users)
    with pytest.raises(WrongStatus):  # the player is still playing
        services.seat_offer(game_id=game.pk, user=game.created_by, seat_index=seat)
    services.game_resign(game_id=game.pk, user=users[seat])
    with pytest.raises(NotAllowed):
        services.seat_offer(game_id=game.pk, user=UserFactory(), seat_index=seat)
    with pytest.raises(NotAllowed):  # not offered yet
        services.seat_take(game_id=game.pk, user=UserFactory(), seat_index=seat)
    assert not Seat.objects.get(game=game, index=seat).offered


def test_an_organiser_named_by_a_hook_may_offer_seats(django_capture_on_commit_callbacks):
    game, users = started(django_capture_on_commit_callbacks)
    seat = non_creator_seat(game, users)
    organiser = UserFactory()
    services.game_resign(game_id=game.pk, user=users[seat])
    hooks.register_organiser_check("test", lambda *, game, user: user.pk == organiser.pk)
    try:
        services.seat_offer(game_id=game.pk, user=organiser, seat_index=seat)
    finally:
        hooks._organiser_checks.pop("test")
    assert Seat.objects.get(game=game, index=seat).offered


def test_an_absent_seat_goes_to_a_bot_by_the_players_vote_and_back_to_a_person(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    game, users = started(capture, n=4)
    seat = non_creator_seat(game, users)
    Seat.objects.filter(game=game, index=seat).update(absent=True)
    voters = [u for i, u in enumerate(users) if i != seat]  # three active seats: two carry it
    _game, carried = services.game_vote(game_id=game.pk, user=voters[0], kind="bot", seat_index=seat)
    assert not carried
    assert not Seat.objects.get(game=game, index=seat).bot
    with capture(execute=True):
        _game, carried = services.game_vote(game_id=game.pk, user=voters[1], kind="bot", seat_index=seat)
    held = Seat.objects.get(game=game, index=seat)
    assert carried
    assert held.bot == "Ada"
    assert held.user_id is None
    assert held.offered
    assert not Seat.objects.get(game=game, index=seat).absent
    substitute = UserFactory()
    with capture(execute=True):
        services.seat_take(game_id=game.pk, user=substitute, seat_index=seat)
    held.refresh_from_db()
    assert held.user_id == substitute.pk
    assert held.bot == ""
    assert SeatChange.objects.filter(game=game).count() == 2


def test_the_players_vote_to_abandon_and_an_abandoned_game_is_not_rated(django_capture_on_commit_callbacks):
    game, users = started(django_capture_on_commit_callbacks)
    _game, carried = services.game_vote(game_id=game.pk, user=users[0], kind="abandon")
    assert not carried
    with pytest.raises(NotAllowed):
        services.game_vote(game_id=game.pk, user=UserFactory(), kind="abandon")
    _game, carried = services.game_vote(game_id=game.pk, user=users[1], kind="abandon")
    game.refresh_from_db()
    assert carried
    assert game.status == Game.Status.ABANDONED
    assert not Seat.objects.filter(game=game, waiting=True).exists()
    assert not Result.objects.filter(game=game).exists()


def test_an_organiser_cancels_a_running_game(django_capture_on_commit_callbacks):
    game, users = started(django_capture_on_commit_callbacks)
    with pytest.raises(NotAllowed):
        services.game_cancel(game_id=game.pk, user=users[non_creator_seat(game, users)])
    services.game_cancel(game_id=game.pk, user=game.created_by)
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED


def test_a_game_every_player_resigned_is_abandoned_not_played_out(django_capture_on_commit_callbacks):
    game, users = started(django_capture_on_commit_callbacks)
    for user in users:
        services.game_resign(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    assert not game.engine.is_over(state_of(game))  # nobody played it out
    assert not Seat.objects.filter(game=game, waiting=True).exists()
    assert not Result.objects.filter(game=game).exists()


def test_seat_buttons_refuse_bad_input_with_a_4xx(django_capture_on_commit_callbacks):
    game, _users = started(django_capture_on_commit_callbacks)
    client = Client()
    client.force_login(game.created_by)
    for url in ("games:seat_offer", "games:seat_take", "games:seat_to_bot", "games:vote_bot"):
        for data in ({}, {"seat": "x"}, {"seat": "99"}, {"seat": "-1"}):
            response = client.post(reverse(url, args=[game.pk]), data)
            assert 400 <= response.status_code < 500, (url, data, response.status_code)
    assert not SeatChange.objects.exists()


def play_to_end(game: Game, limit: int = 20_000, stop_at: int | None = None) -> Game:
    """First legal actions for whoever holds each waited-for seat (no on-commit work: no mail)."""
    rules = game.engine
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING or (stop_at is not None and game.move_count >= stop_at):
            break
        state = rules.from_json(game.snapshot)
        i = rules.to_act(state)[0]
        holder = Seat.objects.get(game=game, index=i).user
        services.action_submit(
            game_id=game.pk,
            user=holder,
            action=rules.legal_actions(state, i)[0],
            expected_version=game.version,
        )
    game.refresh_from_db()
    return game


def first_legal_length(game: Game) -> int:
    """How many actions `play_to_end`'s policy takes to finish the game (the engine alone)."""
    rules = game.engine
    state = rules.new_game(game.num_players, game.seed, game.options)
    count = 0
    while not rules.is_over(state):
        i = rules.to_act(state)[0]
        rules.apply(state, i, rules.legal_actions(state, i)[0])
        count += 1
    return count


def test_a_late_substitute_is_not_rated_and_the_player_who_left_has_no_result():
    """Rule: a substitute is rated only if they took the seat before half the game's actions."""
    users = [UserFactory() for _ in range(3)]
    game = GameFactory(slug="lifeboats", num_players=3, created_by=users[0], players=users[1:])
    game = services.game_start(game_id=game.pk, user=users[0])
    length = first_legal_length(game)
    game = play_to_end(game, stop_at=length * 3 // 4)
    waited = set(game.engine.to_act(state_of(game)))
    # a seat not waited for resigns, so nothing is auto-played for it before the substitute comes
    seat = next(s.index for s in Seat.objects.filter(game=game) if s.index not in waited)
    quitter, substitute = Seat.objects.get(game=game, index=seat).user, UserFactory()
    services.game_resign(game_id=game.pk, user=quitter)
    services.seat_offer(game_id=game.pk, user=users[0], seat_index=seat)
    services.seat_take(game_id=game.pk, user=substitute, seat_index=seat)
    game = play_to_end(game)
    assert game.status == Game.Status.FINISHED
    results = {r.user_id: r for r in Result.objects.filter(game=game)}
    assert quitter.pk not in results
    assert 2 * SeatChange.objects.get(game=game).at_move > game.move_count, "taken over late"
    assert not results[substitute.pk].rated
    assert all(r.rated for u, r in results.items() if u != substitute.pk)


def test_a_seat_that_changed_hands_counts_for_each_holder_only_their_own_turns():
    """Reliability was counted by seat: the substitute inherited the turns (and timeouts) of the
    player they replaced, and that player's record lost them."""
    users = [UserFactory() for _ in range(3)]
    game = GameFactory(slug="lifeboats", num_players=3, created_by=users[0], players=users[1:])
    game = services.game_start(game_id=game.pk, user=users[0])
    game = play_to_end(game, stop_at=first_legal_length(game) // 3)
    creator_seat = game.seats.get(user=users[0]).index
    while not (waited := [i for i in game.engine.to_act(state_of(game)) if i != creator_seat]):
        game = play_to_end(game, stop_at=game.move_count + 1)
    seat = waited[0]
    quitter = game.seats.get(index=seat).user
    services.apply_default_action(game_id=game.pk, seat_index=seat, expected_version=game.version)
    before = Action.objects.filter(game=game, seat_index=seat).count()
    services.game_resign(game_id=game.pk, user=quitter)
    services.seat_offer(game_id=game.pk, user=users[0], seat_index=seat)
    substitute = UserFactory()
    services.seat_take(game_id=game.pk, user=substitute, seat_index=seat)
    game = play_to_end(game)
    assert game.status == Game.Status.FINISHED
    seats_actions = Action.objects.filter(game=game, seat_index=seat)
    after = seats_actions.filter(seq__gt=SeatChange.objects.get(game=game).at_move).count()
    assert after > 0
    rel = reliability_for([quitter.pk, substitute.pk])
    assert (rel[quitter.pk].decisions, rel[quitter.pk].on_time) == (before, before - 1)  # one timeout
    assert (rel[substitute.pk].decisions, rel[substitute.pk].on_time) == (after, after)
    resigned = seats_actions.filter(source=Action.Source.RESIGNED).count()
    assert before + after + resigned == seats_actions.count()


def test_the_substitute_is_prompted_and_the_old_prompt_closed(django_capture_on_commit_callbacks):
    """A waited-for seat changing hands: its open prompt (and its reminders) close, a new prompt
    and its mail go to the substitute."""
    capture = django_capture_on_commit_callbacks
    game, users = started(capture)
    seat = game.engine.to_act(state_of(game))[0]  # the creator's own seat, maybe: they organise
    quitter, substitute = users[seat], UserFactory()
    old = Prompt.objects.get(game=game, seat_index=seat, closed_at__isnull=True)
    assert old.user_id == quitter.pk
    Seat.objects.filter(game=game, index=seat).update(absent=True)  # the idle ladder's mark
    with capture(execute=True):
        services.seat_offer(game_id=game.pk, user=game.created_by, seat_index=seat)
        mail.outbox.clear()
        services.seat_take(game_id=game.pk, user=substitute, seat_index=seat)
    old.refresh_from_db()
    assert old.closed_at is not None
    new = Prompt.objects.get(game=game, seat_index=seat, closed_at__isnull=True)
    assert new.user_id == substitute.pk
    assert [m for m in mail.outbox if substitute.email in m.to]
    assert kinds_to(quitter) == ["seat_handed"]  # told it was handed on, never asked again
    assert not Seat.objects.get(game=game, index=seat).absent


def test_the_seats_page_shows_no_secrets(django_capture_on_commit_callbacks):
    game, users = started(django_capture_on_commit_callbacks)
    seat = non_creator_seat(game, users)
    services.game_resign(game_id=game.pk, user=users[seat])
    rules, state = game.engine, state_of(game)
    for viewer in (users[seat], UserFactory(), game.created_by):
        client = Client()
        client.force_login(viewer)
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(reverse("games:seats", args=[game.pk]), **htmx)
            assert response.status_code == 200
            mine = Seat.objects.filter(game=game, user=viewer).values_list("index", flat=True).first()
            assert_no_secrets(response.content.decode(), rules.secrets_from(state, mine), "the seats page")


def test_a_seat_that_changes_hands_leaves_its_old_players_waiting_list(django_capture_on_commit_callbacks):
    """The navigation's "waiting for you" (games.waiting, cached per player) drops a game whose seat
    went to a bot or a substitute, for the player who held it, at once."""
    from django.core.cache import cache

    from games import waiting

    capture = django_capture_on_commit_callbacks
    game, users = started(capture, n=4)
    seat = Seat.objects.filter(game=game, waiting=True).values_list("index", flat=True).first()
    absent = users[seat]
    assert [w.game_id for w in waiting.waiting_for(absent.pk)] == [game.pk]  # cached now
    Seat.objects.filter(game=game, index=seat).update(absent=True)
    voters = [u for i, u in enumerate(users) if i != seat]
    with capture(execute=True):
        services.game_vote(game_id=game.pk, user=voters[0], kind="bot", seat_index=seat)
    assert [w.game_id for w in waiting.waiting_for(absent.pk)] == [game.pk]  # read again, cached
    with capture(execute=True):
        _game, carried = services.game_vote(game_id=game.pk, user=voters[1], kind="bot", seat_index=seat)
    assert carried
    assert waiting.waiting_for(absent.pk) == []
    cache.delete(cache_keys.waiting_key(absent.pk))
    assert waiting.waiting_for(absent.pk) == []  # what the database says too


def test_staff_read_seat_changes_and_votes_in_the_admin(django_capture_on_commit_callbacks, client):
    from tests.factories import staff_with_totp

    capture = django_capture_on_commit_callbacks
    game, users = started(capture, n=4)
    seat = non_creator_seat(game, users)
    Seat.objects.filter(game=game, index=seat).update(absent=True)
    voters = [u for i, u in enumerate(users) if i != seat]
    services.game_vote(game_id=game.pk, user=voters[0], kind="abandon")
    with capture(execute=True):
        services.game_vote(game_id=game.pk, user=voters[0], kind="bot", seat_index=seat)
        services.game_vote(game_id=game.pk, user=voters[1], kind="bot", seat_index=seat)
    client.force_login(staff_with_totp())
    changes = client.get(reverse("admin:games_seatchange_changelist")).content.decode()
    assert "Ada" in changes  # the bot that took the seat
    votes = client.get(reverse("admin:games_gamevote_changelist")).content.decode()
    assert "abandon" in votes.lower()
    assert client.get(reverse("admin:games_seatchange_add")).status_code == 403
    change = SeatChange.objects.get(game=game)
    deleted = client.post(reverse("admin:games_seatchange_delete", args=[change.pk]), {"post": "yes"})
    assert deleted.status_code == 403
    assert SeatChange.objects.filter(pk=change.pk).exists()


def test_the_migration_gives_the_actions_before_a_change_of_hands_to_the_player_who_held_the_seat():
    """`games.0011_action_user` fills `Action.user` for the games played before it, from each
    seat's SeatChanges."""
    holders = importlib.import_module("games.migrations.0011_action_user").holders
    users = [UserFactory() for _ in range(3)]
    game = GameFactory(slug="lifeboats", num_players=3, created_by=users[0], players=users[1:])
    game = services.game_start(game_id=game.pk, user=users[0])
    game = play_to_end(game, stop_at=12)
    seat = next(s.index for s in game.seats.all() if s.user != users[0])
    first = game.seats.get(index=seat).user
    services.game_resign(game_id=game.pk, user=first)
    services.seat_offer(game_id=game.pk, user=users[0], seat_index=seat)
    second = UserFactory()
    services.seat_take(game_id=game.pk, user=second, seat_index=seat)
    game = play_to_end(game, stop_at=30)
    written = dict(Action.objects.filter(game=game).values_list("seq", "user_id"))
    Action.objects.filter(game=game).update(user=None)
    holders(django_apps, None)
    assert dict(Action.objects.filter(game=game).values_list("seq", "user_id")) == written
    at_move = SeatChange.objects.get(game=game).at_move
    mine = Action.objects.filter(game=game, seat_index=seat)
    assert set(mine.filter(seq__lte=at_move).values_list("user_id", flat=True)) == {first.pk}
    assert set(mine.filter(seq__gt=at_move).values_list("user_id", flat=True)) == {second.pk}


def kinds_to(user) -> list[str]:
    """The kinds of the mails sent to `user`, in order."""
    return [
        m.extra_headers["X-Lifeboat-Notification"].split(":")[0] for m in mail.outbox if user.email in m.to
    ]
