"""Reads for pages, fragments and the API.

Templates and API responses get plain dataclasses built here: game facts without the snapshot,
the engine's per-seat `view`, the seat's legal actions with labels, and the log filtered by the
events' visibility. The state is loaded from the snapshot (never replayed), and every selector
runs a fixed number of queries whatever the length of the game.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db import connection
from django.db.models import Count, Exists, F, OuterRef, QuerySet, Subquery

import engine
from accounts.selectors import display_names

from . import hooks
from .errors import GameNotFound
from .i18n import describe_actions
from .models import Game, Seat, SecretAssignment
from .recent import recent_events
from .services import invite_token_matches

#: How long a seat's secret cards stay cached (they never change once dealt).
SECRETS_CACHE_SECONDS = 24 * 3600
#: Shown in the log instead of a card the seat no longer sees.
HIDDEN = "?"

User = AbstractBaseUser | AnonymousUser
#: `json.dumps(..., sort_keys=True)` without building an encoder for every action's form.
_sorted_json = json.JSONEncoder(sort_keys=True).encode


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
    created_at: datetime
    finished_at: datetime | None

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


@dataclass(frozen=True)
class LobbyEntry:
    game: GameInfo
    is_member: bool
    is_creator: bool
    waiting_on_me: bool = False
    due_at: datetime | None = None


@dataclass(frozen=True)
class Player:
    index: int | None
    name: str
    resigned: bool
    waiting: bool
    due_at: datetime | None
    score: int | None
    place: int | None


@dataclass(frozen=True)
class LegalAction:
    action: dict[str, Any]
    label: str

    @property
    def as_json(self) -> str:
        return _sorted_json(self.action)


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
    legal_actions: list[LegalAction] = field(default_factory=list)
    to_act: list[int] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    my_secrets: list[tuple[str, str]] = field(default_factory=list)

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
        created_at=game.created_at,
        finished_at=game.finished_at,
    )


# -- lobby and history ------------------------------------------------------------------------
def _lobby_queryset(user: User):
    games = Game.objects.defer("snapshot").annotate(seats_taken=Count("seats"))
    if not user.is_authenticated:
        return games
    mine = Seat.objects.filter(game=OuterRef("pk"), user=user)
    return games.annotate(
        is_member=Exists(mine),
        waiting_on_me=Exists(mine.filter(waiting=True)),
        my_due_at=Subquery(mine.values("due_at")[:1]),
    )


def _entry(game: Game, user: User) -> LobbyEntry:
    return LobbyEntry(
        game=game_info(game, game.seats_taken),
        is_member=getattr(game, "is_member", False),
        is_creator=user.is_authenticated and game.created_by_id == user.pk,
        waiting_on_me=getattr(game, "waiting_on_me", False),
        due_at=getattr(game, "my_due_at", None),
    )


def open_games(*, user: User) -> list[LobbyEntry]:
    """Open public games, newest first, with seats taken and whether the user sits at them."""
    games = _lobby_queryset(user).filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
    return [_entry(game, user) for game in games.order_by("-created_at")]


def my_games(*, user: User) -> list[LobbyEntry]:
    """The user's open and running games: those waiting on them first, by deadline."""
    if not user.is_authenticated:
        return []
    games = (
        _lobby_queryset(user)
        .filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=user)))
        .filter(status__in=[Game.Status.OPEN, Game.Status.RUNNING])
        .order_by("-waiting_on_me", "my_due_at", "-created_at")
    )
    return [_entry(game, user) for game in games]


def finished_games(*, user: AbstractBaseUser) -> list[HistoryEntry]:
    """The user's finished games, latest first, with their place and score."""
    seats = (
        Seat.objects.filter(user=user, game__status=Game.Status.FINISHED)
        .select_related("game")
        .defer("game__snapshot")
        .order_by("-game__finished_at")
    )
    return [
        HistoryEntry(
            game=game_info(seat.game),
            seat=seat.index,
            score=seat.score,
            place=seat.place,
            resigned=seat.resigned,
        )
        for seat in seats
    ]


# -- the table --------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatRow:
    """What a table read needs of a seat, with its player's name. Read as plain values: building a
    Seat, a User and a Profile for every seat of every table read costs more than the query."""

    pk: int
    index: int | None
    user_id: int
    resigned: bool
    waiting: bool
    due_at: datetime | None
    score: int | None
    place: int | None
    joined_at: datetime
    name: str


SEAT_ROW_FIELDS = ("pk", "index", "user_id", "resigned", "waiting", "due_at", "score", "place", "joined_at")


def _sql_for_any_game(queryset: QuerySet[Any]) -> str:
    """The SQL of `queryset`, a query on game 0, to run (`raw`) with another game's id."""
    sql, params = queryset.query.sql_with_params()
    assert params == (0,), params
    return sql


@functools.cache
def _game_sql() -> str:
    """A table read's game row. Its SQL is compiled once: compiling the ORM's query costs several
    times what the database takes to answer it."""
    return _sql_for_any_game(Game.objects.filter(pk=0))


@functools.cache
def _seats_sql() -> str:
    """A table read's seats with their players' names, compiled once as `_game_sql`."""
    named = Seat.objects.filter(game_id=0).annotate(name=F("user__profile__display_name"))
    return _sql_for_any_game(named.only(*(f for f in SEAT_ROW_FIELDS if f != "pk")))


def _game_id(value: Any) -> int:
    """`value` as a game id a query can take (the raw queries lack the ORM's checks), else
    GameNotFound."""
    try:
        game_id = int(value)
    except (ValueError, TypeError):
        raise GameNotFound() from None
    _, largest = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if game_id < 1 or (largest is not None and game_id > largest):  # SQLite refuses larger ints
        raise GameNotFound()
    return game_id


def seat_rows(game: Game) -> list[SeatRow]:
    """The game's seats in seat order, with their players' names (one query)."""
    seats = Seat.objects.raw(_seats_sql(), [game.pk])
    rows = [SeatRow(*(getattr(seat, f) for f in SEAT_ROW_FIELDS), seat.name) for seat in seats]
    unnamed = [row.user_id for row in rows if row.name is None]
    if unnamed:  # users from before profiles: created with their defaults, as display_name does
        names = display_names(get_user_model().objects.filter(pk__in=unnamed))
        rows = [replace(row, name=names[row.user_id]) if row.name is None else row for row in rows]
    return rows


@dataclass(frozen=True)
class TableHead:
    """The rows a table read starts from (the game, its seats, the reader's seat), access checked.

    `shell` holds everything of the `Table` but the per-seat view, legal actions, log and secrets,
    which `table_from` adds.
    """

    game: Game
    mine: SeatRow | None
    shell: Table

    @property
    def started(self) -> bool:
        return self.game.snapshot is not None


def table(*, game_id: int, user: User, invite_token: str | None = None) -> Table:
    """What `user` may see of a game: their seat's view, or the spectator's.

    Private games are GameNotFound for anyone who is neither seated nor holding the invite token.
    """
    return table_from(table_head(game_id=game_id, user=user, invite_token=invite_token))


def table_head(*, game_id: int, user: User, invite_token: str | None = None) -> TableHead:
    """The game and its seats for `table`, after the access checks (two queries)."""
    game = next(iter(Game.objects.raw(_game_sql(), [_game_id(game_id)])), None)
    if game is None:
        raise GameNotFound()
    return _head(game, seat_rows(game), user, invite_token)


def table_head_of(*, game: Game, user: User) -> TableHead:
    """`table_head` for a game row already read, such as the one a move returns (one query)."""
    return _head(game, seat_rows(game), user, None)


def _head(game: Game, seats: list[SeatRow], user: User, invite_token: str | None) -> TableHead:
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    if (
        mine is None
        and game.visibility == Game.Visibility.PRIVATE
        and not invite_token_matches(game, invite_token)
    ):
        raise GameNotFound()
    if mine is None and not hooks.can_see_game(game=game, user=user):
        raise GameNotFound()  # club-only games: members of the club only

    players = [
        Player(
            index=s.index,
            name=s.name,
            resigned=s.resigned,
            waiting=s.waiting,
            due_at=s.due_at,
            score=s.score,
            place=s.place,
        )
        for s in seats
    ]
    common = {
        "game": game_info(game, len(seats)),
        "players": players,
        "is_member": mine is not None,
        "is_creator": user.is_authenticated and game.created_by_id == user.pk,
        "resigned": mine is not None and mine.resigned,
        "invite_token": game.invite_token if mine is not None else None,
    }
    seat = mine.index if mine is not None and game.snapshot is not None else None
    return TableHead(game=game, mine=mine, shell=Table(**common, seat=seat, view=None))


def table_from(head: TableHead) -> Table:
    """The whole `Table` for a head: the seat's view, legal actions, log and secret cards."""
    game, mine = head.game, head.mine
    if game.snapshot is None:
        return head.shell
    seat = head.shell.seat
    common = {
        "game": head.shell.game,
        "players": head.shell.players,
        "is_member": head.shell.is_member,
        "is_creator": head.shell.is_creator,
        "resigned": head.shell.resigned,
        "invite_token": head.shell.invite_token,
    }
    rules = game.engine
    state = rules.from_json(game.snapshot)
    over = rules.is_over(state)
    legal = [] if seat is None or mine.resigned else rules.legal_actions(state, seat)
    hidden = rules.secrets_from(state, seat)
    log = engine.events_for(
        [event for action in recent_events(game) for event in action], seat, game_over=over
    )
    if hidden:
        for event in log:
            _redact(event, hidden)
    return Table(
        **common,
        seat=seat,
        view=rules.view(state, seat),
        legal_actions=[
            LegalAction(a, label)
            for a, label in zip(legal, describe_actions(rules, state, seat, legal), strict=True)
        ],
        to_act=rules.to_act(state),
        log=log,
        my_secrets=secrets_for_seat(seat=mine) if mine is not None else [],
    )


def _redact(value: dict[str, Any] | list[Any], hidden: set[str]) -> None:
    """Replace every string the seat may not know now by HIDDEN, in `value` (an event, or a list
    or dict inside one) and all it holds.

    An event shows a seat what it could see at the time (a trade offer's cards, a draft); once
    those cards are out of its sight again the engine lists them in `secrets_from`, and the log
    must not show more than the seat's current view.

    The events are this read's own (`recent_events` returns a fresh copy), so they are changed in
    place, which costs a third less than copying them; they are JSON data, so exact type tests do.
    """
    items = value.items() if type(value) is dict else enumerate(value)
    for key, item in items:
        kind = type(item)
        if kind is str:
            if item in hidden:
                value[key] = HIDDEN
        elif kind is dict or kind is list:
            _redact(item, hidden)


def secrets_for_seat(*, seat: SeatRow) -> list[tuple[str, str]]:
    """(kind, card) dealt secretly to this seat; callers pass only the requesting user's own seat.

    Dealt once, at the start, and never changed: kept in the cache under the seat (its join time
    too, as a database that reuses ids could give another seat the same id).
    """
    key = f"secrets:{seat.pk}:{seat.joined_at.timestamp()}"
    secrets = cache.get(key)
    if secrets is None:
        secrets = list(SecretAssignment.objects.filter(seat_id=seat.pk).values_list("kind", "card"))
        cache.set(key, secrets, SECRETS_CACHE_SECONDS)
    return secrets
