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

from . import hooks, live
from .board.labels import label
from .board.log import Played
from .board.options import ShownOption, game_options
from .board.prompt import action_json
from .errors import GameNotFound
from .models import Action, Game, GameVote, LearnPanelDismissal, Seat, SeatChange
from .recent import recent_actions
from .seats import bot_name
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
    #: Actions played so far (what a page showed, for "since you last looked").
    move_count: int = 0
    #: Rated even with bots at the table: whoever joins agrees to that (`Game.bots_rated`).
    bots_rated: bool = False
    #: The reliability (percent) a player needs to join; None: anyone may.
    min_reliability: int | None = None

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
    """Open public games, newest first, with seats taken, whether the user sits at them, and their
    players with each one's reliability; three queries whatever the number of games."""
    return _open_games(user)[0]


def _open_games(user: User) -> tuple[list[LobbyEntry], dict[int, int | None]]:
    """The open games, and the reliability of their players and of the reader (one lookup)."""
    games = list(
        _lobby_queryset(user)
        .filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
        .order_by("-created_at")
    )
    seats = list(
        Seat.objects.filter(game__in=games)
        .order_by("joined_at")
        .values("game_id", "user_id", "user__profile__display_name")
    )
    reader = [user.pk] if user.is_authenticated else []
    reliability = hooks.reliability_percent(sorted({s["user_id"] for s in seats} | set(reader)))
    unnamed = [s["user_id"] for s in seats if s["user__profile__display_name"] is None]
    names = display_names(get_user_model().objects.filter(pk__in=unnamed)) if unnamed else {}
    players: dict[int, list[LobbyPlayer]] = {g.pk: [] for g in games}
    for s in seats:
        name = s["user__profile__display_name"] or names[s["user_id"]]
        players[s["game_id"]].append(LobbyPlayer(s["user_id"], name, reliability[s["user_id"]]))
    return [replace(_entry(game, user), players=players[game.pk]) for game in games], reliability


@dataclass(frozen=True)
class Lobby:
    open_games: list[LobbyEntry]
    my_games: list[LobbyEntry]
    #: The reader's own reliability in percent (None before a first decision).
    my_reliability: int | None


def lobby(*, user: User) -> Lobby:
    """The lobby page: open games with their players' reliability, the reader's games and the
    reader's own reliability."""
    entries, reliability = _open_games(user)
    return Lobby(open_games=entries, my_games=my_games(user=user), my_reliability=reliability.get(user.pk))


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
    user_id: int | None
    resigned: bool
    waiting: bool
    due_at: datetime | None
    score: int | None
    place: int | None
    name: str
    #: The bot that plays the seat ("" for a person) and whether it is offered to a substitute.
    bot: str = ""
    offered: bool = False


SEAT_ROW_FIELDS = (
    "pk",
    "index",
    "user_id",
    "resigned",
    "waiting",
    "due_at",
    "score",
    "place",
    "bot",
    "offered",
)


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
    # A bot's name is worded in the reader's language by `table_of` (these rows are shared).
    rows = [replace(row, name=row.bot) if row.bot else row for row in rows]
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
    """The game and the reader's seat, after the access checks, from the game's entry in the
    shared cache (`live`: the row and seats as the latest write left them; no query when it is
    there)."""
    entry = live.current(game_id)
    if entry is None:
        raise GameNotFound()
    mine = entry.seat_of(user.pk) if user.is_authenticated else None
    return _head(entry.game, mine, user, invite_token)


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


def _new_to_game() -> dict[str, Exists]:
    """Annotations of a reader's Seat row for the "new to this game" panel: whether they sat at
    another running or finished game of its kind, and whether they dismissed that kind's panel."""
    played = Seat.objects.filter(
        user_id=OuterRef("user_id"),
        game__slug=OuterRef("game__slug"),
        game__status__in=[Game.Status.RUNNING, Game.Status.FINISHED],
    ).exclude(game_id=OuterRef("game_id"))
    dismissed = LearnPanelDismissal.objects.filter(user_id=OuterRef("user_id"), slug=OuterRef("game__slug"))
    return {"played_before": Exists(played), "learn_dismissed": Exists(dismissed)}


def learn_panel_shown(*, head: TableHead) -> bool:
    """Whether the reader sees the "new to this game" panel on this table: they sit at it, have
    never sat at another running or finished game of its kind, and have not dismissed the panel
    of that kind (one query, for a seated reader's full page only: `table_head` reads the seat
    from the shared cache)."""
    mine = head.mine
    if mine is None:
        return False
    row = Seat.objects.filter(pk=mine.pk).annotate(**_new_to_game())
    found = row.values("played_before", "learn_dismissed").first()
    return found is not None and not (found["played_before"] or found["learn_dismissed"])


#: The most actions "since you last looked" covers (older looks mark nothing new).
MAX_UNSEEN = 60


def seen_view(game: Game, seat: int | None, since: int) -> dict[str, Any]:
    """The view of `seat` after the game's first `since` actions: the deal played forward."""
    rules = game.engine
    state = rules.new_game(game.num_players, game.seed, game.options)
    steps = (
        Action.objects.filter(game=game, seq__lte=since).order_by("seq").values_list("seat_index", "payload")
    )
    for seat_index, payload in steps:
        rules.apply(state, seat_index, dict(payload))
    return rules.view(state, seat)


def _invited_to_rematch(game: Game, user: User) -> bool:
    """A rematch's invited players (those of the game it replays) see it while it is open."""
    return (
        game.rematch_of_id is not None
        and game.status == Game.Status.OPEN
        and user.is_authenticated
        and Seat.objects.filter(game_id=game.rematch_of_id, user_id=user.pk).exists()
    )


def table_of(head: TableHead, since: int | None = None) -> Table:
    """The whole `Table` for a head: the seats with their players' names, and once the game has
    started the seat's view, its legal actions and its log. `since`: the move count the reader
    last saw (what is new since is marked; ignored when out of range)."""
    game, mine = head.row, head.mine
    seats = seat_rows(game)
    user_id = mine.user_id if mine is not None else None
    table = Table(
        game=game_info(game, len(seats)),
        players=[
            Player(
                index=s.index,
                name=bot_name(s.bot) if s.bot else s.name,
                is_bot=bool(s.bot),
                offered=s.offered,
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
        creator=next(
            (s.name for s in seats if s.user_id is not None and s.user_id == game.created_by_id), None
        ),
    )
    if game.snapshot is None:
        return table
    seat = head.seat
    rules = game.engine
    state = rules.from_json(game.snapshot)
    over = rules.is_over(state)
    view = rules.view(state, seat)
    legal = [] if seat is None or table.resigned else rules.legal_actions(state, seat)
    recent = recent_actions(game)
    first_seq = game.move_count - len(recent) + 1
    held_since = mine.held_since if mine is not None else 0
    log = [
        Played(
            seat=a["seat"],
            timed_out=a["timed_out"],
            # A substitute reads what happened before they took the seat as a spectator would.
            events=engine.events_for(
                a["events"], seat if first_seq + k > held_since else None, game_over=over
            ),
        )
        for k, a in enumerate(recent)
    ]
    unseen = 0
    before = None
    if since is not None and 0 <= since < game.move_count and game.move_count - since <= MAX_UNSEEN:
        unseen = min(game.move_count - since, len(log))
        before = seen_view(game, seat, since)
    return replace(
        table,
        view=view,
        legal_actions=[LegalAction(a, label(game.slug, view, a)) for a in legal],
        to_act=rules.to_act(state),
        log=log,
        seen_view=before,
        unseen=unseen,
    )


# -- who sits where: substitutes, bots, votes ---------------------------------------------------
@dataclass(frozen=True)
class SeatChangeLine:
    """A change of hands as the history shows it: after `at_move` actions, `before` left the seat
    `number` (counted from 1) and `after` took it."""

    number: int
    at_move: int
    before: str
    after: str
    created_at: datetime


@dataclass(frozen=True)
class SeatOption:
    """A seat whose player is gone (resigned or absent), a bot's seat, or one offered: what the
    reader may do about it."""

    index: int
    number: int
    name: str
    resigned: bool
    absent: bool
    is_bot: bool
    offered: bool
    #: Players still at the table who voted to hand it to a bot, of how many.
    bot_votes: int
    voted_bot: bool


@dataclass(frozen=True)
class SeatPanel:
    """The part of a running game's page about who sits where; read per reader (never cached
    with the table: an organiser may sit elsewhere or not at all)."""

    game_id: int
    version: int
    running: bool
    is_organiser: bool
    #: The reader holds a seat that still plays (not a bot's, not resigned, not absent).
    is_active: bool
    is_seated: bool
    can_take: bool
    has_bots: bool
    active_count: int
    abandon_votes: int
    voted_abandon: bool
    seats: list[SeatOption]
    changes: list[SeatChangeLine]

    @property
    def shown(self) -> bool:
        return bool(self.changes or self.is_active or self.is_organiser or (self.can_take and self.offered))

    @property
    def offered(self) -> list[SeatOption]:
        return [s for s in self.seats if s.offered]


def seat_changes(game: Game) -> list[SeatChangeLine]:
    """The game's changes of hands, oldest first, with the names of who left and who came."""
    rows = list(SeatChange.objects.filter(game=game).order_by("at_move", "pk"))
    users = {r.from_user_id for r in rows} | {r.to_user_id for r in rows}
    names = display_names(get_user_model().objects.filter(pk__in=[u for u in users if u is not None]))

    def who(user_id: int | None, bot: str) -> str:
        if bot:
            return bot_name(bot)
        return names.get(user_id, "?") if user_id is not None else "?"

    return [
        SeatChangeLine(
            number=r.seat_index + 1,
            at_move=r.at_move,
            before=who(r.from_user_id, r.from_bot),
            after=who(r.to_user_id, r.to_bot),
            created_at=r.created_at,
        )
        for r in rows
    ]


def seat_panel(*, game: Game, user: User) -> SeatPanel:
    """Who sits where in a started game, and what `user` may do about it."""
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    running = game.status == Game.Status.RUNNING
    absent = hooks.absent_seats(game_id=game.pk) if running else set()
    active = [s for s in seats if not s.is_bot and not s.resigned and s.index not in absent]
    active_users = {s.user_id for s in active}
    votes = list(GameVote.objects.filter(game=game).values_list("kind", "seat_index", "user_id"))
    rows = {s.index: s for s in seat_rows(game)}

    def counted(kind: str, index: int) -> int:
        return sum(1 for k, i, u in votes if k == kind and i == index and u in active_users)

    def voted(kind: str, index: int) -> bool:
        return user.is_authenticated and any(k == kind and i == index and u == user.pk for k, i, u in votes)

    options = [
        SeatOption(
            index=s.index,
            number=s.index + 1,
            name=bot_name(s.bot) if s.bot else rows[s.index].name,
            resigned=s.resigned,
            absent=s.index in absent,
            is_bot=s.is_bot,
            offered=s.offered,
            bot_votes=counted(GameVote.Kind.BOT, s.index),
            voted_bot=voted(GameVote.Kind.BOT, s.index),
        )
        for s in seats
        if s.index is not None and (s.is_bot or s.resigned or s.offered or s.index in absent)
    ]
    return SeatPanel(
        game_id=game.pk,
        version=game.version,
        running=running,
        is_organiser=running and hooks.is_organiser(game=game, user=user),
        is_active=running and mine is not None and mine in active,
        is_seated=mine is not None,
        can_take=running and user.is_authenticated and mine is None,
        has_bots=game.slug in engine.BOTS,
        active_count=len(active),
        abandon_votes=counted(GameVote.Kind.ABANDON, -1),
        voted_abandon=voted(GameVote.Kind.ABANDON, -1),
        seats=options,
        changes=seat_changes(game),
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
