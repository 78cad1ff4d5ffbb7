"""The table: a game read for one reader (access checked), with the seats, the seat's view, its
legal actions, the log, and what is new "since you last looked"."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import Exists, F, OuterRef

import engine
from accounts.selectors import display_names

from .. import hooks, live
from ..board.log import Played
from ..cache_keys import learn_panel_key, seats_key, seen_view_key
from ..errors import GameNotFound
from ..models import Action, Game, LearnPanelDismissal, Seat
from ..recent import recent_actions
from ..seats import bot_name
from ..services import invite_token_matches
from .info import GameInfo, Player, Table, User, game_info


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
    key = seats_key(game)
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
    of that kind. One query for a seated reader's full page, then the shared cache: an answer
    "no" never turns back to "yes"; a "yes" is kept an hour, and dropped when the panel is
    dismissed."""
    mine = head.mine
    if mine is None:
        return False
    key = learn_panel_key(mine.user_id, mine.game_id)
    shown = cache.get(key)
    if shown is None:
        row = Seat.objects.filter(pk=mine.pk).annotate(**_new_to_game())
        found = row.values("played_before", "learn_dismissed").first()
        shown = found is not None and not (found["played_before"] or found["learn_dismissed"])
        cache.set(key, shown, LEARN_PANEL_SHOWN_SECONDS if shown else LEARN_PANEL_HIDDEN_SECONDS)
    return bool(shown)


#: How long the panel's answer is kept: a "yes" may turn "no" when another table of the game
#: starts (it then shows at most this much longer); a "no" never turns back.
LEARN_PANEL_SHOWN_SECONDS = 3600
LEARN_PANEL_HIDDEN_SECONDS = 30 * 86400


#: The most actions "since you last looked" covers (older looks mark nothing new).
MAX_UNSEEN = 60


def seen_view(game: Game, seat: int | None, since: int) -> dict[str, Any]:
    """The view of `seat` after the game's first `since` actions: the one its table showed then,
    kept since that move's commit (`games.seen`), else the deal played forward to there."""
    key = seen_view_key(game, seat, since)
    view = cache.get(key)
    if view is not None:
        return view
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
    to_act = rules.to_act(state)
    recent = recent_actions(game)
    first_seq = game.move_count - len(recent) + 1
    held_since = mine.held_since if mine is not None else 0
    log = [
        Played(
            seat=a["seat"],
            timed_out=a["timed_out"],
            helped=a.get("helped", ""),
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
        legal_actions=legal,
        to_act=to_act,
        default_action=rules.default_action(state, seat) if legal and seat in to_act else None,
        log=log,
        seen_view=before,
        unseen=unseen,
    )
