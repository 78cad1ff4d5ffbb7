"""Reads for pages, fragments and the API.

Templates and API responses get plain dataclasses built here: game facts without the snapshot,
the engine's per-seat `view`, the seat's legal actions with labels (worded from that view), and
the latest actions' events filtered by their visibility. The state is loaded from the snapshot
(never replayed), and every selector runs a fixed number of queries whatever the length of the
game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db.models import Count, Exists, F, OuterRef, Subquery

import engine
from accounts.selectors import display_names

from . import hooks
from .board.labels import label
from .board.log import Played
from .board.options import ShownOption, game_options
from .board.prompt import action_json
from .errors import GameNotFound
from .models import Game, Seat
from .recent import recent_actions
from .services import invite_token_matches

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
        return game_options(self.slug, self.options)

    @property
    def changed_options(self) -> list[ShownOption]:
        """The options that differ from the printed rules' defaults."""
        return [o for o in self.shown_options if not o.default]


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
        return action_json(self.action)


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
    legal_actions: list[LegalAction] = field(default_factory=list)
    to_act: list[int] = field(default_factory=list)
    #: The latest actions, each with the events of it this seat may read, oldest first.
    log: list[Played] = field(default_factory=list)

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
    """What a table read needs of a seat, with its player's name."""

    pk: int
    index: int | None
    user_id: int
    resigned: bool
    waiting: bool
    due_at: datetime | None
    score: int | None
    place: int | None
    name: str


SEAT_ROW_FIELDS = ("pk", "index", "user_id", "resigned", "waiting", "due_at", "score", "place")


#: How long a version's seats stay in the shared cache: each seat's table of a version reads them
#: once for all (a write bumps the version; a player's new name shows after at most this long).
SEATS_CACHE_SECONDS = 60


def seat_rows(game: Game) -> list[SeatRow]:
    """The game's seats in seat order, with their players' names: one query per game version (the
    next seat's table of the same version reads them from the shared cache)."""
    # The creation time too: a database that reuses ids could give another game the same id.
    key = f"seats:{game.pk}:{game.created_at.timestamp()}:{game.version}"
    rows = cache.get(key)
    if rows is None:
        rows = _seat_rows(game)
        cache.set(key, rows, SEATS_CACHE_SECONDS)
    return rows


def _seat_rows(game: Game) -> list[SeatRow]:
    rows = [
        SeatRow(**row)
        for row in Seat.objects.filter(game=game).values(
            *SEAT_ROW_FIELDS, name=F("user__profile__display_name")
        )
    ]
    unnamed = [row.user_id for row in rows if row.name is None]
    if unnamed:  # users from before profiles: created with their defaults, as display_name does
        names = display_names(get_user_model().objects.filter(pk__in=unnamed))
        rows = [replace(row, name=names[row.user_id]) if row.name is None else row for row in rows]
    return rows


@dataclass(frozen=True)
class TableHead:
    """A table read's start, access checked: the game row and the reader's seat (one query for a
    player). Enough for the page around the table and for the rendered table's cache key;
    `table_of` reads the rest (the seats with their players' names, the engine's part)."""

    row: Game
    mine: Seat | None
    game: GameInfo
    is_member: bool
    #: The reader's seat once the game has started (None for a spectator or an open game).
    seat: int | None

    @property
    def started(self) -> bool:
        return self.row.snapshot is not None


def table(*, game_id: int, user: User, invite_token: str | None = None) -> Table:
    """What `user` may see of a game: their seat's view, or the spectator's.

    Private games are GameNotFound for anyone who is neither seated nor holding the invite token.
    """
    return table_of(table_head(game_id=game_id, user=user, invite_token=invite_token))


def table_head(*, game_id: int, user: User, invite_token: str | None = None) -> TableHead:
    """The game and the reader's seat, after the access checks: one query for a player (their
    seat with its game), two for anyone else."""
    mine = None
    if user.is_authenticated:
        # `game__pk`, not `game_id`: the pk's lookup answers "none" for an id no database holds
        mine = Seat.objects.select_related("game").filter(game__pk=game_id, user=user).first()
    game = mine.game if mine is not None else Game.objects.filter(pk=game_id).first()
    if game is None:
        raise GameNotFound()
    return _head(game, mine, user, invite_token)


def table_head_of(*, game: Game, user: User) -> TableHead:
    """`table_head` for a game row already read, such as the one a move returns (one query)."""
    mine = Seat.objects.filter(game=game, user=user).first() if user.is_authenticated else None
    return _head(game, mine, user, None)


def _head(game: Game, mine: Seat | None, user: User, invite_token: str | None) -> TableHead:
    if (
        mine is None
        and game.visibility == Game.Visibility.PRIVATE
        and not invite_token_matches(game, invite_token)
        and not _invited_to_rematch(game, user)
    ):
        raise GameNotFound()
    if mine is None and not hooks.can_see_game(game=game, user=user):
        raise GameNotFound()  # club-only games: members of the club only
    return TableHead(
        row=game,
        mine=mine,
        game=game_info(game),
        is_member=mine is not None,
        seat=mine.index if mine is not None and game.snapshot is not None else None,
    )


def _invited_to_rematch(game: Game, user: User) -> bool:
    """A rematch's invited players (those of the game it replays) see it while it is open."""
    return (
        game.rematch_of_id is not None
        and game.status == Game.Status.OPEN
        and user.is_authenticated
        and Seat.objects.filter(game_id=game.rematch_of_id, user_id=user.pk).exists()
    )


def table_of(head: TableHead) -> Table:
    """The whole `Table` for a head: the seats with their players' names, and once the game has
    started the seat's view, its legal actions and its log."""
    game, mine = head.row, head.mine
    seats = seat_rows(game)
    user_id = mine.user_id if mine is not None else None
    table = Table(
        game=game_info(game, len(seats)),
        players=[
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
        ],
        seat=head.seat,
        is_member=mine is not None,
        is_creator=user_id is not None and game.created_by_id == user_id,
        resigned=mine is not None and mine.resigned,
        invite_token=game.invite_token if mine is not None else None,
        view=None,
        creator=next((s.name for s in seats if s.user_id == game.created_by_id), None),
    )
    if game.snapshot is None:
        return table
    seat = head.seat
    rules = game.engine
    state = rules.from_json(game.snapshot)
    over = rules.is_over(state)
    view = rules.view(state, seat)
    legal = [] if seat is None or table.resigned else rules.legal_actions(state, seat)
    log = [
        Played(
            seat=a["seat"],
            timed_out=a["timed_out"],
            events=engine.events_for(a["events"], seat, game_over=over),
        )
        for a in recent_actions(game)
    ]
    return replace(
        table,
        view=view,
        legal_actions=[LegalAction(a, label(game.slug, view, a)) for a in legal],
        to_act=rules.to_act(state),
        log=log,
    )


# -- watching and rematches -------------------------------------------------------------------
def public_running_games(*, user: User, limit: int = 50) -> list[LobbyEntry]:
    """Public games being played, latest started first: anyone may watch them (spectators see
    only what the spectator's view shows)."""
    games = _lobby_queryset(user).filter(status=Game.Status.RUNNING, visibility=Game.Visibility.PUBLIC)
    return [_entry(game, user) for game in games.order_by("-started_at", "-pk")[:limit]]


@dataclass(frozen=True)
class Rematch:
    """A finished game's rematch ("same table again") as its players see it."""

    id: int
    status: str
    status_label: str
    is_member: bool


def rematch_of(*, game_id: int, user: User) -> Rematch | None:
    """The open or running rematch of a finished game, if any (one query). Only the finished
    game's players may ask (the caller checks they sit at it)."""
    game = (
        Game.objects.filter(rematch_of_id=game_id, status__in=[Game.Status.OPEN, Game.Status.RUNNING])
        .defer("snapshot")
        .annotate(mine=Exists(Seat.objects.filter(game=OuterRef("pk"), user_id=user.pk or 0)))
        .order_by("pk")
        .first()
    )
    if game is None:
        return None
    return Rematch(
        id=game.pk,
        status=game.status,
        status_label=str(game.get_status_display()),
        is_member=bool(game.mine),
    )


def rematch_invitations(*, user: User) -> list[LobbyEntry]:
    """Open rematches of games the user played, where they have no seat yet (one query)."""
    if not user.is_authenticated:
        return []
    played = Seat.objects.filter(game=OuterRef("rematch_of"), user_id=user.pk)
    games = (
        _lobby_queryset(user)
        .filter(status=Game.Status.OPEN, rematch_of__isnull=False)
        .filter(Exists(played), is_member=False)
        .order_by("-created_at")
    )
    return [_entry(game, user) for game in games]
