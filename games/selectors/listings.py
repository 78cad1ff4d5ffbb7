"""Lists of games: the lobby, the reader's games and history, public games to watch, rematches."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Exists, OuterRef, Subquery

from accounts.selectors import display_names

from .. import hooks
from ..models import Game, Seat
from .info import HistoryEntry, LobbyEntry, LobbyPlayer, User, game_info


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
