"""The lobby's writes that compose `games.services`: a game that starts by itself once full.

Keyword-only and atomic like the services they call. (They belong in `services.py`; they live
here while that module is being restructured, and can move there as they are.)
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from . import services
from .errors import GameError
from .models import Game


@transaction.atomic
def game_create(*, user: AbstractBaseUser, auto_start: bool = False, **kwargs: Any) -> Game:
    """`services.game_create`, and whether the game starts by itself when its last seat is taken."""
    game = services.game_create(user=user, **kwargs)
    if auto_start:
        Game.objects.filter(pk=game.pk).update(auto_start=True)
        game.auto_start = True
    return game


@transaction.atomic
def game_join(
    *,
    game_id: int,
    user: AbstractBaseUser,
    invite_token: str | None = None,
    expected_version: int | None = None,
) -> Game:
    """`services.game_join`; when that fills a game whose creator chose so, the game starts."""
    game = services.game_join(
        game_id=game_id, user=user, invite_token=invite_token, expected_version=expected_version
    )
    if game.auto_start and game.created_by is not None and game.seats.count() == game.num_players:
        try:
            with transaction.atomic():  # a start refused (say, the creator left) keeps the join
                game = services.game_start(game_id=game.pk, user=game.created_by)
        except GameError:
            pass
    return game
