"""What a recorded game write causes: prompts, their mails and reminders, the start and end
mails, and the mail to a player the idle ladder marked absent (the ladder is games':
`games.services.turns`).

`record_progress` is called by `writes.record_locked_writes` with the games locked, and works in
named steps over a batch of games: load the seats and their bookkeeping; then per game mail the
seats the write marked absent, mail the start, close the prompts of seats no longer waited for,
prompt the seats waited for (not those games plays at once; a player's away on vacation are
handed to games to play at once), announce trade offers to the seats they are made to, mail the
end; then issue the new prompts with their mails and reminders, and write everything in a fixed
handful of queries.

The batch's data (`GameProgress`, each game's `ProgressedGame`, the `Effects` gathered) is in
`progress_batch`; the steps that build mails and pushes are in `progress_mails`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.db import models, transaction
from django.db.models import Case, F, OuterRef, Subquery, Value, When, Window
from django.db.models.functions import RowNumber
from django.utils import timezone

from games.bulk import update_in_groups
from games.models import Action, Game, Seat
from games.selectors import GameRead
from games.services import deadline_postpone, deadlines_due_now
from games.services.notices import game_context
from games.services.turns import idle_limit
from games.tasks import enqueue_autoplay

from . import push
from .models import Kind, Notification, Prompt, SeatStatus, Vacation
from .outbox import create_rows, due_now, enqueue_marked_on_commit
from .progress_batch import Effects, GameProgress, ProgressedGame
from .progress_mails import announce_trade_offers, mail_end, mail_prompt, mail_start, push_prompt
from .prompts import away, distinct_choices, retime_prompt
from .selectors import forget_notices

#: How many of the latest actions a prompt mail looks back through for "what happened".
RECENT_ACTIONS = 40


# -- what the writes cause --------------------------------------------------------------------
def record_progress(writes: list[GameProgress]) -> None:
    """Write the outbox rows, prompts and idle-ladder counts that follow game writes.

    Called by `record_locked_writes` with the game rows locked, for one game after a move and for
    a batch of games after a deadline sweep. Rendering data comes only from each seat's `view`,
    the events visible to it and its legal actions; never from the raw state.

    A fixed handful of queries per call, whatever the number of games in it: seats with vacations
    and players' names, seat statuses with their open prompts, one insert of new prompts, one
    update of prompts, one of seat statuses, one bulk insert of mails; the log is read only for the
    games whose write did not say which actions it added, or that prompt someone (for "what
    happened").
    """
    writes = [w for w in writes if w.game.snapshot is not None]
    if not writes:
        return
    now = timezone.now()
    ids = [w.game.pk for w in writes]
    seats_of, names = _load_seats(ids, now)
    statuses_of = _load_statuses(ids, seats_of)
    logs = _recent_actions([w.game.pk for w in writes if w.new_actions is None])
    effects = Effects(now=now, ids=ids, names=names, logs=logs)
    tables = []
    for write in writes:
        table = _table(write, seats_of[write.game.pk], statuses_of[write.game.pk])
        tables.append(table)
        _mail_absent(effects, table)
        if write.kind == "started":
            mail_start(effects, table)
        _close_prompts_not_waited_for(effects, table)
        _prompt_waiting_seats(effects, table)
        announce_trade_offers(effects, table)
        if table.over and table.game.status == Game.Status.FINISHED:
            mail_end(effects, table)
        if table.autoplay:
            effects.autoplays.append((table.game, table.autoplay))
        effects.dirty.extend(table.changed.values())
    _issue_prompts(effects, tables)
    _write_effects(effects)


def _load_seats(ids: list[int], now: dt.datetime) -> tuple[dict[int, list[dict[str, Any]]], dict[int, str]]:
    """The games' seated players with their vacations, and every player's name; one query."""
    on_vacation = Vacation.objects.filter(  # a booked one once it began (`vacations`), not twice
        user=OuterRef("user"),
        starts_at__lte=now,
        ends_at__gt=now,
        ended_early_at__isnull=True,
        deadlines_moved=True,
    ).order_by("-ends_at")
    seats_of: dict[int, list[dict[str, Any]]] = {game_id: [] for game_id in ids}
    names: dict[int, str] = {}
    for seat in (
        Seat.objects.filter(game_id__in=ids, index__isnull=False)
        .annotate(vacation_until=Subquery(on_vacation.values("ends_at")[:1]))
        .values(
            "pk",
            "game_id",
            "index",
            "user_id",
            "resigned",
            "due_at",
            "decision",
            "decision_since",
            "vacation_until",
            "bot",
            "assisted",
            "absent",
            "user__profile__display_name",
            "user__username",
        )
    ):
        seats_of[seat["game_id"]].append(seat)
        if seat["user_id"] is not None:  # a bot's seat has no user: it is named by `progress_mails`
            names[seat["user_id"]] = seat["user__profile__display_name"] or seat["user__username"]
    return seats_of, names


def _load_statuses(
    ids: list[int], seats_of: dict[int, list[dict[str, Any]]]
) -> dict[int, dict[int, SeatStatus]]:
    """{game id: {seat index: its status, with its open prompt}}; a game's first write makes them."""
    statuses_of: dict[int, dict[int, SeatStatus]] = {game_id: {} for game_id in ids}
    for st in SeatStatus.objects.filter(game_id__in=ids).select_related("open_prompt"):
        statuses_of[st.game_id][st.seat_index] = st
    missing = [
        SeatStatus(game_id=game_id, seat_index=seat["index"])
        for game_id in ids
        for seat in seats_of[game_id]
        if seat["index"] not in statuses_of[game_id]
    ]
    if missing:  # a game's first write: one row per seat, in one query for all games
        for st in SeatStatus.objects.bulk_create(missing):
            statuses_of[st.game_id][st.seat_index] = st
    return statuses_of


def _table(
    write: GameProgress, seats: list[dict[str, Any]], statuses: dict[int, SeatStatus]
) -> ProgressedGame:
    game = write.game
    read = GameRead(game)
    # An abandoned game waits for nobody (its prompts close) and has no results to mail.
    over = read.over or game.status == Game.Status.ABANDONED
    return ProgressedGame(
        write=write,
        read=read,
        over=over,
        to_act=[] if over else read.to_act,
        seats=seats,
        by_index={s["index"]: s for s in seats},
        statuses=statuses,
        ctx=game_context(game),
    )


def _mail_absent(effects: Effects, table: ProgressedGame) -> None:
    """Each seat the writes marked absent (games' idle ladder) is told, once: its decisions are
    played at once until its player says they are back."""
    game = table.game
    for index, seq in table.write.absent:
        seat = table.by_index.get(index)
        if seat is None or seat["user_id"] is None:
            continue
        effects.absence_changed.add(game.pk)
        effects.rows.append(
            Notification(
                kind=Kind.ABSENT,
                dedupe_key=f"absent:{game.pk}:{index}:{seq}",
                user_id=seat["user_id"],
                game=game,
                seat_index=index,
                context={"game": table.ctx, "limit": idle_limit(game), "assistants": game.assistants},
                send_after=effects.now,
            )
        )


def _close_prompts_not_waited_for(effects: Effects, table: ProgressedGame) -> None:
    """A seat no longer waited for (it acted, the deadline played) is no longer asked."""
    waiting = set(table.to_act)
    for index, status in table.statuses.items():
        prompt = status.open_prompt
        if prompt is not None and (index not in waiting or prompt.closed_at is not None):
            effects.close_ids.append(prompt.pk)
            status.open_prompt = None
            table.changed[index] = status


def _prompt_waiting_seats(effects: Effects, table: ProgressedGame) -> None:
    """Each seat waited for keeps its prompt if its decision is the same, else gets a new one. A
    seat games plays at once (its assistant's decision, an absent player's: `assisted`) or the
    bots app plays is asked nothing; a player's on vacation at a table that allows assistants is
    handed to games to play at once (their assistant decides; resigned seats games plays)."""
    for index in table.to_act:
        seat = table.by_index.get(index)
        if seat is None or seat["resigned"]:
            continue
        status = table.statuses[index]
        away = seat["vacation_until"] is not None and table.game.assistants
        if seat["bot"] or seat["assisted"] or away:
            if away and not seat["bot"] and not seat["assisted"]:  # a bot is prompted by the bots app
                table.autoplay.append(index)
            if status.open_prompt is not None:
                effects.close_ids.append(status.open_prompt.pk)
                status.open_prompt = None
                table.changed[index] = status
            continue
        _prompt_seat(effects, table, seat, status)


def _prompt_seat(effects: Effects, table: ProgressedGame, seat: dict[str, Any], status: SeatStatus) -> None:
    game, index = table.game, seat["index"]
    due_at = seat["due_at"]
    if seat["vacation_until"] is not None and due_at is not None:
        extended = seat["vacation_until"] + game.pace_delta
        if extended > due_at:  # a deadline met while away starts after the vacation
            deadline_postpone(seat_id=seat["pk"], due_at=extended)
            due_at = extended

    def choices() -> list[Any]:  # worded in every language: only for a prompt to be made or compared
        return distinct_choices(table.read, index, table.read.legal(index))

    prompt = status.open_prompt
    if (
        prompt is not None
        and prompt.user_id == seat["user_id"]  # a seat that changed hands is asked afresh
        and _same_decision(seat, prompt, choices, acted=index in table.write.acted_seats)
    ):
        effects.kept.setdefault(game.version, []).append(prompt.pk)  # the same decision: no new mail
        if prompt.due_at != due_at:
            prompt.due_at = due_at
            effects.retimed.append(prompt)
        return
    if prompt is not None:
        effects.close_ids.append(prompt.pk)
    prompt = Prompt(
        game=game,
        seat_index=index,
        user_id=seat["user_id"],
        version=game.version,
        valid_version=game.version,
        actions=choices(),
        issued_at=effects.now,
        due_at=due_at,
    )
    effects.fresh.append((prompt, table))


def _same_decision(
    seat: dict[str, Any], prompt: Prompt, choices: Callable[[], list[Any]], *, acted: bool
) -> bool:
    """Whether the seat's open prompt still asks what the seat is asked now: its decision
    (`games.decisions`, noted by the write) began no later than the prompt. An any-time action
    (a card played face up, a trade offer) leaves a decision running, whoever made it, so it asks
    nothing new; the prompt's numbered choices stay as mailed (one no longer legal is refused when
    chosen). A seat with no decision noted (written before decisions were kept) falls back to
    comparing its distinct choices (`choices()`)."""
    if seat["decision"]:
        return bool(seat["decision_since"] <= prompt.version)
    return not acted and prompt.actions == choices()


def _issue_prompts(effects: Effects, tables: list[ProgressedGame]) -> None:
    """All new prompts in one insert (so a write costs the same queries whatever it prompts), each
    with its mail and reminders; the log is read for the prompted games whose write did not say."""
    if not effects.fresh:
        return
    prompted = {id(table) for _prompt, table in effects.fresh}
    effects.logs.update(
        _recent_actions([t.game.pk for t in tables if id(t) in prompted and t.game.pk not in effects.logs])
    )
    Prompt.objects.bulk_create([prompt for prompt, _table in effects.fresh])
    pushed = push.subscribed_users(sorted({prompt.user_id for prompt, _table in effects.fresh}))
    away_of: dict[int, list[dict[str, Any]]] = {}
    for prompt, table in effects.fresh:
        index, statuses = prompt.seat_index, table.statuses
        statuses[index].open_prompt = prompt
        if statuses[index] not in effects.dirty:
            effects.dirty.append(statuses[index])
        effects.new_keys.update(
            {f"prompt:{prompt.pk}", f"reminder:75:{prompt.pk}", f"reminder:1h:{prompt.pk}"}
        )
        if table.game.pk not in away_of:
            away_of[table.game.pk] = away(table.seats, effects.names)
        mail_prompt(effects, table, prompt, away_of[table.game.pk])
        if prompt.user_id in pushed:
            push_prompt(effects, table, prompt)


def _write_effects(effects: Effects) -> None:
    """One update of prompts, one of seat statuses, one insert of mails (enqueued after the
    commit), the seats of players away made due now and played after the commit, the notices
    dropped."""
    now = effects.now
    kept_ids = [pk for pks in effects.kept.values() for pk in pks]
    if effects.close_ids or kept_ids:  # one UPDATE: closed prompts get closed_at, kept ones the new version
        Prompt.objects.filter(pk__in=effects.close_ids + kept_ids).update(
            closed_at=Case(
                When(pk__in=effects.close_ids, closed_at__isnull=True, then=Value(now)),
                default=F("closed_at"),
                output_field=models.DateTimeField(),
            ),
            valid_version=Case(
                *(When(pk__in=pks, then=Value(version)) for version, pks in effects.kept.items()),
                default=F("valid_version"),
                output_field=models.PositiveIntegerField(),
            ),
        )
    for prompt in effects.retimed:
        retime_prompt(prompt, now)
    update_in_groups(SeatStatus, effects.dirty, ("open_prompt_id",))
    for game, autoplay in effects.autoplays:
        deadlines_due_now(game=game, seat_indexes=autoplay, now=now)
        game_id, version, first = game.pk, game.version, autoplay[0]
        transaction.on_commit(lambda g=game_id, s=first, v=version: enqueue_autoplay(g, s, v))
    for row in effects.rows:  # handed to the broker right after the commit (see `outbox.enqueue`)
        if row.send_after <= now:
            row.enqueued_at = now
    created = create_rows(effects.rows, known_new=effects.new_keys)
    enqueue_marked_on_commit(due_now(created, now))
    forget_notices(effects.absence_changed)


def _recent_actions(game_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The latest RECENT_ACTIONS actions of each game, oldest first, in one query."""
    if not game_ids:
        return {}
    actions = Action.objects.filter(game_id__in=game_ids)
    if len(game_ids) == 1:
        rows = actions.order_by("-seq")[:RECENT_ACTIONS]
    else:
        rows = actions.annotate(
            recent=Window(RowNumber(), partition_by=[F("game_id")], order_by=F("seq").desc())
        ).filter(recent__lte=RECENT_ACTIONS)
    logs: dict[int, list[dict[str, Any]]] = {game_id: [] for game_id in game_ids}
    for act in rows.values("game_id", "seq", "seat_index", "source", "payload", "events"):
        logs[act["game_id"]].append(act)
    for log in logs.values():
        log.sort(key=lambda act: act["seq"])
    return logs
