"""What games tells the apps above it; they connect their receivers in `AppConfig.ready`.

- `game_finished(game=...)` is sent inside the transaction that finishes the game, once per game,
  after its results (scores, places) are on its seats: receivers write what a result causes in
  that same transaction (ratings), and an exception rolls the whole write back.
- `game_changed` is sent only after the write's transaction commits (`transaction.on_commit`), with
  `game_id`, `version`, `kind` ("created", "joined", "left", "started", "action", "resigned",
  "abandoned") and the game's `status` after the write. Receivers enqueue their work there, never
  inside the transaction (leagues).
- `game_writes_committed(game_ids=[...], waiting_bots=[(game_id, seat_index, version), ...])` is
  sent after the commit of every transaction that stored game states (a move, a start, a
  resignation, a batch of default actions), once per transaction, after its `game_changed`: the
  games whose `GameWrite` rows wait for their follow-up (the prompts, mails and idle ladder of
  notifications, which enqueues a task there; its sweeper takes any whose task was lost), the
  bot seats those writes left their running games waiting for (the bots app prompts them), and
  `assisted_seats`, the seats whose decision is their assistant's (games' own task plays them).
"""

from django.dispatch import Signal

game_finished = Signal()
game_changed = Signal()
game_writes_committed = Signal()
