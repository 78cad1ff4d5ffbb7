"""The "new to this game" panel: a player's dismissal, remembered per game type."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

import engine

from ..errors import InvalidRequest
from ..models import LearnPanelDismissal


@transaction.atomic
def learn_panel_dismiss(*, user: AbstractBaseUser, slug: str) -> None:
    """Never show `user` the panel of game `slug` again (dismissing twice is no error)."""
    if slug not in engine.GAMES:
        raise InvalidRequest(_("There is no game of that name."))
    LearnPanelDismissal.objects.get_or_create(user_id=user.pk, slug=slug)
