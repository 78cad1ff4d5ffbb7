"""The write path of every game state: moves, default actions, resignations, and the start.

Each service is keyword-only and atomic, locks the game row (`select_for_update`) before reading
it, checks the version the client saw where one was sent, and bumps the version. Actions get the
next sequence number under that lock (and a unique constraint backs it), so two simultaneous
submissions of the same move apply exactly once and the other gets `StaleVersion`.

A move may carry the client's id of the answer (`answer_key`: a table form's, an API request's
Idempotency-Key), stored with its action. The same answer sent again, because its first answer
was lost on the way, finds that action under the same lock and is answered as played, without
playing anything: not refused as stale, although the game has moved on since.

Resigning: a resigned seat stays in the game (its score still counts, the table keeps its size)
and from then on the engine's `default_action` is played for it, with source "resigned",
whenever the game waits for it, straight after the action that made it wait; so is a seat's
answer given ahead for the decision it is then asked (`turns.settle`). A decision a seat hands
its assistant is played by a task after the commit (`assistant_play`).

`_store_states` stores every new state (here and for `lobby.game_start`): the actions, snapshot
and version, the seats' waiting flags, deadlines and time banks, results, `game_finished` for a
game that ends (ratings, in this transaction), one `GameWrite` per write for its follow-up, and
`game_changed` then `game_writes_committed` after the commit (`games.signals`).
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import engine
from refusals.errors import Refusal

from .. import decisions, hooks, live, recent, seen, waiting
from ..bulk import update_in_groups
from ..errors import (
    GameNotFound,
    IllegalMove,
    InvalidRequest,
    NotAllowed,
    StaleVersion,
    WrongStatus,
)
from ..models import Action, Game, GameWrite, Seat
from ..signals import game_changed, game_finished
from . import notices, turns
from .turns import Play
from .writes import note_writes

logger = logging.getLogger(__name__)


# -- playing ----------------------------------------------------------------------------------
@transaction.atomic
def action_submit(
    *,
    game_id: int,
    user: AbstractBaseUser,
    action: dict[str, Any],
    expected_version: int,
    source: str = Action.Source.WEB,
    answer_key: str | None = None,
) -> Game:
    """Play `action` for the user's seat; refused actions raise a GameError and change nothing.

    With an `answer_key` this seat already played: the game as it is now, nothing played (the
    same action sent again), or StaleVersion (another action under the same key: the first
    answer of that form was played)."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    seat = _seat_of(game, seats, user)
    if answer_key:
        played = (
            Action.objects.filter(game=game, seat_index=seat.index, answer_key=answer_key)
            .values_list("payload", flat=True)
            .first()
        )
        if played is not None:
            if played != action:
                raise StaleVersion()
            return game
    if seat.resigned:
        raise NotAllowed(_("You resigned from this game."))
    rules = game.engine
    # Other seats' answers since the version shown do not make an answer to the same decision stale.
    if not decisions.answer_is_current(rules, seat, action, expected_version, game.version):
        raise StaleVersion()
    _require_status(game, Game.Status.RUNNING)
    if source not in Action.Source.values:
        raise InvalidRequest(_("Unknown action source."))
    state = rules.from_json(game.snapshot)
    plays: list[Play] = [Play(seat.index, action, _apply(rules, state, seat.index, action), source)]
    plays += turns.settle(rules, state, seats, plays)
    before = game.move_count
    _store_states([_Write(game, rules, state, seats, seat.index, "action", plays, answer_key=answer_key)])
    transaction.on_commit(partial(recent.remember_move, game.pk, game.created_at, before, plays))
    return game


@transaction.atomic
def apply_default_action(*, game_id: int, seat_index: int, expected_version: int, away: bool = False) -> Game:
    """Play for a seat whose deadline passed (the sweeper's path): the engine's default action, or
    its assistant's choice where the seat's decision is its assistant's; with `away` (a player the
    idle ladder marked absent, or on vacation) its assistant's wherever the table allows them."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    write = _default_play(game, seats, seat_index, expected_version, away=away)
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
            except Refusal:
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


def _default_play(
    game: Game, seats: list[Seat], seat_index: int, expected_version: int, *, away: bool = False
) -> _Write:
    """What an overdue seat gets played on the game's state (not yet stored): its assistant's
    choice if its decision is its assistant's (or, `away`, the table allows assistants), else the
    engine's default action."""
    _check_version(game, expected_version)
    _require_status(game, Game.Status.RUNNING)
    rules = game.engine
    state = rules.from_json(game.snapshot)
    if seat_index not in rules.to_act(state):
        raise WrongStatus(_("That seat is not waited for."))
    seat = next((s for s in seats if s.index == seat_index), None)
    if seat is None or seat.is_bot:
        raise WrongStatus(_("A bot plays that seat."))  # its own task plays it, never a deadline
    action, source = _turn_action(game, rules, state, seat, away=away)
    plays: list[Play] = [Play(seat_index, action, _apply(rules, state, seat_index, action), source)]
    plays += turns.settle(rules, state, seats, plays)
    return _Write(game, rules, state, seats, acted_seat=seat_index, kind="action", plays=plays)


@transaction.atomic
def bot_play(*, game_id: int, seat_index: int, expected_version: int) -> Game:
    """A bot's move for its seat, through the same checks as a person's (`action_submit`): the row
    lock, the version the bot was prompted at (`expected_version`), the engine's guard. The bot
    sees only the seat's `view` and its legal actions. Every write prompts the bots it waits for
    anew, at its own version, so a bot's task asks for exactly the version it was enqueued at: a
    task run twice plays once (after the first, the version has moved on)."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    seat = next((s for s in seats if s.index == seat_index and s.is_bot), None)
    if seat is None:
        raise NotAllowed(_("No bot plays that seat."))
    _require_status(game, Game.Status.RUNNING)
    _check_version(game, expected_version)
    rules = game.engine
    state = rules.from_json(game.snapshot)
    if seat_index not in rules.to_act(state):
        raise WrongStatus(_("That seat is not waited for."))
    legal = rules.legal_actions(state, seat_index)
    view = rules.view(state, seat_index)
    action = engine.get_bot(game.slug).choose(view, legal, (game.seed + game.version) % 2**62)
    events = _apply(rules, state, seat.index, action)
    plays: list[Play] = [Play(seat.index, action, events, Action.Source.BOT)]
    plays += turns.settle(rules, state, seats, plays)
    before = game.move_count
    _store_state(game, rules, state, seats, acted_seat=seat.index, kind="action", plays=plays)
    transaction.on_commit(partial(recent.remember_move, game.pk, game.created_at, before, plays))
    return game


def _turn_action(game: Game, rules: engine.Game, state: Any, seat: Seat, *, away: bool) -> tuple[Any, str]:
    """What games plays for a seat it decides for: its assistant's choice where the table allows
    assistants and the seat handed it the kind asked now, or is absent or `away` (on vacation);
    otherwise the engine's default action, as a timeout."""
    kind = rules.decision_kind(state, seat.index)
    if not seat.resigned and turns.decides_for(game, seat, kind, away=away):
        return turns.assistant_action(game, rules, state, seat.index), Action.Source.ASSISTANT
    return rules.default_action(state, seat.index), Action.Source.TIMEOUT


@transaction.atomic
def assistant_play(*, game_id: int, seat_index: int, expected_version: int) -> Game:
    """The decision games plays at once for a seat (`turns.assisted`: its assistant's, or an absent
    player's), through the same checks as a person's move: the row lock, the version the seat was
    found so at (`expected_version`: a task run twice, or late, plays nothing), the engine's
    guard. The game's bot decides from the seat's view and legal actions."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    seat = next((s for s in seats if s.index == seat_index), None)
    _require_status(game, Game.Status.RUNNING)
    _check_version(game, expected_version)
    if seat is None or not seat.assisted:
        raise WrongStatus(_("That seat's decision is not its assistant's."))
    rules = game.engine
    state = rules.from_json(game.snapshot)
    action, source = _turn_action(game, rules, state, seat, away=False)
    plays: list[Play] = [Play(seat_index, action, _apply(rules, state, seat_index, action), source)]
    plays += turns.settle(rules, state, seats, plays)
    before = game.move_count
    _store_state(game, rules, state, seats, acted_seat=seat_index, kind="action", plays=plays)
    transaction.on_commit(partial(recent.remember_move, game.pk, game.created_at, before, plays))
    return game


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
    if all(s.resigned or s.is_bot for s in seats):
        # Every player resigned: the game is abandoned (unrated), not auto-played to a rated end.
        stop_game(game, seats, kind="abandoned", why="resigned")
        return game
    rules = game.engine
    state = rules.from_json(game.snapshot)
    plays = turns.settle(rules, state, seats, [])
    _store_state(game, rules, state, seats, acted_seat=None, kind="resigned", plays=plays)
    return game


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
    if game.visibility == Game.Visibility.CLUB and not hooks.can_see_game(game=game, user=user):
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
    #: The seats this write marked absent, [[seat index, seq], ...] (`turns.climb_idle_ladder`).
    absent: list[list[int]] = field(default_factory=list)
    #: The client's id of the answer that made the first play (`action_submit`), stored with it.
    answer_key: str | None = None


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
    deadline kept in step with to_act, results of finished games (and `game_finished` for them),
    one `GameWrite` each for the follow-up, and `game_changed` after the commit.

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
        actions.extend(_actions_of(write))
        game.move_count += len(write.plays)
        game.snapshot = rules.to_json(state)
        game.version += 1
        over = rules.is_over(state)
        if over:
            game.status = Game.Status.FINISHED
            game.finished_at = now
            finished.append(game)
        changed.extend(_seats_after(write, now, over=over))
        transaction.on_commit(partial(seen.remember_views, game, game.move_count, rules, state))
    if actions:
        Action.objects.bulk_create(actions)
    for write in writes:  # a plain UPDATE per game compiles far faster than a bulk_update CASE
        write.game.save(update_fields=fields)
    update_in_groups(
        Seat,
        changed,
        (
            "waiting",
            "due_at",
            "time_bank",
            "score",
            "place",
            "decision",
            "decision_since",
            "assisted",
            "plans",
            "timeouts",
            "absent",
            "absent_since",
        ),
    )
    for game in finished:
        game_finished.send(sender=Game, game=game)  # results and ratings, in this same transaction
    for write in writes:
        _after_commit(write.game, write.kind)
    live.publish_on_commit((write.game, write.seats) for write in writes)
    # The players whose seat changed (waited for or not, its deadline; every seat when a game ends)
    # have a game more or less waiting for them, or another deadline (the nav's count and order).
    waiting.forget_waiting(seat.user_id for seat in changed)
    # Prompts, mails and the idle ladder are written after the commit, by whoever follows writes up.
    note_writes([_game_write(write, now) for write in writes], [s for write in writes for s in write.seats])


def _actions_of(write: _Write) -> list[Action]:
    """The write's plays as rows of the log, numbered on from the game's move count, each with
    the player who holds its seat now; the first with the client's answer key, if any."""
    game = write.game
    holder = {seat.index: seat.user_id for seat in write.seats}
    return [
        Action(
            game=game,
            seq=game.move_count + offset,
            seat_index=play.seat,
            user_id=holder.get(play.seat),
            payload=play.action,
            events=play.events,
            source=play.source,
            answer_key=(write.answer_key or "") if offset == 1 else "",
        )
        for offset, play in enumerate(write.plays, start=1)
    ]


def _seats_after(write: _Write, now: datetime, *, over: bool) -> list[Seat]:
    """Bring the seats in step with the new state; returns the ones that changed. At the end every
    seat gets its score and place; otherwise a seat newly waited for gets a deadline (one still
    waited for keeps its own; `turns.next_due_at`) and a seat no longer waited for loses it. Each
    seat's decision (`games.decisions`) is noted too: a new one begins when what it is asked
    changes or when the seat itself answered; and whether its assistant takes it (`assisted`:
    then its deadline is the short `turns.ASSISTANT_GRACE`, a backstop for the task that plays
    it)."""
    game, rules, state = write.game, write.rules, write.state
    first_seq = game.move_count - len(write.plays) + 1
    write.absent = turns.climb_idle_ladder(game, write.seats, write.plays, first_seq, now)
    if over:
        scores, places = rules.scores(state), rules.ranking(state)
        for seat in write.seats:
            seat.score, seat.place = scores[seat.index], places[seat.index]
            seat.waiting, seat.due_at, seat.assisted, seat.plans = False, None, False, {}
            decisions.note(seat, "", version=game.version, answered=False)
        return list(write.seats)
    to_act = set(rules.to_act(state))
    answered = {play.seat for play in write.plays if not rules.is_any_time(play.action)}
    changed = []
    for seat in write.seats:
        decision = decisions.fingerprint(rules, state, seat.index, to_act)
        noted = decisions.note(seat, decision, version=game.version, answered=seat.index in answered)
        touched = noted or turns.plans_changed(seat) or turns.ladder_changed(seat)
        if seat.index in to_act:
            kind = rules.decision_kind(state, seat.index)
            assisted = turns.assisted(game, seat, kind)
            if not (seat.waiting and seat.index != write.acted_seat):  # a new wait
                seat.waiting = True
                # A bot has no deadline: its task plays it, and no sweep may play it as idle.
                if seat.is_bot:
                    seat.due_at = None
                elif assisted:
                    seat.due_at = now + turns.ASSISTANT_GRACE
                else:
                    seat.due_at = turns.next_due_at(game, seat, now, minor=rules.decision_kinds[kind])
            elif assisted and not seat.assisted:  # still waited for, now by its assistant
                seat.due_at = now + turns.ASSISTANT_GRACE
            elif seat.assisted and not assisted and not seat.is_bot:  # its player's again
                seat.due_at = turns.next_due_at(game, seat, now, minor=rules.decision_kinds[kind])
            elif assisted == seat.assisted and not touched:
                continue  # unchanged (a seat still waited for keeps its deadline running)
            seat.assisted = assisted
        elif seat.waiting or seat.due_at is not None:
            turns.spend_bank(game, seat, now)
            seat.waiting, seat.due_at, seat.assisted = False, None, False
        elif not touched:
            continue
        changed.append(seat)
    return changed


def _game_write(write: _Write, now: datetime) -> GameWrite:
    """The note of a stored write for its follow-up (after the game's move count moved on)."""
    first = write.game.move_count - len(write.plays)
    return GameWrite(
        game=write.game,
        version=write.game.version,
        kind=write.kind,
        acted_seat=write.acted_seat,
        absent=write.absent,
        actions=[[first + k, play.seat, play.source] for k, play in enumerate(write.plays, start=1)],
        created_at=now,
    )


def stop_game(game: Game, seats: list[Seat], *, kind: str, why: str) -> None:
    """Abandon a running game (the caller holds its row lock): nobody is waited for any more, no
    result, no rating (`game_finished` is not sent); a `GameWrite` so its prompts are closed; each
    player is told, and `why` ("vote": the players voted so, "cancelled": by an organiser,
    "resigned": everyone resigned)."""
    now = timezone.now()
    game.status = Game.Status.ABANDONED
    game.finished_at = now
    game.version += 1
    game.save(update_fields=["status", "finished_at", "version"])
    for seat in seats:
        seat.waiting, seat.due_at, seat.decision, seat.decision_since = False, None, "", game.version
        seat.assisted, seat.plans = False, {}
    update_in_groups(Seat, seats, ("waiting", "due_at", "decision", "decision_since", "assisted", "plans"))
    game.votes.all().delete()
    _after_commit(game, kind)
    live.publish_on_commit([(game, seats)])
    waiting.forget_waiting(seat.user_id for seat in seats)
    note_writes([GameWrite(game=game, version=game.version, kind=kind, created_at=now)], seats)
    notices.game_abandoned(game, seats, why=why)


def _bump(game: Game, kind: str, *fields: str) -> None:
    game.version += 1
    game.save(update_fields=["version", *fields])
    _after_commit(game, kind)
    seats = list(game.seats.all())  # as this write left them
    live.publish_on_commit([(game, seats)])
    waiting.forget_waiting(seat.user_id for seat in seats)


def _after_commit(game: Game, kind: str) -> None:
    game_id, version, status = game.pk, game.version, game.status
    transaction.on_commit(
        lambda: game_changed.send(sender=Game, game_id=game_id, version=version, kind=kind, status=status)
    )
