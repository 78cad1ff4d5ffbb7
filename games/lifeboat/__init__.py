"""Lifeboat (Siadek) as the site shows it, from one seat's view of `engine.lifeboat`: this package
is the game's `games.presentations.Presentation`.

- `board` (`presenter.py`, with `common`, `corner` for the private corner and `scores` for the
  results): the boat bow to stern, the cards the seat may see; `picture.py` draws it as SVG,
  `faces.py` and `pieces.py` the sprite it uses, `parts.py` the parts a click chooses and the
  parts that changed.
- `questions.py`: prompts' questions, composed fight and rowing answers, mails' situation lines.
- `labels.py`, `log*.py`, `names.py`: actions, log sentences and the game's nouns in words.
- `rules.py` (rules help), `mail.py` (a mail's picture), `kinds.py` (its kinds of
  decision), `options.py` (its options in words).
- Templates: `templates/games/lifeboat/`, `templates/notifications/email/lifeboat/`.
"""

from .faces import sprite_faces
from .kinds import DECISION_KINDS, item_name, role_name
from .labels import LABELS
from .log import LifeboatWords as LogWords
from .mail import mail_picture
from .options import OPTION_CHOICES, OPTIONS
from .parts import changes, choices
from .pieces import sprite_pieces
from .presenter import LEARN_TITLE, RESULTS_NOTE, board, seat_rows
from .questions import compose_parts, glance, question_text, situation
from .rules import rules_reference
from .scores import results

__all__ = [
    "DECISION_KINDS",
    "LABELS",
    "LEARN_TITLE",
    "OPTIONS",
    "OPTION_CHOICES",
    "RESULTS_NOTE",
    "LogWords",
    "board",
    "changes",
    "choices",
    "compose_parts",
    "glance",
    "item_name",
    "mail_picture",
    "question_text",
    "results",
    "role_name",
    "rules_reference",
    "seat_rows",
    "situation",
    "sprite_faces",
    "sprite_pieces",
]
