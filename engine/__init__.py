"""Pure-Python rules engines (no Django, no I/O, no clock, no global random).

The contract is `../shared/ENGINE_API.md`: `GAMES`, `get_game(slug)`, and on each game
`new_game`, `to_act`, `legal_actions`, `apply`, `default_action`, `is_over`, `scores`, `view`,
`to_json`/`from_json`, `zones`, and `decision_kinds` with `decision_kind(state, seat)`.
"""

from .bots import BOTS, get_bot
from .core import Game, IllegalAction, events_for
from .lifeboat import LIFEBOAT
from .lifeboats import LIFEBOATS

GAMES: dict[str, Game] = {game.slug: game for game in (LIFEBOAT, LIFEBOATS)}


def get_game(slug: str) -> Game:
    """The registered game for `slug`; KeyError for an unknown one."""
    return GAMES[slug]


__all__ = ["BOTS", "GAMES", "Game", "IllegalAction", "events_for", "get_bot", "get_game"]
