"""Bots: players worth playing against, deciding from a seat's view and legal actions only.

`get_bot(slug)` (KeyError for an unknown slug or a game without a bot) and `BOTS`; a bot's
`choose(view, legal, seed)` returns one of `legal` (see ../shared/ENGINE_API.md, "Bots").
`RandomBot` is the baseline a bot is measured against (`bench/bots.py`).
"""

from .common import Bot, RandomBot
from .lifeboat import LifeboatBot
from .lifeboats import LifeboatsBot

BOTS: dict[str, Bot] = {bot.slug: bot for bot in (LifeboatBot(), LifeboatsBot())}


def get_bot(slug: str) -> Bot:
    """The bot for the game `slug`; KeyError for an unknown game or one without a bot."""
    return BOTS[slug]


__all__ = ["BOTS", "Bot", "LifeboatBot", "LifeboatsBot", "RandomBot", "get_bot"]
