"""Builders for the board tests: games under way, seats' tables, the text a reader sees."""

from __future__ import annotations

import gzip
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from typing import Any

import engine
from games import selectors
from games.models import Game
from tests.games.helpers import play_moves, start_game, state_of


def running_game(slug: str, num_players: int, moves: int, seed: int = 3) -> tuple[Game, list]:
    """A game with a fixed deal (the seat order is still shuffled at start) after `moves` random moves."""
    game, users = start_game(slug, num_players, seed=seed)
    return play_moves(game, users, moves, random.Random(seed)), users


def table_for(game: Game, user) -> selectors.Table:
    return selectors.table(game_id=game.pk, user=user)


def secrets_of_others(game: Game, seat: int | None) -> set[str]:
    return game.engine.secrets_from(state_of(game), seat)


def gzipped_size(text: str | bytes) -> int:
    data = text.encode() if isinstance(text, str) else text
    return len(gzip.compress(data))


# -- what a reader sees ------------------------------------------------------------------------
class _Text(HTMLParser):
    """The text of a page, or of the element with `wanted` id, as a reader sees it."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col"})

    def __init__(self, wanted: str | None) -> None:
        super().__init__()
        self.wanted, self.depth, self.parts = wanted, 0 if wanted else 1, []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script", "svg"):
            self.skip += 1
        if tag in self.VOID:
            if self.depth:
                self.parts.append(" ")
            return
        if self.depth:
            self.depth += 1
            self.parts.append(" ")
        elif self.wanted is not None and dict(attrs).get("id") == self.wanted:
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script", "svg"):
            self.skip -= 1
        if tag in self.VOID:
            return
        if self.depth:
            self.depth -= 1
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.parts.append(data)


def text_of(html: str, element_id: str | None = None) -> str:
    """The words a reader sees in `html` (or in its element `element_id`), spaces collapsed."""
    parser = _Text(element_id)
    parser.feed(html)
    return re.sub(r"\s+", " ", unescape("".join(parser.parts))).strip()


# -- random games played in the engine alone ---------------------------------------------------------------
@dataclass
class Played:
    """A random game: its rules, final state, and every (seat, action, events) in order."""

    rules: Any
    state: Any
    plays: list[tuple[int, dict[str, Any], list[dict[str, Any]]]] = field(default_factory=list)


def random_games(slug: str, count: int, *, options: bool = True) -> Iterator[Played]:
    """`count` random games to the end, with random player counts (and Lifeboat's options), an
    optional action of a seat not waited for now and then."""
    rules = engine.get_game(slug)
    for seed in range(count):
        rng = random.Random(seed)
        n = rng.randint(rules.min_players, rules.max_players)
        chosen = {}
        if options and slug == "lifeboat":
            chosen = {"sharks": rng.random() < 0.5, "ambivalent_scores": rng.random() < 0.5}
        state = rules.new_game(n, seed, chosen)
        game = Played(rules, state)
        for _ in range(5000):
            if rules.is_over(state):
                break
            waiting = rules.to_act(state)
            optional = [s for s in range(n) if s not in waiting and rules.legal_actions(state, s)]
            seat = rng.choice(optional if optional and rng.random() < 0.15 else waiting)
            action = rng.choice(rules.legal_actions(state, seat))
            game.plays.append((seat, action, rules.apply(state, seat, action)))
        yield game


#: A Lifeboat name as a label writes it ("The Captain", "A Kapitány"), which a sentence writes
#: only at its start: inside a sentence it is "the Captain", "a Kapitány".
LABEL_ARTICLES = {
    "en": re.compile(r"(?<!^)\b(The Captain|The Kid)\b"),
    "hu": re.compile(r"(?<!^)\bAz? [A-ZÁÉÍÓÖŐÚÜŰ]"),
}
