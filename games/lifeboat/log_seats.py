"""What Lifeboat's log sentences share: characters named by name (once per log), the reader as
"you". The sentences themselves are by phase: `lifeboat_actions`, `lifeboat_navigation`, and the
Quartermaster's with the headings in `lifeboat`."""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext_lazy

from games.board.log.words import Words
from games.board.names import IN_SENTENCE

from .names import character_name

#: Where a wound came from, as the end of "takes a wound ...".
WOUND_CAUSES = {
    "fight": pgettext_lazy("wound cause", "in the fight"),
    "fall": pgettext_lazy("wound cause", "from the fall"),
    "sharks": pgettext_lazy("wound cause", "from the sharks"),
    "thirst": pgettext_lazy("wound cause", "from thirst"),
}


class LifeboatSeats(Words):
    """Lifeboat's names for seats: each seat's character."""

    def character(self, seat: Any, form: str = IN_SENTENCE) -> str:
        """A seat's character in `form` (by default as a sentence names its subject), named
        once per log."""
        found = self._names.get((seat, form))
        if found is None:
            players = self.view.get("players", [])
            if isinstance(seat, int) and 0 <= seat < len(players):
                found = character_name(players[seat]["character"], form)
            else:
                found = str(seat)
            self._names[(seat, form)] = found
        return found

    def name(self, seat: Any) -> str:
        return self.character(seat)
