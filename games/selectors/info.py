"""The plain dataclasses a game read gives templates and the API (`GameInfo`, `Table`, ...)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

import engine
from games.presentations import PRESENTATIONS, presentation

from ..board.log import Played
from ..board.options import ShownOption, game_options
from ..models import Game

User = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class GameInfo:
    id: int
    slug: str
    name: str
    status: str
    status_label: str
    version: int
    num_players: int
    seats_taken: int
    pace: str
    pace_label: str
    visibility: str
    options: dict[str, Any]
    rated: bool
    auto_start: bool
    created_at: datetime
    finished_at: datetime | None
    #: Actions played so far (what a page showed, for "since you last looked").
    move_count: int = 0
    #: Rated even with bots at the table: whoever joins agrees to that (`Game.bots_rated`).
    bots_rated: bool = False
    #: The reliability (percent) a player needs to join; None: anyone may.
    min_reliability: int | None = None
    #: A quick game (minor kinds to the assistants), and whether assistants are allowed at all.
    quick: bool = False
    assistants: bool = True

    @property
    def is_open(self) -> bool:
        return self.status == Game.Status.OPEN

    @property
    def is_running(self) -> bool:
        return self.status == Game.Status.RUNNING

    @property
    def is_finished(self) -> bool:
        return self.status == Game.Status.FINISHED

    @property
    def is_full(self) -> bool:
        return self.seats_taken >= self.num_players

    @property
    def shown_options(self) -> list[ShownOption]:
        """The game's options in words (label, explanation, value)."""
        if self.slug not in PRESENTATIONS:  # a game this site no longer shows: its options as named
            return game_options({}, {}, self.options)
        texts, defaults = presentation(self.slug).OPTIONS, engine.get_game(self.slug).options
        return game_options(texts, defaults, self.options)

    @property
    def changed_options(self) -> list[ShownOption]:
        """The options that differ from the printed rules' defaults."""
        return [o for o in self.shown_options if not o.default]


@dataclass(frozen=True)
class LobbyPlayer:
    user_id: int
    name: str
    #: Share of decisions made before the deadline, in percent; None before the first decision.
    reliability: int | None


@dataclass(frozen=True)
class LobbyEntry:
    game: GameInfo
    is_member: bool
    is_creator: bool
    waiting_on_me: bool = False
    due_at: datetime | None = None
    #: The seated players with their reliability (open games in the lobby).
    players: list[LobbyPlayer] = field(default_factory=list)


@dataclass(frozen=True)
class Player:
    index: int | None
    name: str
    resigned: bool
    waiting: bool
    due_at: datetime | None
    score: int | None
    place: int | None
    is_bot: bool = False
    offered: bool = False


@dataclass(frozen=True)
class Table:
    game: GameInfo
    players: list[Player]
    seat: int | None
    is_member: bool
    is_creator: bool
    resigned: bool
    invite_token: str | None
    view: dict[str, Any] | None
    #: The name of the player who created the game (who may start it), if they sit at it.
    creator: str | None = None
    legal_actions: list[dict[str, Any]] = field(default_factory=list)
    to_act: list[int] = field(default_factory=list)
    #: What a deadline would play for the reader's seat, while the game waits for it.
    default_action: dict[str, Any] | None = None
    #: The latest actions, each with the events of it this seat may read, oldest first.
    log: list[Played] = field(default_factory=list)
    #: The seat's view when the reader last looked (the move count they name), and how many
    #: actions they have not seen since (0: nothing is new, or it is not known).
    seen_view: dict[str, Any] | None = None
    unseen: int = 0

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act


@dataclass(frozen=True)
class HistoryEntry:
    game: GameInfo
    seat: int | None
    score: int | None
    place: int | None
    resigned: bool


def game_info(game: Game, seats_taken: int | None = None) -> GameInfo:
    return GameInfo(
        id=game.pk,
        slug=game.slug,
        name=engine.get_game(game.slug).name,
        status=game.status,
        status_label=str(game.get_status_display()),
        version=game.version,
        num_players=game.num_players,
        seats_taken=game.num_players if seats_taken is None else seats_taken,
        pace=game.pace,
        pace_label=str(game.get_pace_display()),
        visibility=game.visibility,
        options=dict(game.options),
        rated=game.rated,
        auto_start=game.auto_start,
        bots_rated=game.bots_rated,
        created_at=game.created_at,
        finished_at=game.finished_at,
        move_count=game.move_count,
        min_reliability=game.min_reliability,
        quick=game.quick,
        assistants=game.assistants,
    )
