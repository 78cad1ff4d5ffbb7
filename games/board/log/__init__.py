"""The game log as sentences a player reads, under day (round) and phase headings.

Input is what the selector read: the latest actions, each with the events of it this seat may
see (`engine.events_for`). Nothing here widens that: a sentence words only its own action's
events. One module per game (`lifeboat`, `lifeboats`) holds a dictionary from event type to the
method that words it.
"""

from __future__ import annotations

from typing import Any

from .lifeboat import LifeboatWords
from .lifeboats import LifeboatsWords
from .words import Event, Played, Section, Words
from .words import sections as _sections

WORDS: dict[str, type[Words]] = {"lifeboat": LifeboatWords, "lifeboats": LifeboatsWords}


def words_for(slug: str, view: dict[str, Any], names: dict[int, str], reader: int | None) -> Words:
    return WORDS[slug](view, names, reader)


def sections(
    slug: str,
    actions: list[Played],
    view: dict[str, Any] | None,
    names: dict[int, str],
    reader: int | None,
    unseen: int = 0,
) -> list[Section]:
    """The log in sections, newest first; "you" is `reader`'s seat (None: nobody); the lines of
    the last `unseen` actions are marked new."""
    if view is None or slug not in WORDS:
        return []
    return _sections(words_for(slug, view, names, reader), actions, unseen)


def lines(
    slug: str, actions: list[Played], view: dict[str, Any], names: dict[int, str], reader: int | None
) -> list[str]:
    """Every sentence of the actions, oldest first, without headings (for mails)."""
    return words_for(slug, view, names, reader).lines(actions)


__all__ = ["WORDS", "Event", "Played", "Section", "lines", "sections", "words_for"]
