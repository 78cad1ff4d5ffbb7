"""Storing a verified import: a new game through `games.services`, replayed action by action."""

from __future__ import annotations

from django.db import transaction

from games import services as game_services
from games.models import Game
from notifications.preferences import mute_game

from .replay import Checked, fingerprint


@transaction.atomic
def game_import(*, checked: Checked, users: list) -> object:
    """Create the game with the export's seed and seat order, then submit every action.

    The game is unrated (an import must not move anyone's rating), private and muted for its
    players (its turns are history, not news); actions are recorded with source "api". The
    final snapshot is checked against the export.
    """
    game = game_services.game_create_started(
        users=users,
        slug=checked.slug,
        options=checked.options,
        visibility=Game.Visibility.PRIVATE,
        rated=False,
        seed=checked.seed,
    )
    for user in users:  # an imported game is history: none of its turns should mail anyone
        mute_game(user=user, game_id=game.pk)
    for step in checked.steps:
        game = game_services.action_submit(
            game_id=game.pk,
            user=users[step.seat],
            action=step.action,
            expected_version=game.version,
            source="api",
        )
    game.refresh_from_db()
    if fingerprint(game.snapshot) != fingerprint(checked.state_json):
        raise ValueError("the stored game differs from the export")
    return game
