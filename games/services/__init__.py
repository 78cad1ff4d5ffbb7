"""Every write to game rows goes through these functions; callers use `games.services.<name>`.

- `lobby`: opening a game, taking and leaving seats, starting, inviting, rematches.
- `moves`: the write path of every game state (moves, default actions for deadlines, resigning):
  the row lock, the version check, the engine's guard, and the store with its signals.
- `seats`: who sits in a seat: bots filling a game, substitutes, seats handed to bots, votes to
  abandon and cancelling.
- `turns`: who decides a seat's turn and by when: deadlines (shorter for a minor kind), the
  seat's assistant, answers given ahead (used by `moves`).
- `assistant`: a seat's assistant and its answers given ahead, a player's defaults.
- `deadlines`: the deadlines moved outside a move (vacations, absent seats played at once).
- `learning`: the dismissal of the "new to this game" panel.
- `writes`: games' note of each stored write whose follow-up (prompts, mails) is still to do.

Refusals raise `games.errors.GameError` subclasses and write nothing.
"""

from .assistant import assistant_defaults_set, assistant_set, plan_queue, plan_withdraw
from .deadlines import deadline_postpone, deadlines_due_now, deadlines_extend
from .learning import learn_panel_dismiss
from .lobby import (
    game_abandon,
    game_create,
    game_create_started,
    game_join,
    game_leave,
    game_rematch,
    game_start,
    invite_send,
    invite_token_matches,
)
from .moves import (
    action_submit,
    apply_default_action,
    apply_default_actions,
    assistant_play,
    bot_play,
    game_resign,
)
from .seats import game_cancel, game_fill_with_bots, game_vote, seat_back, seat_offer, seat_take, seat_to_bot
from .writes import late_writes, note_writes, pending_writes, writes_done

__all__ = [
    "action_submit",
    "apply_default_action",
    "apply_default_actions",
    "assistant_defaults_set",
    "assistant_play",
    "assistant_set",
    "bot_play",
    "deadline_postpone",
    "deadlines_due_now",
    "deadlines_extend",
    "game_abandon",
    "game_cancel",
    "game_create",
    "game_create_started",
    "game_fill_with_bots",
    "game_join",
    "game_leave",
    "game_rematch",
    "game_resign",
    "game_start",
    "game_vote",
    "invite_send",
    "invite_token_matches",
    "late_writes",
    "learn_panel_dismiss",
    "note_writes",
    "pending_writes",
    "plan_queue",
    "plan_withdraw",
    "seat_back",
    "seat_offer",
    "seat_take",
    "seat_to_bot",
    "writes_done",
]
