"""Games played through the services with every kind of game mail along the way (start, prompt,
reminder, digest, absent, end), for the leak tests, the browser's screenshots and for reading.

`play_out` plays random legal actions (now and then an any-time one of a seat not waited for),
lets one seat's deadlines pass until it is marked absent, and after every write hands the mails
the write made, with the state they were written at, to `each` (a callback).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from django.utils import timezone

from accounts.models import Profile
from games import services as game_services
from games.models import Game, Seat
from games.services import deadlines
from notifications import outbox, rendering
from notifications.models import Kind, Notification, Status

from .helpers import overdue, start_game, state_of

#: The kinds of game mail a seat gets from a game.
GAME_KINDS = (Kind.GAME_START, Kind.PROMPT, Kind.REMINDER, Kind.DIGEST, Kind.ABSENT, Kind.GAME_END)

Each = Callable[[Game, Any, list[Notification]], None]


def new_rows(after: int) -> list[Notification]:
    return list(Notification.objects.filter(pk__gt=after).select_related("user__profile").order_by("pk"))


def last_pk() -> int:
    return Notification.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def digest_now(user_id: int) -> list[Notification]:
    """The user's prompt mails of the game so far, gathered into a digest now (as the hourly
    beat does in the user's digest hour)."""
    Notification.objects.filter(user_id=user_id, kind=Kind.PROMPT).update(status=Status.DIGEST)
    before = last_pk()
    outbox._make_digest(user_id, timezone.now().date(), timezone.now())
    return new_rows(before)


def play_out(
    capture, slug: str, players: int, seed: int, each: Each, *, max_moves: int = 600, idle: int | None = 0
) -> Game:
    """Play a game to its end (or `max_moves`), calling `each(game, state, rows)` with the mails
    every write made and the state they were written from. Seat `idle` lets its deadlines pass
    until it is marked absent; one digest is made for another seat midway."""
    rng = random.Random(seed)
    before = last_pk()
    game, users = start_game(capture, slug=slug, num_players=players, seed=seed)
    rules = game.engine
    each(game, state_of(game), new_rows(before))
    digested = False
    for move in range(max_moves):
        state = state_of(game)
        if rules.is_over(state):
            break
        before = last_pk()
        waiting = rules.to_act(state)
        if (
            idle is not None
            and idle in waiting
            and Notification.objects.filter(game=game, kind=Kind.ABSENT).count() == 0
        ):
            overdue(game, idle)
            with capture(execute=True):
                deadlines.sweep_deadlines()
        else:
            optional = [s for s in range(players) if s not in waiting and rules.legal_actions(state, s)]
            seat = rng.choice(optional) if optional and rng.random() < 0.15 else rng.choice(waiting)
            action = rng.choice(rules.legal_actions(state, seat))
            user = Seat.objects.get(game=game, index=seat).user
            with capture(execute=True):
                game_services.action_submit(
                    game_id=game.pk, user=user, action=action, expected_version=game.version
                )
        game.refresh_from_db()
        rows = new_rows(before)
        if not digested and move > 20:
            other = users[1 if idle == 0 else 0]
            rows += digest_now(other.pk)
            digested = True
        each(game, state_of(game), rows)
    return game


def render_in(row: Notification, language: str) -> tuple[str, str, str]:
    """(subject, text, html) of a row rendered for its recipient reading `language`."""
    if row.user_id:
        Profile.objects.filter(user_id=row.user_id).update(language=language)
        row.user.profile.language = language
    subject, text, html, _ctx = rendering.render_parts(row)
    return subject, text, html


def sample_rows(capture, slug: str, players: int, seed: int = 3) -> dict[str, list[Notification]]:
    """A played game's mails by kind, in the order they were written."""
    out: dict[str, list[Notification]] = {k: [] for k in GAME_KINDS}

    def keep(game: Game, state: Any, rows: list[Notification]) -> None:
        for row in rows:
            if row.kind in out:
                out[row.kind].append(row)

    play_out(capture, slug, players, seed, keep)
    return out


__all__ = ["GAME_KINDS", "play_out", "render_in", "sample_rows"]
