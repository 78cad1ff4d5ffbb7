"""Game writes committed (`games.signals.game_writes_committed`): prompt the bots they left waiting."""

from __future__ import annotations

from collections.abc import Iterable

from django.dispatch import receiver

from games.signals import game_writes_committed

from .tasks import prompt_seats


@receiver(game_writes_committed, dispatch_uid="bots_prompt_after_writes")
def on_writes(
    sender, game_ids: list[int], waiting_bots: Iterable[tuple[int, int, int]] = (), **kwargs
) -> None:
    prompt_seats(waiting_bots)
