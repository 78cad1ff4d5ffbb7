"""Bots at the site's tables: the seats games says a bot plays are played by `engine.get_bot`.

Games keeps who holds a seat (`Seat.bot`) and plays a bot's move through the same write path as a
person's (`games.services.bot_play`: the row lock, the version, the engine's guard; the bot sees
only the seat's view and legal actions). This app decides *when*: after the commit of every game
write (`games.signals.game_writes_committed`) each bot seat the game waits for gets a task,
enqueued with a countdown of `BOT_MOVE_DELAY_SECONDS` (so people see the game move at a human
pace), carrying the version it was prompted at; a later write prompts it anew, so a stale or
retried task plays nothing. Bots have no quiet hours and get no mail; no deadline is set for their
seats, so the deadline sweep and the idle ladder never play them as idle. `sweep_bots` (beat)
prompts again any bot seat whose task was lost.

- `services`: which bot seats to prompt; playing one (the task's work); the sweep.
- `tasks`: the Celery tasks.
- `receivers`: games' signal.
"""
