"""A game as the apps above games read it: seat by seat, never its state.

Mails, digests and links (notifications) need what each seat may know now: its view, the
decisions asked, its legal actions and their labels, and the results at the end. `GameRead`
gives exactly that, from the game's stored snapshot (or a state a write just made), so no app
above games ever holds an engine state.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import engine

from ..i18n import describe_action, labels_by_language_all
from ..models import Game


class GameRead:
    """One game's state, read seat by seat (`view`, `legal`, `label`), with who is waited for and,
    at the end, the scores."""

    def __init__(self, game: Game, state: Any = None) -> None:
        self.game = game
        self.rules: engine.Game = engine.get_game(game.slug)
        self._state = state if state is not None else self.rules.from_json(game.snapshot)

    @cached_property
    def over(self) -> bool:
        """The game is over by its rules (every view is then public)."""
        return self.rules.is_over(self._state)

    @cached_property
    def to_act(self) -> list[int]:
        """The seats the game waits for (none once it is over)."""
        return [] if self.over else self.rules.to_act(self._state)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know now (None: a spectator)."""
        return self.rules.view(self._state, seat)

    def legal(self, seat: int) -> list[dict[str, Any]]:
        """The actions `seat` may take now."""
        return self.rules.legal_actions(self._state, seat)

    def scores(self) -> list[int]:
        return self.rules.scores(self._state)

    def ranking(self) -> list[int]:
        return self.rules.ranking(self._state)

    def label(self, seat: int | None, action: dict[str, Any]) -> str:
        """An action of `seat` worded from its view, in the active language."""
        return describe_action(self.rules, self._state, seat, action)

    def labels_by_language(self, seat: int | None, actions: list[dict[str, Any]]) -> list[dict[str, str]]:
        """The label of each action in every site language: `[{"en": ..., "hu": ..., "cs": ...}]`
        (a mail written once is rendered later in its recipient's language)."""
        return labels_by_language_all(self.rules, self._state, seat, actions)
