"""A Lifeboat bot: keeps itself and its love alive, hurts its hate, hoards Water and treasure.

It reads only the seat's view and its legal actions. From the view it builds a small model of
what the seat's final score will be, the *potential* (`model`: each character's chance to live,
weighed by what that life is worth to the seat's secret Love and Hate, plus its treasure).

Each decision is one step of look-ahead: the bot applies each legal action to this model (a wound
here, a card there, a Navigation card's fallers and thirsts, a fight won or lost with the chance
the sides' strengths give) and keeps the best, with a little noise so that near-equal choices
(whom to mug, which of two good cards to play) are not always the same and do not give its cards
away.

- `odds`: what the printed decks hold (from the engine's data tables, `engine/lifeboat/data.py`)
  and the arithmetic of chances;
- `model`: the model's tuning and `Model`, the potential and the values of cards and wounds;
- `bot`: `LifeboatBot.choose`, which sends each decision to its chooser, and the any-time
  actions (cards played face up, trade answers);
- the choosers by phase: `actions` (the actor, the rower), `fights` (answers and fight rounds),
  `navigation` (the navigator, overboard reactions, Water pledges).
"""

from .bot import LifeboatBot

__all__ = ["LifeboatBot"]
