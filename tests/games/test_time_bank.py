"""The time-bank pace: a bank per seat that starts full, gains an increment on every prompt up to
a cap, pays for the time each decision takes and is emptied by a timeout; other paces unchanged."""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from unittest import mock

import pytest
from django.urls import reverse

from games import services
from games.models import Game, Seat
from games.services import deadlines
from tests.factories import GameFactory, UserFactory

from .helpers import start_game, state_of

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC)
START, INCREMENT, CAP = Game.BANK_START, Game.BANK_INCREMENT, Game.BANK_CAP


@contextmanager
def frozen(at: dt.datetime):
    with mock.patch("django.utils.timezone.now", return_value=at):
        yield


def seat(game: Game, index: int) -> Seat:
    return Seat.objects.get(game=game, index=index)


def start_at(at: dt.datetime, pace: str = Game.Pace.BANK) -> tuple[Game, list]:
    with frozen(at):
        return start_game(pace=pace)


def act(game: Game, users: list, index: int, at: dt.datetime) -> None:
    """Seat `index` plays its first legal action at the instant `at`."""
    state = state_of(game)
    action = game.engine.legal_actions(state, index)[0]
    with frozen(at):
        services.action_submit(
            game_id=game.pk, user=users[index], action=action, expected_version=game.version
        )


def others_until_prompted(game: Game, users: list, index: int, at: dt.datetime) -> None:
    """Other seats act at `at` until seat `index` is waited for (again)."""
    for _ in range(200):
        to_act = game.engine.to_act(state_of(game))
        if index in to_act:
            return
        act(game, users, to_act[0], at)
    pytest.fail(f"seat {index} was never waited for again")


def assert_bank(game: Game, index: int, bank: dt.timedelta, due_at: dt.datetime | None) -> None:
    s = seat(game, index)
    assert (s.time_bank, s.due_at) == (bank, due_at), f"seat {index}: {s.time_bank}, {s.due_at}"


def test_a_first_prompt_gets_the_start_bank_plus_the_increment():
    game, _users = start_at(T0)
    waited = game.engine.to_act(state_of(game))
    assert waited
    for index in waited:
        assert_bank(game, index, START + INCREMENT, T0 + START + INCREMENT)
    for s in game.seats.exclude(index__in=waited):
        assert (s.time_bank, s.due_at) == (None, None)  # not yet prompted: still the start bank


def test_the_time_a_decision_takes_is_spent_and_the_next_prompt_adds_the_increment():
    game, users = start_at(T0)
    index = game.engine.to_act(state_of(game))[0]
    t1 = T0 + dt.timedelta(days=1, hours=3)
    act(game, users, index, t1)
    left = START + INCREMENT - (t1 - T0)
    s = seat(game, index)
    if not s.waiting:
        assert (s.time_bank, s.due_at) == (left, None)
        others_until_prompted(game, users, index, t1)
    assert_bank(game, index, left + INCREMENT, t1 + left + INCREMENT)


def test_the_increment_stops_at_the_cap():
    game, users = start_at(T0)
    index = game.engine.to_act(state_of(game))[0]
    Seat.objects.filter(pk=seat(game, index).pk).update(due_at=T0 + CAP)  # e.g. after a vacation
    act(game, users, index, T0)  # at once: the whole cap is left, the increment cannot add to it
    others_until_prompted(game, users, index, T0)
    assert_bank(game, index, CAP, T0 + CAP)


def test_the_bank_never_exceeds_the_cap_over_quick_decisions():
    game, users = start_at(T0)
    index = game.engine.to_act(state_of(game))[0]
    banks = []
    for _ in range(10):
        act(game, users, index, T0)
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        others_until_prompted(game, users, index, T0)
        banks.append(seat(game, index).time_bank)
    expected = [min(START + INCREMENT * (k + 2), CAP) for k in range(len(banks))]
    assert len(banks) >= 2
    assert banks == expected


def test_a_timeout_empties_the_bank_and_the_next_prompt_gets_the_increment_again():
    game, users = start_at(T0)
    index = game.engine.to_act(state_of(game))[0]
    late = T0 + START + INCREMENT + dt.timedelta(minutes=5)
    with frozen(late):
        result = deadlines.sweep_deadlines(now=late)
    assert result["played"] >= 1
    game.refresh_from_db()
    s = seat(game, index)
    if not s.waiting:
        assert (s.time_bank, s.due_at) == (dt.timedelta(0), None)
        others_until_prompted(game, users, index, late)
    assert_bank(game, index, INCREMENT, late + INCREMENT)


def test_a_seat_no_longer_waited_for_after_its_deadline_keeps_no_negative_bank():
    game, users = start_at(T0)
    index = game.engine.to_act(state_of(game))[0]
    act(game, users, index, T0 + dt.timedelta(days=30))  # a late move before any sweep ran
    s = seat(game, index)
    assert s.time_bank >= dt.timedelta(0)
    assert s.time_bank == (INCREMENT if s.waiting else dt.timedelta(0))


@pytest.mark.parametrize(
    ("pace", "per_decision"),
    [
        (Game.Pace.HOURS_12, dt.timedelta(hours=12)),
        (Game.Pace.HOURS_24, dt.timedelta(hours=24)),
        (Game.Pace.HOURS_72, dt.timedelta(hours=72)),
    ],
)
def test_the_per_decision_paces_are_unchanged(pace, per_decision):
    game, users = start_at(T0, pace=pace)
    index = game.engine.to_act(state_of(game))[0]
    assert seat(game, index).due_at == T0 + per_decision
    t1 = T0 + dt.timedelta(hours=5)
    act(game, users, index, t1)
    if not seat(game, index).waiting:
        others_until_prompted(game, users, index, t1)
    assert seat(game, index).due_at == t1 + per_decision  # no bank carried over
    assert not game.seats.filter(time_bank__isnull=False).exists()


def test_the_create_form_offers_the_time_bank_and_the_lobby_shows_it(client):
    me = UserFactory()
    client.force_login(me)
    response = client.post(
        reverse("games:create"),
        {"game": "lifeboats", "num_players": 4, "pace": "bank", "visibility": "public", "rated": "on"},
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.pace == Game.Pace.BANK
    GameFactory()  # another open game in the lobby
    body = client.get(reverse("games:lobby")).content.decode()
    assert "Time bank: 3 days, +12 hours per decision, up to 7 days" in body
    assert '<option value="bank"' in body  # the lobby's create form
