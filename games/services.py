"""Every write to game rows goes through these functions.

Each is keyword-only and atomic, locks the game row (`select_for_update`) before reading it,
checks the version the client saw where one was sent, and bumps the version. Actions get the next
sequence number under that lock (and a unique constraint backs it), so two simultaneous
submissions of the same move apply exactly once and the other gets `StaleVersion`.

Resigning: a resigned seat stays in the game (its score still counts, the table keeps its size)
and from then on the engine's `default_action` is played for it, with source "resigned",
whenever the game waits for it, straight after the action that made it wait.

Work for after the write (mails, Celery tasks) hangs off `games.signals.game_changed`, which is
sent only once the transaction commits.
"""

from __future__ import annotations

import copy
import logging
import random
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import engine
from clubs import selectors as club_selectors
from clubs.models import Club
from notifications.models import GameWrite
from notifications.services import note_writes
from ratings.services import rate_finished_game

from . import recent
from .bulk import update_in_groups
from .errors import (
    GameError,
    GameNotFound,
    IllegalMove,
    InvalidRequest,
    NotAllowed,
    StaleVersion,
    WrongStatus,
)
from .models import Action, Game, Seat, SecretAssignment
from .signals import game_changed

logger = logging.getLogger(__name__)

#: Zones `<kind>:<seat>` whose cards are dealt secretly to a seat at start (Lifeboat).
SECRET_ZONE_KINDS = ("love", "hate")
#: A bound on default actions played in a row for resigned seats (games end long before).
MAX_AUTO_PLAYS = 10_000


# -- creating and filling a game --------------------------------------------------------------
@transaction.atomic
def game_create(
    *,
    user: AbstractBaseUser,
    slug: str,
    num_players: int,
    options: dict[str, Any] | None = None,
    pace: str = Game.Pace.HOURS_24,
    visibility: str = Game.Visibility.PUBLIC,
    rated: bool = True,
    club: Any = None,
) -> Game:
    """An open game with the creator in its first seat; options are stored with defaults filled."""
    try:
        game_rules = engine.get_game(slug)
    except KeyError:
        raise InvalidRequest(_("There is no game called “%(slug)s”.") % {"slug": slug}) from None
    if pace not in Game.Pace.values:
        raise InvalidRequest(_("Unknown pace."))
    if visibility not in Game.Visibility.values:
        raise InvalidRequest(_("Unknown visibility."))
    if not isinstance(options, dict | None):
        raise InvalidRequest(_("Options must be an object."))
    try:
        game_rules.new_game(num_players, 0, options)  # validates the player count and options
    except ValueError as exc:
        raise InvalidRequest(str(exc)) from None
    _check_club(visibility, club, user)
    game = Game.objects.create(
        slug=slug,
        options={**game_rules.options, **(options or {})},
        num_players=num_players,
        created_by=user,
        pace=pace,
        visibility=visibility,
        rated=rated,
        club=club,
    )
    Seat.objects.create(game=game, user=user)
    _after_commit(game, "created")
    return game


@transaction.atomic
def game_join(
    *,
    game_id: int,
    user: AbstractBaseUser,
    invite_token: str | None = None,
    expected_version: int | None = None,
) -> Game:
    """Take a free seat in an open game; a private game needs its invite token."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    if any(seat.user_id == user.pk for seat in seats):
        raise WrongStatus(_("You already have a seat in this game."))
    if game.visibility == Game.Visibility.PRIVATE and not invite_token_matches(game, invite_token):
        raise GameNotFound()
    if game.visibility == Game.Visibility.CLUB and not club_selectors.can_see_game(game=game, user=user):
        raise GameNotFound()
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    if len(seats) >= game.num_players:
        raise WrongStatus(_("This game is full."))
    Seat.objects.create(game=game, user=user)
    _bump(game, "joined")
    return game


@transaction.atomic
def game_leave(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """Give up a seat before the start; the creator abandons the game instead."""
    game = _locked_game(game_id)
    seat = _seat_of(game, list(game.seats.all()), user)
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    if game.created_by_id == user.pk:
        raise NotAllowed(_("You created this game: abandon it instead of leaving."))
    seat.delete()
    _bump(game, "left")
    return game


@transaction.atomic
def game_abandon(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """The creator calls off an open game."""
    game = _locked_game(game_id)
    _seat_of(game, list(game.seats.all()), user)
    if game.created_by_id != user.pk:
        raise NotAllowed(_("Only the creator can abandon the game."))
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    game.status = Game.Status.ABANDONED
    _bump(game, "abandoned", "status")
    return game


@transaction.atomic
def game_start(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """The creator starts a full game: seats are shuffled, the engine deals, secrets are stored."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    _seat_of(game, seats, user)
    if game.created_by_id != user.pk:
        raise NotAllowed(_("Only the creator can start the game."))
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    if len(seats) != game.num_players:
        raise WrongStatus(_("The game starts when all %(num)d seats are taken.") % {"num": game.num_players})
    random.SystemRandom().shuffle(seats)
    for index, seat in enumerate(seats):
        seat.index = index
    Seat.objects.bulk_update(seats, ["index"])

    rules = game.engine
    state = rules.new_game(game.num_players, game.seed, game.options)
    zones = rules.zones(state)
    SecretAssignment.objects.bulk_create(
        SecretAssignment(seat=seat, kind=kind, card=card)
        for seat in seats
        for kind in SECRET_ZONE_KINDS
        for card in zones.get(f"{kind}:{seat.index}", [])
    )
    game.status = Game.Status.RUNNING
    game.started_at = timezone.now()
    _store_state(game, rules, state, seats, acted_seat=None, kind="started", extra_fields=("started_at",))
    return game


@transaction.atomic
def game_create_started(
    *,
    users: list[AbstractBaseUser],
    slug: str,
    options: dict[str, Any] | None = None,
    pace: str = Game.Pace.HOURS_24,
    visibility: str = Game.Visibility.PUBLIC,
    rated: bool = True,
    club: Club | None = None,
    created_by: AbstractBaseUser | None = None,
    seed: int | None = None,
) -> Game:
    """A game started at once with `users` in exactly this seat order (league tables: the
    league's pairing decides seat positions, so there is no shuffle). `seed` is for imports of
    exported games only; by default the server draws it."""
    try:
        rules = engine.get_game(slug)
    except KeyError:
        raise InvalidRequest(_("There is no game called “%(slug)s”.") % {"slug": slug}) from None
    if pace not in Game.Pace.values or visibility not in Game.Visibility.values:
        raise InvalidRequest(_("Unknown pace or visibility."))
    if len({u.pk for u in users}) != len(users):
        raise InvalidRequest(_("A player can take only one seat."))
    if visibility == Game.Visibility.CLUB and club is None:
        raise InvalidRequest(_("The club-only visibility needs a club."))
    game = Game(
        slug=slug,
        num_players=len(users),
        created_by=created_by,
        pace=pace,
        visibility=visibility,
        rated=rated,
        club=club,
    )
    if seed is not None:
        game.seed = seed
    try:
        state = rules.new_game(len(users), game.seed, options)
    except ValueError as exc:
        raise InvalidRequest(str(exc)) from None
    game.options = {**rules.options, **(options or {})}
    game.status = Game.Status.RUNNING
    game.started_at = timezone.now()
    game.save()
    seats = Seat.objects.bulk_create(Seat(game=game, user=u, index=i) for i, u in enumerate(users))
    zones = rules.zones(state)
    SecretAssignment.objects.bulk_create(
        SecretAssignment(seat=seat, kind=kind, card=card)
        for seat in seats
        for kind in SECRET_ZONE_KINDS
        for card in zones.get(f"{kind}:{seat.index}", [])
    )
    _store_state(game, rules, state, seats, acted_seat=None, kind="started")
    return game


def _check_club(visibility: str, club: Club | None, user: AbstractBaseUser) -> None:
    if visibility != Game.Visibility.CLUB:
        return
    if club is None:
        raise InvalidRequest(_("The club-only visibility needs a club."))
    if not club_selectors.is_member(club_id=club.pk, user=user):
        raise NotAllowed(_("Only members of the club can create its games."))


# -- playing ----------------------------------------------------------------------------------
@transaction.atomic
def action_submit(
    *,
    game_id: int,
    user: AbstractBaseUser,
    action: dict[str, Any],
    expected_version: int,
    source: str = Action.Source.WEB,
) -> Game:
    """Play `action` for the user's seat; refused actions raise a GameError and change nothing."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    seat = _seat_of(game, seats, user)
    if seat.resigned:
        raise NotAllowed(_("You resigned from this game."))
    _check_version(game, expected_version)
    _require_status(game, Game.Status.RUNNING)
    if source not in Action.Source.values:
        raise InvalidRequest(_("Unknown action source."))
    rules = game.engine
    state = rules.from_json(game.snapshot)
    plays = [(seat.index, action, _apply(rules, state, seat.index, action), source)]
    plays += _auto_play_resigned(rules, state, seats)
    before = game.move_count
    _store_state(game, rules, state, seats, acted_seat=seat.index, kind="action", plays=plays)
    added = [events for _seat, _action, events, _source in plays]
    transaction.on_commit(partial(recent.remember_move, game.pk, game.created_at, before, added))
    return game


@transaction.atomic
def apply_default_action(*, game_id: int, seat_index: int, expected_version: int) -> Game:
    """Play the engine's default action for a seat whose deadline passed (the sweeper's path)."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    write = _default_play(game, seats, seat_index, expected_version)
    _store_states([write])
    return game


@transaction.atomic
def apply_default_actions(*, games: list[tuple[int, list[tuple[int, int]]]]) -> dict[str, int]:
    """`apply_default_action` for a batch of games' overdue seats ([(game id, [(seat, version
    read), ...]), ...]) with bulk reads and writes: the games locked in one query, their seats in
    one, then one insert of actions and one update each of games and seats for the batch, and the
    same notifications, ratings and league hooks as a single move (`_store_states`).

    Every default action goes through the same checks and engine guard as the single path: a game
    whose version moved on since the seat was read (a human move, another sweep) is refused, so a
    seat read once is played at most once. A game that fails (a refusal or an engine error) costs
    only itself. A game's further overdue seats are played in a next round, each expecting the
    version the previous default action produced (one write, one version, per default action).
    If the bulk writes themselves fail, the batch falls back to one savepoint per game.
    """
    totals = {"played": 0, "refused": 0}
    pending = [(game_id, list(seats)) for game_id, seats in games if seats]
    while pending:
        ids = sorted({game_id for game_id, _seats in pending})
        locked = {g.pk: g for g in Game.objects.select_for_update().filter(pk__in=ids).order_by("pk")}
        seats_of: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(game_id__in=ids):
            seats_of.setdefault(seat.game_id, []).append(seat)
        writes: list[_Write] = []
        read_at: list[tuple[int, int, int]] = []  # (game, seat, version read) of each write
        later: list[tuple[int, list[tuple[int, int]]]] = []
        for game_id, seats in pending:
            (seat_index, version), rest = seats[0], seats[1:]
            game = locked.get(game_id)
            try:
                if game is None:
                    raise GameNotFound()
                writes.append(_default_play(game, seats_of.get(game_id, []), seat_index, version))
                read_at.append((game_id, seat_index, version))
            except GameError:
                totals["refused"] += len(seats)  # its later seats were read at the same version
                continue
            except Exception:  # one broken game must not stall every other table
                logger.exception("default action failed for game %s seat %s", game_id, seat_index)
                totals["refused"] += len(seats)
                continue
            if rest:
                later.append((game_id, [(s, game.version + 1) for s, _v in rest]))
        try:
            with transaction.atomic():
                _store_states(writes)
        except Exception:
            logger.exception("bulk write of %d default actions failed; playing them one by one", len(writes))
            totals["refused"] += sum(len(seats) for _game_id, seats in later)
            for game_id, seat_index, version in read_at:
                try:
                    apply_default_action(game_id=game_id, seat_index=seat_index, expected_version=version)
                except Exception:
                    logger.exception("default action failed for game %s seat %s", game_id, seat_index)
                    totals["refused"] += 1
                else:
                    totals["played"] += 1
            return totals
        totals["played"] += len(writes)
        pending = later
    return totals


def _default_play(game: Game, seats: list[Seat], seat_index: int, expected_version: int) -> _Write:
    """The default action of an overdue seat played on the game's state (not yet stored)."""
    _check_version(game, expected_version)
    _require_status(game, Game.Status.RUNNING)
    rules = game.engine
    state = rules.from_json(game.snapshot)
    if seat_index not in rules.to_act(state):
        raise WrongStatus(_("That seat is not waited for."))
    action = rules.default_action(state, seat_index)
    plays = [(seat_index, action, _apply(rules, state, seat_index, action), Action.Source.TIMEOUT)]
    plays += _auto_play_resigned(rules, state, seats)
    return _Write(game, rules, state, seats, acted_seat=seat_index, kind="action", plays=plays)


@transaction.atomic
def game_resign(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """Resign a running game: the seat is auto-played with default actions from now on."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    seat = _seat_of(game, seats, user)
    _check_version(game, expected_version)
    _require_status(game, Game.Status.RUNNING)
    if seat.resigned:
        raise WrongStatus(_("You have already resigned."))
    seat.resigned = True
    seat.save(update_fields=["resigned"])
    rules = game.engine
    state = rules.from_json(game.snapshot)
    plays = _auto_play_resigned(rules, state, seats)
    _store_state(game, rules, state, seats, acted_seat=None, kind="resigned", plays=plays)
    return game


# -- inviting ---------------------------------------------------------------------------------
def invite_send(*, game_id: int, user: AbstractBaseUser, email: str, link: str) -> None:
    """Mail the invite link of an open game to `email`; only members may invite."""
    try:
        game = Game.objects.defer("snapshot").get(pk=game_id)
    except Game.DoesNotExist:
        raise GameNotFound() from None
    _seat_of(game, list(game.seats.all()), user)
    _require_status(game, Game.Status.OPEN)
    context = {"game_name": game.engine.name, "link": link}
    subject = " ".join(render_to_string("games/email/invite_subject.txt", context).split())
    message = render_to_string("games/email/invite_message.txt", context)
    send_mail(subject, message, None, [email])


def invite_token_matches(game: Game, token: str | None) -> bool:
    return bool(token) and secrets.compare_digest(str(token), game.invite_token)


# -- helpers ----------------------------------------------------------------------------------
def _locked_game(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound() from None


def _seat_of(game: Game, seats: list[Seat], user: AbstractBaseUser) -> Seat:
    """The user's seat; strangers to a private game learn nothing (404), to a public one 403."""
    for seat in seats:
        if seat.user_id == user.pk:
            return seat
    if game.visibility == Game.Visibility.PRIVATE:
        raise GameNotFound()
    if game.visibility == Game.Visibility.CLUB and not club_selectors.can_see_game(game=game, user=user):
        raise GameNotFound()
    raise NotAllowed(_("You have no seat in this game."))


def _check_version(game: Game, expected_version: int | None) -> None:
    if expected_version is not None and expected_version != game.version:
        raise StaleVersion()


STATUS_REFUSALS = {
    Game.Status.OPEN: gettext_lazy("The game has not started yet."),
    Game.Status.RUNNING: gettext_lazy("The game has already started."),
    Game.Status.FINISHED: gettext_lazy("The game is over."),
    Game.Status.ABANDONED: gettext_lazy("The game was abandoned."),
}


def _require_status(game: Game, status: str) -> None:
    if game.status != status:
        raise WrongStatus(str(STATUS_REFUSALS[Game.Status(game.status)]))


def _apply(rules: engine.Game, state: Any, seat_index: int, action: Any) -> list[dict[str, Any]]:
    try:
        return rules.apply(state, seat_index, copy.deepcopy(action))
    except engine.IllegalAction as exc:
        raise IllegalMove(str(exc)) from None
    except (TypeError, KeyError, AttributeError):
        # The engine promises IllegalAction for malformed actions; if one slips through, the
        # transaction is rolled back and the player still gets a 400, not a 500.
        logger.exception("engine %s crashed on action %r", rules.slug, action)
        raise IllegalMove(_("That action is malformed.")) from None


def _auto_play_resigned(
    rules: engine.Game, state: Any, seats: list[Seat]
) -> list[tuple[int, dict[str, Any], list[dict[str, Any]], str]]:
    resigned = {seat.index for seat in seats if seat.resigned}
    plays: list[tuple[int, dict[str, Any], list[dict[str, Any]], str]] = []
    while resigned and not rules.is_over(state) and len(plays) < MAX_AUTO_PLAYS:
        due = [index for index in rules.to_act(state) if index in resigned]
        if not due:
            break
        action = rules.default_action(state, due[0])
        plays.append(
            (due[0], action, rules.apply(state, due[0], copy.deepcopy(action)), Action.Source.RESIGNED)
        )
    return plays


Play = tuple[int, dict[str, Any], list[dict[str, Any]], str]


@dataclass
class _Write:
    """One game write in progress: the new state (not yet stored) and the actions that made it."""

    game: Game
    rules: engine.Game
    state: Any
    #: The game's seats, read under its row lock.
    seats: list[Seat]
    acted_seat: int | None
    kind: str
    plays: list[Play] = field(default_factory=list)


def _store_state(
    game: Game,
    rules: engine.Game,
    state: Any,
    seats: list[Seat],
    *,
    acted_seat: int | None,
    kind: str,
    plays: list[Play] | None = None,
    extra_fields: tuple[str, ...] = (),
) -> None:
    _store_states([_Write(game, rules, state, seats, acted_seat, kind, list(plays or []))], extra_fields)


def _store_states(writes: list[_Write], extra_fields: tuple[str, ...] = ()) -> None:
    """Store the writes: their actions, snapshots and versions, every seat's waiting flag and
    deadline kept in step with to_act, results and ratings of finished games, one `GameWrite`
    each for the notifications bookkeeping, and `game_changed` after the commit.

    One implementation for a single move and for a batch of default actions: one insert of the
    actions, one update of the games, one of the changed seats and one insert of the writes,
    whatever the batch's size.
    """
    if not writes:
        return
    now = timezone.now()
    fields = ["snapshot", "move_count", "status", "finished_at", "version", *extra_fields]
    actions: list[Action] = []
    changed: list[Seat] = []
    finished: list[Game] = []
    for write in writes:
        game, rules, state = write.game, write.rules, write.state
        for offset, (seat_index, action, events, source) in enumerate(write.plays, start=1):
            actions.append(
                Action(
                    game=game,
                    seq=game.move_count + offset,
                    seat_index=seat_index,
                    payload=action,
                    events=events,
                    source=source,
                )
            )
        game.move_count += len(write.plays)
        game.snapshot = rules.to_json(state)
        game.version += 1
        if rules.is_over(state):
            game.status = Game.Status.FINISHED
            game.finished_at = now
            finished.append(game)
            scores, places = rules.scores(state), rules.ranking(state)
            for seat in write.seats:
                seat.score, seat.place = scores[seat.index], places[seat.index]
                seat.waiting, seat.due_at = False, None
            changed.extend(write.seats)
            continue
        to_act = set(rules.to_act(state))
        for seat in write.seats:
            if seat.index in to_act:
                if seat.waiting and seat.index != write.acted_seat:
                    continue  # still waited for: its deadline runs on
                seat.waiting, seat.due_at = True, _next_due_at(game, seat, now)
            elif seat.waiting or seat.due_at is not None:
                _spend_bank(game, seat, now)
                seat.waiting, seat.due_at = False, None
            else:
                continue
            changed.append(seat)
    if actions:
        Action.objects.bulk_create(actions)
    for write in writes:  # a plain UPDATE per game compiles far faster than a bulk_update CASE
        write.game.save(update_fields=fields)
    update_in_groups(Seat, changed, ("waiting", "due_at", "time_bank", "score", "place"))
    for game in finished:
        rate_finished_game(game=game)  # results and ratings, in this same transaction
    for write in writes:
        _after_commit(write.game, write.kind)
    # Prompts, mails and the idle ladder are written by a task right after the commit.
    note_writes(
        [
            GameWrite(
                game=write.game,
                version=write.game.version,
                kind=write.kind,
                acted_seat=write.acted_seat,
                actions=[
                    [write.game.move_count - len(write.plays) + k, seat_index, source]
                    for k, (seat_index, _action, _events, source) in enumerate(write.plays, start=1)
                ],
                created_at=now,
            )
            for write in writes
        ]
    )


def _next_due_at(game: Game, seat: Seat, now: datetime) -> datetime:
    """The deadline of a seat that becomes waited for: now + the pace's time per decision, or in
    a time-bank game now + the seat's bank, which first keeps what the seat's last decision left
    (if it is waited for again right after acting), then gains the increment up to the cap."""
    if game.pace != Game.Pace.BANK:
        return now + game.pace_delta
    _spend_bank(game, seat, now)
    bank = Game.BANK_START if seat.time_bank is None else seat.time_bank
    seat.time_bank = min(bank + Game.BANK_INCREMENT, Game.BANK_CAP)
    return now + seat.time_bank


def _spend_bank(game: Game, seat: Seat, now: datetime) -> None:
    """A time-bank seat's decision ends (it acted, or is no longer waited for): its bank keeps the
    time left before its deadline, none after a timeout."""
    if game.pace == Game.Pace.BANK and seat.waiting and seat.due_at is not None:
        seat.time_bank = max(seat.due_at - now, timedelta(0))


def _bump(game: Game, kind: str, *fields: str) -> None:
    game.version += 1
    game.save(update_fields=["version", *fields])
    _after_commit(game, kind)


def _after_commit(game: Game, kind: str) -> None:
    game_id, version, status = game.pk, game.version, game.status
    transaction.on_commit(
        lambda: game_changed.send(sender=Game, game_id=game_id, version=version, kind=kind, status=status)
    )
