"""A seat answers its prompt from a mail: a one-click link (`views.act`) or a reply (`inbound`).

Both play through `play_prompt_choice`, with the same checks: the game row locked first, then the
prompt (the order every game write uses); spent, expired or superseded prompts are refused; the
move goes through `games.services.action_submit` with the version the prompt is valid for, and
the prompt is spent only when the move is played.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Action, Game
from games.selectors import GameRead
from games.services import action_submit
from refusals.errors import Refusal

from .errors import PromptInvalid, PromptStale
from .models import Prompt
from .prompts import check_prompt
from .writes import record_locked_writes


def play_prompt_choice(
    *,
    prompt_id: int,
    choice: int,
    user_id: int | None = None,
    game_id: int | None = None,
    version: int | None = None,
    source: str = Action.Source.EMAIL,
) -> tuple[Prompt, str]:
    """Play choice `choice` (1-based) of a prompt; returns the prompt and the played action's label."""
    now = timezone.now()
    with transaction.atomic():
        game_ref = Prompt.objects.filter(pk=prompt_id).values_list("game_id", flat=True).first()
        if game_ref is None:
            raise PromptInvalid()
        game = Game.objects.select_for_update().get(pk=game_ref)
        record_locked_writes([game])  # the prompt as the game's latest write left it
        prompt = (
            Prompt.objects.select_for_update(of=("self",)).select_related("user").filter(pk=prompt_id).first()
        )
        check_prompt(prompt, user_id=user_id, game_id=game_id, version=version, now=now)
        if not 1 <= choice <= len(prompt.actions):
            raise PromptInvalid(_("There is no choice %(n)s in this mail.") % {"n": choice})
        action = prompt.actions[choice - 1]
        label = GameRead(game).label(prompt.seat_index, action)
        try:
            action_submit(
                game_id=prompt.game_id,
                user=prompt.user,
                action=action,
                expected_version=prompt.valid_version,
                source=source,
            )
        except Refusal as exc:
            raise PromptStale(exc.message) from None
        Prompt.objects.filter(pk=prompt.pk).update(used_at=now, closed_at=now)
    return prompt, label
