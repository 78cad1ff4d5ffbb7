"""Builders and named assertions for the notifications tests."""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from typing import Any

from django.core import mail
from django.utils import timezone

import engine
from games import services as game_services
from games.models import Action, Game, Seat
from notifications.models import Kind, Notification, Prompt, Status
from tests.factories import GameFactory, UserFactory


@contextmanager
def committed(capture):
    """Run the block's on-commit work (enqueues, eager sends) as a real commit would."""
    with capture(execute=True):
        yield


def start_game(capture, slug: str = "lifeboats", num_players: int | None = None, **kwargs: Any):
    """A running game built through the games services; returns it and its users by seat."""
    rules = engine.get_game(slug)
    n = num_players or rules.min_players
    users = [UserFactory() for _ in range(n - 1)]
    game = GameFactory(slug=slug, num_players=n, players=users, **kwargs)
    with committed(capture):
        game = game_services.game_start(game_id=game.pk, user=game.created_by)
    return game, users_by_seat(game)


def users_by_seat(game: Game) -> list:
    return [s.user for s in Seat.objects.filter(game=game).select_related("user").order_by("index")]


def state_of(game: Game) -> Any:
    game.refresh_from_db()
    return game.engine.from_json(game.snapshot)


def waiting(game: Game) -> list[int]:
    return game.engine.to_act(state_of(game))


def play(capture, game: Game, seat: int | None = None, choice: int = 0) -> Game:
    """Play a legal action for a waiting seat (the first one by default) through the services."""
    state = state_of(game)
    rules = game.engine
    seat = rules.to_act(state)[0] if seat is None else seat
    action = rules.legal_actions(state, seat)[choice]
    user = Seat.objects.get(game=game, index=seat).user
    with committed(capture):
        game_services.action_submit(game_id=game.pk, user=user, action=action, expected_version=game.version)
    game.refresh_from_db()
    return game


def until_several_wait(capture, game: Game, moves: int = 60) -> Game:
    """Play on until the game waits for more than one seat at once (a vote)."""
    for _ in range(moves):
        if len(waiting(game)) > 1:
            return game
        game = play(capture, game)
    raise AssertionError("the game never waited for several seats at once")


def open_prompt(game: Game, seat: int) -> Prompt:
    return Prompt.objects.get(game=game, seat_index=seat, closed_at__isnull=True)


def mails_to(user) -> list:
    return [m for m in mail.outbox if user.email in m.to]


def mail_text(message) -> str:
    parts = [message.subject, message.body, *[str(h) for h in message.extra_headers.values()]]
    parts += [str(content) for content, _mime in getattr(message, "alternatives", [])]
    return "\n".join(parts)


def rows(**filters) -> list[Notification]:
    return list(Notification.objects.filter(**filters).order_by("pk"))


def actions_of(game: Game) -> list[Action]:
    return list(Action.objects.filter(game=game).order_by("seq"))


def overdue(game: Game, seat: int, by: dt.timedelta = dt.timedelta(minutes=1)) -> None:
    Seat.objects.filter(game=game, index=seat).update(due_at=timezone.now() - by)


def assert_no_secrets(game: Game, seat: int, message) -> None:
    """No string the engine lists as secret from `seat` appears anywhere in the mail to it."""
    state = state_of(game)
    secrets = game.engine.secrets_from(state, seat)
    text = mail_text(message)
    leaked = sorted(s for s in secrets if s in text)
    assert not leaked, f"mail to seat {seat} shows {leaked}"


__all__ = ["Kind", "Status"]
