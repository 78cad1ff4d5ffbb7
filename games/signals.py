"""The hook point for work that follows a game write (notifications, Celery tasks later).

`game_changed` is sent only after the write's transaction commits (`transaction.on_commit`), with
`game_id`, `version`, `kind` ("created", "joined", "left", "started", "action", "resigned",
"abandoned") and the game's `status` after the write. Receivers enqueue their work there, never
inside the transaction.
"""

from django.dispatch import Signal

game_changed = Signal()
