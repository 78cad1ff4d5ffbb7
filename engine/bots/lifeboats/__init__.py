"""A Lifeboats bot: keeps its figures on boats that will land, sinks the others' boats.

It reads only the seat's view (boats, seats, islands, hat counts, the open vote) and its legal
actions. Every decision is one step of look-ahead on a small model of the table (`model`: each
boat's chance to land, each player's expected points, the bot's own against the leader's and the
average opponent's): for each legal action the bot applies it to the model (a leak, an ejection,
a move, a figure placed or moved) and keeps the best (`bot`). A captain's hat is played when
deciding the vote alone (against what its colour card is likely to bring, and if no other hat is
likely to cancel it) is worth more than keeping the hat for one of the votes still to come; a
hat's owner or the tie-breaker then picks the best result.
"""

from .bot import LifeboatsBot

__all__ = ["LifeboatsBot"]
