"""Builders for the board tests: tables as `selectors.table` gives them, rendered fragments."""

from __future__ import annotations

import gzip
import random

from django.template.loader import render_to_string

from games import selectors
from games.models import Game
from tests.games.helpers import play_moves, start_game, state_of

FRAGMENTS = ("games/table.html#board", "games/table.html#log")


def running_game(slug: str, num_players: int, moves: int, seed: int = 3) -> tuple[Game, list]:
    """A game with a fixed deal (the seat order is still shuffled at start) after `moves` random moves."""
    game, users = start_game(slug, num_players, seed=seed)
    return play_moves(game, users, moves, random.Random(seed)), users


def table_for(game: Game, user) -> selectors.Table:
    return selectors.table(game_id=game.pk, user=user)


def render_fragments(table: selectors.Table) -> str:
    return "".join(render_to_string(name, {"t": table}) for name in FRAGMENTS)


def secrets_of_others(game: Game, seat: int | None) -> set[str]:
    rules = game.engine
    return rules.secrets_from(state_of(game), seat)


def gzipped_size(text: str | bytes) -> int:
    data = text.encode() if isinstance(text, str) else text
    return len(gzip.compress(data))
