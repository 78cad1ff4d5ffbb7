"""Who sits in a seat as people read it: a person's display name, or a bot's name marked as one.

Bots take the names of BOT_NAMES in seat order of their arrival (the first free one); every name
of a bot shows as "Bot Ada (bot)" in the reader's language, on the table, in the log, the results,
the mails, the replays and the lobby, so nobody takes a bot for a person.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from accounts.selectors import display_name

#: The bots' names (not translated: they are names).
BOT_NAMES = ("Ada", "Brunel", "Curie", "Darwin", "Euler", "Faraday", "Galois", "Hopper")


class BotName(str):
    """A bot's name as people read it ("Bot Ada (bot)") that knows the bot's own name ("Ada"):
    where a picture has no room for the whole, it draws the bot's mark and the bot's own name,
    so that however the name is shortened, the seat still shows as a bot's."""

    bot: str

    def __new__(cls, text: str, bot: str) -> BotName:
        made = super().__new__(cls, text)
        made.bot = bot
        return made

    def __reduce__(self) -> tuple[type[BotName], tuple[str, str]]:
        return (BotName, (str(self), self.bot))


def bot_name(bot: str) -> BotName:
    """A bot as every page and mail names it: "Bot Ada (bot)"."""
    return BotName(_("Bot %(name)s (bot)") % {"name": bot}, bot)


def free_bot_names(taken: Iterable[str], count: int) -> list[str]:
    """`count` bot names not yet at the table, in BOT_NAMES order."""
    used = set(taken)
    return [name for name in BOT_NAMES if name not in used][:count]


def seat_name(seat: Any) -> str:
    """Whoever holds a `Seat` as people read it: the player's display name, or the bot's."""
    if seat.bot:
        return bot_name(seat.bot)
    return display_name(seat.user)
