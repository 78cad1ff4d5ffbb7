"""Shared machinery for every game: the contract and its guard, chance, events, windows."""

from .errors import IllegalAction
from .events import ALL, event, events_for, is_visible
from .game import Action, Event, Game
from .rng import Rng, seed_state
from .windows import Window

__all__ = [
    "ALL",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Rng",
    "Window",
    "event",
    "events_for",
    "is_visible",
    "seed_state",
]
