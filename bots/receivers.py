"""Game writes committed (`games.signals.game_writes_committed`): prompt the bots they wait for."""

from __future__ import annotations

from django.dispatch import receiver

from games.signals import game_writes_committed

from .tasks import prompt_bots


@receiver(game_writes_committed, dispatch_uid="bots_prompt_after_writes")
def on_writes(sender, game_ids: list[int], **kwargs) -> None:
    prompt_bots(game_ids=game_ids)
