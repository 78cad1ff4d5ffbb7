"""Shared machinery for every game: the contract and its guard, rules, chance, events, windows."""

from .errors import IllegalAction
from .events import ALL, event, events_for, is_visible
from .game import Game
from .rng import Rng, seed_state
from .rules import Action, Event, Rule, same_json
from .windows import Window

__all__ = [
    "ALL",
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Rng",
    "Rule",
    "Window",
    "event",
    "events_for",
    "is_visible",
    "same_json",
    "seed_state",
]
