"""Who sits where in a started game: substitutes, bots, votes, and the seats' changes of hands."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model

import engine
from accounts.selectors import display_names

from .. import hooks
from ..models import Game, GameVote, Seat, SeatChange
from ..seats import bot_name
from .info import User
from .tables import seat_rows


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
    absent = {s.index for s in seats if s.absent} if running else set()
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
