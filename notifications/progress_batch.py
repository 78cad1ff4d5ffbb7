"""The data one `record_progress` call works on: the game writes it is given (`GameProgress`),
each game's `ProgressedGame` (its state, seats and their bookkeeping) and the `Effects` its steps gather
over all games, written at the end (`progress`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import engine
from games.models import Game
from games.selectors import GameRead

from .models import Notification, Prompt, SeatStatus


@dataclass
class GameProgress:
    """The game writes `record_progress` handles for one game: the game (its latest version), the
    seats whose players acted and the actions the writes added (seq, seat_index, source)."""

    game: Game
    acted_seats: frozenset[int] = frozenset()
    kind: str = "action"
    #: The actions these writes added; None: read them from the log.
    new_actions: list[dict[str, Any]] | None = None
    #: Seats the writes marked absent (games' idle ladder), [[seat index, seq], ...]: mailed.
    absent: list[list[int]] = field(default_factory=list)


@dataclass
class ProgressedGame:
    """One game of a `record_progress` call: its write, the game read seat by seat (games'
    `GameRead`: views, legal actions, results; never its state), its seats and their bookkeeping."""

    write: GameProgress
    read: GameRead
    over: bool
    #: The seats the game waits for (none once it is over).
    to_act: list[int]
    #: The seated players (values of `progress._load_seats`), and the same by seat index.
    seats: list[dict[str, Any]]
    by_index: dict[int, dict[str, Any]]
    statuses: dict[int, SeatStatus]
    ctx: dict[str, Any]
    #: The statuses this game's steps changed, by seat index.
    changed: dict[int, SeatStatus] = field(default_factory=dict)
    #: Seats of players away (on vacation) waited for: played at once.
    autoplay: list[int] = field(default_factory=list)

    @property
    def game(self) -> Game:
        return self.write.game

    @property
    def rules(self) -> engine.Game:
        return self.read.rules


@dataclass
class Effects:
    """What one `record_progress` call writes, gathered over its games and written at the end."""

    now: dt.datetime
    ids: list[int]
    #: user id -> what other players see (mails name players so).
    names: dict[int, str]
    #: game id -> its latest actions, for the games whose write did not say what it added.
    logs: dict[int, list[dict[str, Any]]]
    #: game id -> its idle-ladder limit: read once per call, and only when a deadline played.
    rows: list[Notification] = field(default_factory=list)
    dirty: list[SeatStatus] = field(default_factory=list)
    close_ids: list[int] = field(default_factory=list)
    #: game version -> prompts kept valid at it.
    kept: dict[int, list[int]] = field(default_factory=dict)
    retimed: list[Prompt] = field(default_factory=list)
    fresh: list[tuple[Prompt, ProgressedGame]] = field(default_factory=list)
    autoplays: list[tuple[Game, list[int]]] = field(default_factory=list)
    #: Games whose table notices change.
    absence_changed: set[int] = field(default_factory=set)
    #: Dedupe keys of the mails of prompts made in this call (new for sure).
    new_keys: set[str] = field(default_factory=set)
