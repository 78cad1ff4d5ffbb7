"""Helpers shared by the clubs, leagues and ratings tests: clubs with members, finished games."""

from __future__ import annotations

import random

from clubs import services as club_services
from clubs.models import Club
from games import services as game_services
from games.models import Game
from ratings.services import rate_finished_game
from tests.factories import UserFactory


def make_club(members: int = 0, name: str = "Harbour Club") -> tuple[Club, object, list]:
    """A club, its admin (creator) and `members` more members."""
    admin = UserFactory()
    club = club_services.club_create(user=admin, name=name)
    users = [UserFactory() for _ in range(members)]
    invite = club_services.invite_link_create(club_id=club.pk, user=admin)
    for user in users:
        club_services.invite_accept(token=invite.token, user=user)
    return club, admin, users


def start_table(users: list, slug: str = "lifeboats", **kwargs) -> Game:
    return game_services.game_create_started(users=users, slug=slug, **kwargs)


def play_to_end(game: Game, *, seed: int = 0, timeout_seats: frozenset[int] = frozenset()) -> Game:
    """Play random legal actions (deadline defaults for `timeout_seats`) until the game ends."""
    rng = random.Random(seed)
    game.refresh_from_db()
    rules = game.engine
    for _ in range(5000):
        if game.status != Game.Status.RUNNING:
            return game
        state = rules.from_json(game.snapshot)
        seat = rules.to_act(state)[0]
        if seat in timeout_seats:
            game = game_services.apply_default_action(
                game_id=game.pk, seat_index=seat, expected_version=game.version
            )
        else:
            action = rng.choice(rules.legal_actions(state, seat))
            user = game.seats.get(index=seat).user
            game = game_services.action_submit(
                game_id=game.pk, user=user, action=action, expected_version=game.version
            )
    raise AssertionError("game did not end")


def finish(game: Game, places: list[int]) -> Game:
    """Test shortcut: end a running game with these places per seat index (no play), and record
    it as `games.services` does on a real finish."""
    from django.utils import timezone

    game.refresh_from_db()
    seats = {s.index: s for s in game.seats.all()}
    for index, place in enumerate(places):
        seats[index].place = place
        seats[index].waiting = False
        seats[index].save(update_fields=["place", "waiting"])
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    game.save(update_fields=["status", "finished_at"])
    rate_finished_game(game=game)
    return game
