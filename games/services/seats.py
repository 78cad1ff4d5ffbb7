"""Who sits in a seat: bots filling an open game, substitutes, seats handed to bots, abandoning.

Keyword-only and atomic like every game write: the game row locked, the version the client saw
checked, the version bumped; a change of hands is stored like a move (`moves._store_state`, with
no action) so the seat's deadline, its prompt and its mail follow the new holder, and the history
keeps a `SeatChange`.

- The creator of an open game may fill its free seats with bots and start it at once
  (`game_fill_with_bots`).
- A seat whose player resigned or was marked absent (the idle ladder: `turns`) may be offered
  to a substitute by an organiser (`seat_offer`: the creator,
  or whom `hooks.is_organiser` names: a club's admins, a league's organiser), or handed to a bot by
  an organiser or by a majority of the active seats' votes (`seat_to_bot`, `game_vote`). Another
  member takes an offered seat over (`seat_take`), also one a bot holds (taking it back).
- The active seats may vote to abandon the game, an organiser may cancel it (`game_cancel`); an
  abandoned game is not rated.

An active seat is a person's seat that neither resigned nor is marked absent.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

import engine
from accounts.selectors import display_name

from .. import hooks, waiting
from ..errors import GameNotFound, InvalidRequest, NotAllowed, WrongStatus
from ..models import Game, GameVote, Seat, SeatChange
from ..seats import free_bot_names
from . import notices, turns
from .lobby import game_start, invite_token_matches
from .moves import _bump, _check_version, _locked_game, _require_status, _store_state, stop_game


# -- filling an open game with bots ------------------------------------------------------------
@transaction.atomic
def game_fill_with_bots(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """The creator fills the open game's free seats with bots and starts it at once."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    _require_seated(game, seats, user)
    if game.created_by_id != user.pk:
        raise NotAllowed(_("Only the creator can fill the seats with bots."))
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    if game.slug not in engine.BOTS:
        raise InvalidRequest(_("This game has no bots."))
    free = game.num_players - len(seats)
    if free <= 0:
        raise WrongStatus(_("This game is full."))
    names = free_bot_names((s.bot for s in seats), free)
    Seat.objects.bulk_create(Seat(game=game, user=None, bot=name) for name in names)
    _bump(game, "joined")
    return game_start(game_id=game.pk, user=user)


# -- substitutes and bots in a running game ----------------------------------------------------
@transaction.atomic
def seat_offer(
    *, game_id: int, user: AbstractBaseUser, seat_index: int, expected_version: int | None = None
) -> Game:
    """An organiser offers a seat whose player resigned or is absent (or a bot's) to a substitute."""
    game, seats, seat = _running_seat(game_id, seat_index, expected_version)
    _require_organiser(game, user)
    if seat.offered:
        raise WrongStatus(_("That seat is already offered to a substitute."))
    if not seat.is_bot:
        _require_gone(seat)
    seat.offered = True
    seat.save(update_fields=["offered"])
    _bump(game, "seat_offered")
    notices.seat_offered(game, seats, seat)
    return game


@transaction.atomic
def seat_take(
    *,
    game_id: int,
    user: AbstractBaseUser,
    seat_index: int,
    expected_version: int | None = None,
    invite_token: str | None = None,
) -> Game:
    """Another member takes over an offered seat (from a player who left, or from a bot): from now
    on the seat and what it sees are theirs, and the player who left sees it no more."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    seated = any(s.user_id == user.pk for s in seats)
    private = game.visibility == Game.Visibility.PRIVATE
    if private and not seated and not invite_token_matches(game, invite_token):
        raise GameNotFound()
    if game.visibility == Game.Visibility.CLUB and not hooks.can_see_game(game=game, user=user):
        raise GameNotFound()
    _check_version(game, expected_version)
    _require_status(game, Game.Status.RUNNING)
    seat = _seat_at(seats, seat_index)
    if seated:
        raise WrongStatus(_("You already have a seat in this game."))
    if not seat.offered:
        raise NotAllowed(_("That seat is not offered to a substitute."))
    _change_hands(game, seats, seat, to_user=user, to_bot="")
    return game


@transaction.atomic
def seat_to_bot(
    *, game_id: int, user: AbstractBaseUser, seat_index: int, expected_version: int | None = None
) -> Game:
    """An organiser hands a resigned or absent player's seat to a bot (instead of the mildest
    default moves); the seat stays offered, so a substitute can take it back."""
    game, seats, seat = _running_seat(game_id, seat_index, expected_version)
    _require_organiser(game, user)
    _hand_to_bot(game, seats, seat)
    return game


@transaction.atomic
def game_cancel(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """An organiser cancels a running game: it is abandoned, not rated."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    _require_organiser(game, user)
    _check_version(game, expected_version)
    _require_status(game, Game.Status.RUNNING)
    stop_game(game, seats, kind="abandoned", why="cancelled")
    return game


@transaction.atomic
def game_vote(
    *,
    game_id: int,
    user: AbstractBaseUser,
    kind: str,
    seat_index: int | None = None,
    expected_version: int | None = None,
) -> tuple[Game, bool]:
    """An active seat's vote to abandon the game (`kind` "abandon") or to hand a gone player's seat
    to a bot ("bot", with `seat_index`). When more than half of the active seats agree, it is done
    at once. Returns the game and whether the vote carried."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    mine = _require_seated(game, seats, user)
    _check_version(game, expected_version)
    _require_status(game, Game.Status.RUNNING)
    active = [s for s in seats if not s.is_bot and not s.resigned and not s.absent]
    if mine not in active:
        raise NotAllowed(_("Only players still at the table can vote."))
    if kind == GameVote.Kind.ABANDON:
        target = -1
    elif kind == GameVote.Kind.BOT:
        if not isinstance(seat_index, int) or isinstance(seat_index, bool):
            raise InvalidRequest(_("Say which seat."))
        seat = _seat_at(seats, seat_index)
        _require_gone(seat)
        target = seat.index
    else:
        raise InvalidRequest(_("Unknown vote."))
    GameVote.objects.get_or_create(game=game, user=user, kind=kind, seat_index=target)
    voters = set(
        GameVote.objects.filter(game=game, kind=kind, seat_index=target).values_list("user_id", flat=True)
    )
    carried = 2 * sum(1 for s in active if s.user_id in voters) > len(active)
    if not carried:
        _bump(game, "voted")
    elif kind == GameVote.Kind.ABANDON:
        stop_game(game, seats, kind="abandoned", why="vote")
    else:
        _hand_to_bot(game, seats, seat)
    return game, carried


# -- helpers -----------------------------------------------------------------------------------
def _running_seat(
    game_id: int, seat_index: int, expected_version: int | None
) -> tuple[Game, list[Seat], Seat]:
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    _check_version(game, expected_version)
    _require_status(game, Game.Status.RUNNING)
    return game, seats, _seat_at(seats, seat_index)


def _seat_at(seats: list[Seat], seat_index: object) -> Seat:
    seat = next((s for s in seats if s.index == seat_index), None)
    if seat is None:
        raise InvalidRequest(_("There is no such seat."))
    return seat


def _require_seated(game: Game, seats: list[Seat], user: AbstractBaseUser) -> Seat:
    for seat in seats:
        if seat.user_id is not None and seat.user_id == user.pk:
            return seat
    if game.visibility != Game.Visibility.PUBLIC and not hooks.is_organiser(game=game, user=user):
        raise GameNotFound()
    raise NotAllowed(_("You have no seat in this game."))


def _require_organiser(game: Game, user: AbstractBaseUser) -> None:
    if hooks.is_organiser(game=game, user=user):
        return
    if game.visibility == Game.Visibility.PRIVATE and not game.seats.filter(user_id=user.pk).exists():
        raise GameNotFound()
    raise NotAllowed(_("Only the game's organisers can do that."))


def _require_gone(seat: Seat) -> None:
    """The seat is a person's who resigned or was marked absent."""
    if seat.is_bot:
        raise WrongStatus(_("A bot already plays that seat."))
    if not seat.resigned and not seat.absent:
        raise WrongStatus(_("That seat's player has neither resigned nor been marked absent."))


def _hand_to_bot(game: Game, seats: list[Seat], seat: Seat) -> None:
    if game.slug not in engine.BOTS:
        raise InvalidRequest(_("This game has no bots."))
    _require_gone(seat)
    name = free_bot_names((s.bot for s in seats), 1)
    if not name:
        raise WrongStatus(_("No bot is free to take the seat."))
    _change_hands(game, seats, seat, to_user=None, to_bot=name[0])


def _change_hands(
    game: Game, seats: list[Seat], seat: Seat, *, to_user: AbstractBaseUser | None, to_bot: str
) -> None:
    """The seat passes to `to_user` or the bot `to_bot`, stored like a move without an action (its
    deadline starts again for the new holder, its prompt goes to them), with its SeatChange."""
    SeatChange.objects.create(
        game=game,
        seat_index=seat.index,
        at_move=game.move_count,
        from_user_id=seat.user_id,
        from_bot=seat.bot,
        to_user=to_user,
        to_bot=to_bot,
    )
    waiting.forget_waiting([seat.user_id])  # the player who held it (the new one is the write's)
    to_name = display_name(to_user) if to_user is not None else to_bot
    notices.seat_handed(game, seat, from_user_id=seat.user_id, to_name=to_name, to_bot=bool(to_bot))
    seat.user, seat.bot = to_user, to_bot
    seat.held_since = game.move_count
    seat.resigned = False
    seat.offered = bool(to_bot)  # a bot's seat stays open to a person taking it back
    seat.waiting = False  # waited for again by `_store_state`, with a deadline for the new holder
    turns.restart_ladder(seat)  # the new holder is not absent
    seat.save(
        update_fields=[
            "user",
            "bot",
            "held_since",
            "resigned",
            "offered",
            "waiting",
            "timeouts",
            "absent",
            "absent_since",
        ]
    )
    GameVote.objects.filter(game=game, kind=GameVote.Kind.BOT, seat_index=seat.index).delete()
    rules = game.engine
    state = rules.from_json(game.snapshot)
    _store_state(game, rules, state, seats, acted_seat=seat.index, kind="seat_changed")


@transaction.atomic
def seat_back(*, game_id: int, user: AbstractBaseUser) -> bool:
    """The player of a seat marked absent says they are back: the idle ladder starts afresh and
    their seat is asked again from its next decision. Whether it was marked absent."""
    game = _locked_game(game_id)
    seat = _require_seated(game, list(game.seats.all()), user)
    if not seat.absent:
        return False
    turns.restart_ladder(seat)
    seat.save(update_fields=["timeouts", "absent", "absent_since"])
    seats = list(game.seats.all())
    rules = game.engine
    state = rules.from_json(game.snapshot)
    # stored like a move without an action: the seat's decision is its player's again (a deadline,
    # a prompt), no longer played at once
    _store_state(game, rules, state, seats, acted_seat=None, kind="seat_back")
    return True
