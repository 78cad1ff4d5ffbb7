"""The game log as sentences a player reads, under day (round) and phase headings.

Input is what the selector read: the latest actions, each with the events of it this seat may
see (`engine.events_for`). Nothing here widens that: a sentence words only its own action's
events. Each game's package words its own events (`Presentation.LogWords`, a `words.Words`);
`games.present.log_sections` and `news` pick the game's.
"""

from __future__ import annotations

from .words import Event, Played, Section, Words

__all__ = ["Event", "Played", "Section", "Words"]
