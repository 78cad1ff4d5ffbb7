"""The "new to this game" panel: a player's dismissal, remembered per game type."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext as _

import engine

from ..cache_keys import learn_panel_key
from ..errors import InvalidRequest
from ..models import LearnPanelDismissal, Seat


@transaction.atomic
def learn_panel_dismiss(*, user: AbstractBaseUser, slug: str) -> None:
    """Never show `user` the panel of game `slug` again (dismissing twice is no error)."""
    if slug not in engine.GAMES:
        raise InvalidRequest(_("There is no game of that name."))
    LearnPanelDismissal.objects.get_or_create(user_id=user.pk, slug=slug)
    # the tables of that game type where the panel was shown: the player's seats in them
    user_id = user.pk
    game_ids = list(Seat.objects.filter(user_id=user_id, game__slug=slug).values_list("game_id", flat=True))
    keys = [learn_panel_key(user_id, g) for g in game_ids]
    cache.delete_many(keys)  # now, and again after the commit (a read meanwhile saw the old rows)
    transaction.on_commit(lambda: cache.delete_many(keys))
