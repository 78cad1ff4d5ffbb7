"""Lifeboats (Wetterling) as the site shows it, from one seat's view of `engine.lifeboats`: this
package is the game's `games.presentations.Presentation`.

- `board` (`presenter.py`): the boats, figures, islands and votes, the seat's hand and results;
  `picture.py` (with `layout.py` and `picture_words.py`) draws it as SVG, `faces.py` and
  `pieces.py` the sprite it uses, `parts.py` the parts a click chooses and the parts that changed.
- `labels.py`, `log.py`, `names.py`: actions, log sentences and the game's nouns in words.
- `rules.py` (rules help), `mail.py` (a mail's picture), `kinds.py` (its kinds of
  decision), `options.py` (its options in words).
- Templates: `templates/games/lifeboats/`, `templates/notifications/email/lifeboats/`.
"""

from __future__ import annotations

from typing import Any

from games.board.prompt import Part

from .faces import sprite_faces
from .kinds import DECISION_KINDS, item_name, role_name
from .labels import LABELS
from .log import LifeboatsWords as LogWords
from .mail import mail_picture
from .options import OPTION_CHOICES, OPTIONS
from .parts import changes, choices
from .pieces import sprite_pieces
from .presenter import LEARN_TITLE, RESULTS_NOTE, board, glance, question_text, results, seat_rows, situation
from .rules import rules_reference


def compose_parts(kind: str, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Part] | None:
    """Lifeboats asks every question choice by choice: nothing is composed."""
    return None


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
