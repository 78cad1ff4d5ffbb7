"""Every write to game rows goes through these functions; callers use `games.services.<name>`.

- `lobby`: opening a game, taking and leaving seats, starting, inviting, rematches.
- `moves`: the write path of every game state (moves, default actions for deadlines, resigning):
  the row lock, the version check, the engine's guard, and the store with its signals.
- `deadlines`: the deadlines moved outside a move (vacations, absent seats played at once).
- `writes`: games' note of each stored write whose follow-up (prompts, mails) is still to do.

Refusals raise `games.errors.GameError` subclasses and write nothing.
"""

from .deadlines import deadline_postpone, deadlines_due_now, deadlines_extend
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
from .moves import action_submit, apply_default_action, apply_default_actions, game_resign
from .writes import late_writes, note_writes, pending_writes, writes_done

__all__ = [
    "action_submit",
    "apply_default_action",
    "apply_default_actions",
    "deadline_postpone",
    "deadlines_due_now",
    "deadlines_extend",
    "game_abandon",
    "game_create",
    "game_create_started",
    "game_join",
    "game_leave",
    "game_rematch",
    "game_resign",
    "game_start",
    "invite_send",
    "invite_token_matches",
    "late_writes",
    "note_writes",
    "pending_writes",
    "writes_done",
]
