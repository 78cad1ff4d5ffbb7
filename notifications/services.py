"""Every write of the notifications app.

The games services call `note_writes` once per game write, inside their transaction: one
`GameWrite` row, and the `record_game_writes` task handed the game right after the commit. That task
(`record_writes`) locks the game and writes what the write causes: the outbox rows (prompts,
reminders, start and end mails), the prompts that signed links and reply addresses name, and the
idle-ladder bookkeeping, then deletes the row; `sweep_writes` records any whose task was lost.
Mails are enqueued only after the commit (`transaction.on_commit`); an enqueue that fails is logged
and left to `sweep_outbox`, so a broker outage never breaks a move.

`deliver` is the body of the send task: lock the row, act only from PENDING (or a SENDING row
whose worker died), apply the user's preferences, mark it SENDING, send outside the lock, mark it
SENT. `sweep_outbox` re-queues rows stuck pending or in flight; `sweep_deadlines` plays the
default action for overdue seats through `games.services.apply_default_actions`, in batches of games.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.mail import EmailMessage
from django.db import models, transaction
from django.db.models import Case, Exists, F, Min, OuterRef, Q, Subquery, Value, When, Window
from django.db.models.functions import RowNumber
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from accounts.models import NotifyMode, Profile
from games.bulk import update_in_groups
from games.errors import GameError
from games.i18n import describe_action, labels_by_language_all, log_lines_by_language
from games.models import Action, Game, Seat

from .models import (
    ALWAYS_KINDS,
    TURN_KINDS,
    GameMute,
    GameSettings,
    GameWrite,
    Kind,
    Notification,
    Prompt,
    SeatStatus,
    Status,
    Vacation,
)

logger = logging.getLogger(__name__)

#: Sources of actions a person took (they reset the idle ladder).
HUMAN_SOURCES = {Action.Source.WEB, Action.Source.API, Action.Source.EMAIL}
#: How many of the latest actions a prompt mail looks back through for "what happened".
RECENT_ACTIONS = 40


def _setting(name: str, default: Any) -> Any:
    return getattr(settings, name, default)


def idle_limit_default() -> int:
    return int(_setting("NOTIFICATIONS_IDLE_TIMEOUTS", 3))


# -- errors -----------------------------------------------------------------------------------
class PromptError(Exception):
    """A link or reply that cannot act; `status_code` is the HTTP status of the page."""

    status_code = 400
    default_message = _("This link is not valid.")

    def __init__(self, message: str | None = None) -> None:
        self.message = str(message or self.default_message)
        super().__init__(self.message)


class PromptInvalid(PromptError):
    status_code = 400


class PromptUsed(PromptError):
    status_code = 410

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or _("This link was already used: each link plays once."))


class PromptExpired(PromptError):
    status_code = 410

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or _("This link expired at the deadline."))


class PromptStale(PromptError):
    status_code = 409

    def __init__(self, message: str | None = None) -> None:
        super().__init__(
            message or _("The game moved on since this mail was sent; open the game to see where it stands.")
        )


class VacationError(Exception):
    pass


# -- the outbox -------------------------------------------------------------------------------
def _enqueue_on_commit(ids: list[int]) -> None:
    if ids:
        transaction.on_commit(lambda: enqueue(ids))


def _enqueue_marked_on_commit(ids: list[int]) -> None:
    if ids:
        transaction.on_commit(lambda: enqueue(ids, marked=True))


def enqueue(ids: Iterable[int], *, marked: bool = False) -> list[int]:
    """Hand rows to the send task; failures are logged and left for the sweeper. Never raises.

    `marked`: the rows were written with `enqueued_at` already set (a game write's mails, handed
    over right after its commit, so the move costs no second write); the rows that could not be
    handed over get it cleared again, which is what the sweeper looks for. (Should the process
    die between the commit and the hand-over, the sweeper re-queues them after
    NOTIFICATIONS_REQUEUE_AFTER, as for a message the broker lost.)
    """
    from .tasks import send_notification

    done: list[int] = []
    ids = list(ids)
    for nid in ids:
        try:
            send_notification.delay(nid)
        except Exception:  # the broker is down or misconfigured: the sweeper will re-queue
            # Stop at the first failure: each attempt costs a connection timeout, and the request
            # that made these rows must answer at once.
            logger.warning(
                "could not enqueue notification %s (%d left pending); the outbox sweeper will retry",
                nid,
                len(ids) - len(done),
                exc_info=True,
            )
            break
        done.append(nid)
    if marked:
        if len(done) < len(ids):
            try:
                Notification.objects.filter(pk__in=ids[len(done) :], status=Status.PENDING).update(
                    enqueued_at=None
                )
            except Exception:
                logger.warning("could not unmark notifications %s", ids[len(done) :], exc_info=True)
        return done
    if done:
        try:
            now = timezone.now()
            Notification.objects.filter(pk__in=done, status=Status.PENDING, send_after__lte=now).update(
                enqueued_at=now
            )
        except Exception:
            logger.warning("could not mark notifications %s enqueued", done, exc_info=True)
    return done


def _create_rows(rows: list[Notification], known_new: set[str] = frozenset()) -> list[Notification]:
    """Insert the rows whose dedupe key is new; returns the inserted ones.

    Game-scoped keys are written under the game row lock, so checking then inserting cannot race;
    `known_new` keys (those of prompts created in this write) need no check.
    """
    if not rows:
        return []
    keys = [row.dedupe_key for row in rows if row.dedupe_key not in known_new]
    existing = (
        set(Notification.objects.filter(dedupe_key__in=keys).values_list("dedupe_key", flat=True))
        if keys
        else set()
    )
    seen: set[str] = set()
    fresh = []
    for row in rows:
        if row.dedupe_key in existing or row.dedupe_key in seen:
            continue
        seen.add(row.dedupe_key)
        fresh.append(row)
    return Notification.objects.bulk_create(fresh)


def _due_now(rows: list[Notification], now: dt.datetime) -> list[int]:
    return [row.pk for row in rows if row.status == Status.PENDING and row.send_after <= now]


def queue_rendered_mail(
    *, message: EmailMessage, kind: str = Kind.ACCOUNT, user: Any = None, send_now: bool = True
) -> Notification:
    """Put an already rendered mail (allauth's) through the outbox.

    Account mails are delivered at once in this process (a person is waiting for a sign-in code on
    the page, and a broker outage must not block signing in); the row records it, and if sending
    fails the sweeper retries it like any other.
    """
    html = ""
    for content, mimetype in getattr(message, "alternatives", []) or []:
        if mimetype == "text/html":
            html = str(content)
    if message.content_subtype == "html":
        html, text = message.body, ""
    else:
        text = message.body
    to_email = (message.to or [""])[0]
    if user is None and to_email:
        user = get_user_model().objects.filter(email__iexact=to_email).first()
    row = Notification.objects.create(
        kind=kind,
        dedupe_key=f"{kind}:{uuid.uuid4().hex}",
        user=user,
        to_email=to_email,
        subject=" ".join(str(message.subject).split())[:300],
        body_text=text,
        body_html=html,
        send_after=timezone.now(),
    )
    if send_now:
        deliver(row.pk)
    else:
        _enqueue_on_commit([row.pk])
    return row


# -- recording game progress ------------------------------------------------------------------
def _describe_event(rules: engine.Game, event: dict[str, Any]) -> str:
    describe = getattr(rules, "describe_event", None)
    if describe is not None:
        try:
            return str(describe(event))
        except Exception:  # an engine without a label for this event: fall back below
            pass
    label = str(event.get("type", "")).replace("_", " ").capitalize()
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in {"type", "visible_to"})
    return f"{label} ({details})" if details else label


def _away(
    seats: list[dict[str, Any]], statuses: dict[int, SeatStatus], names: dict[int, str]
) -> list[dict[str, Any]]:
    """Players on vacation or marked absent: every player of the table sees this."""
    away = [
        seat
        for seat in seats
        if seat["vacation_until"] is not None
        or (seat["index"] in statuses and statuses[seat["index"]].absent)
    ]
    return [
        {
            "seat": seat["index"],
            "name": names[seat["user_id"]],
            "vacation_until": seat["vacation_until"].isoformat() if seat["vacation_until"] else None,
            "absent": bool(seat["index"] in statuses and statuses[seat["index"]].absent),
        }
        for seat in away
    ]


def _reminder_times(
    issued_at: dt.datetime, due_at: dt.datetime | None, now: dt.datetime
) -> dict[str, dt.datetime]:
    """At 75% of the time elapsed and at one hour left, each only if still ahead and distinct."""
    if due_at is None or due_at <= issued_at:
        return {}
    length = due_at - issued_at
    times = {"75": issued_at + length * 0.75}
    one_hour = due_at - dt.timedelta(hours=1)
    if one_hour > times["75"] + dt.timedelta(minutes=5):
        times["1h"] = one_hour
    return times


# -- game writes ------------------------------------------------------------------------------
#: How old a pending GameWrite must be before `sweep_writes` takes it (its task is late or lost).
WRITE_GRACE = dt.timedelta(seconds=30)


def note_writes(writes: list[GameWrite]) -> None:
    """Queue game writes for `record_writes`: one insert in the caller's transaction (the game
    write's), and the games handed to the task right after the commit."""
    GameWrite.objects.bulk_create(writes)
    game_ids = sorted({w.game_id for w in writes})
    transaction.on_commit(lambda: _enqueue_record(game_ids))


def _enqueue_record(game_ids: list[int]) -> None:
    from .tasks import record_game_writes

    try:
        record_game_writes.delay(game_ids)
    except Exception:  # the broker is down: sweep_writes records them within the minute
        logger.warning("could not enqueue recording of games %s", game_ids, exc_info=True)


def record_writes(*, game_ids: list[int]) -> int:
    """Record the pending writes of these games; returns how many were recorded.

    Locks the games (in id order, as every game write does), then writes what their pending
    writes cause from each game's current state and deletes them, in one transaction: safe to run
    twice or concurrently (a write is recorded only by the transaction that deletes it).
    """
    with transaction.atomic():
        games = list(Game.objects.select_for_update().filter(pk__in=game_ids).order_by("pk"))
        return record_locked_writes(games)


def record_locked_writes(games: list[Game]) -> int:
    """`record_writes` for games the caller has locked in its transaction (a mail's move first
    brings the game's prompts up to date, so a prompt kept valid by the last write is honoured)."""
    pending: dict[int, list[GameWrite]] = {}
    for write in GameWrite.objects.filter(game__in=games).order_by("game_id", "version"):
        pending.setdefault(write.game_id, []).append(write)
    if not pending:
        return 0
    record_progress(
        [
            GameProgress(
                game=game,
                acted_seats=frozenset(w.acted_seat for w in writes if w.acted_seat is not None),
                kind="started" if any(w.kind == "started" for w in writes) else writes[-1].kind,
                new_actions=[
                    {"seq": seq, "seat_index": seat, "source": source}
                    for w in writes
                    for seq, seat, source in w.actions
                ],
            )
            for game in games
            if (writes := pending.get(game.pk))
        ]
    )
    recorded = [w.pk for writes in pending.values() for w in writes]
    GameWrite.objects.filter(pk__in=recorded).delete()
    return len(recorded)


def sweep_writes(*, now: dt.datetime | None = None, limit: int = 1000) -> int:
    """Record the writes whose task is late or was lost (broker down, process died after the
    commit), in batches of games; returns how many were recorded."""
    now = now or timezone.now()
    game_ids = list(
        GameWrite.objects.filter(created_at__lte=now - WRITE_GRACE)
        .order_by()
        .values_list("game_id", flat=True)
        .distinct()[:limit]
    )
    return sum(record_writes(game_ids=batch) for batch in _chunks(sorted(game_ids), sweep_batch()))


@dataclass
class GameProgress:
    """The game writes `record_progress` handles for one game: the game (its latest version), its
    state (None: from the snapshot), the seats whose players acted and the actions the writes added
    (seq, seat_index, source)."""

    game: Game
    state: Any = None
    acted_seats: frozenset[int] = frozenset()
    kind: str = "action"
    #: The actions these writes added; None: read them from the log.
    new_actions: list[dict[str, Any]] | None = None


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
    writes = [w for w in writes if not (w.game.snapshot is None and w.state is None)]
    if not writes:
        return
    now = timezone.now()
    ids = [w.game.pk for w in writes]
    on_vacation = Vacation.objects.filter(
        user=OuterRef("user"), starts_at__lte=now, ends_at__gt=now, ended_early_at__isnull=True
    ).order_by("-ends_at")
    seats_of: dict[int, list[dict[str, Any]]] = {game_id: [] for game_id in ids}
    names: dict[int, str] = {}  # user id -> what other players see (mails name players so)
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
            "vacation_until",
            "user__profile__display_name",
            "user__username",
        )
    ):
        seats_of[seat["game_id"]].append(seat)
        names[seat["user_id"]] = seat["user__profile__display_name"] or seat["user__username"]
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
    logs = _recent_actions([w.game.pk for w in writes if w.new_actions is None])
    limits: dict[int, int] | None = None

    rows: list[Notification] = []
    dirty: list[SeatStatus] = []
    close_ids: list[int] = []
    kept: dict[int, list[int]] = {}  # game version -> prompts kept valid at it
    retimed: list[Prompt] = []
    fresh: list[tuple[Prompt, GameProgress, dict[str, Any]]] = []
    autoplays: list[tuple[Game, list[int]]] = []
    absence_changed: set[int] = set()  # games whose table notices change

    for write in writes:
        game = write.game
        rules = engine.get_game(game.slug)
        state = write.state if write.state is not None else rules.from_json(game.snapshot)
        write.state = state
        over = rules.is_over(state)
        seats = seats_of[game.pk]
        by_index = {s["index"]: s for s in seats}
        statuses = statuses_of[game.pk]
        game_ctx = _game_context(game, rules)
        changed: dict[int, SeatStatus] = {}

        # The idle ladder: timeouts in a row mark a seat absent; any move by its player resets it.
        for act in write.new_actions if write.new_actions is not None else logs.get(game.pk, []):
            status = statuses.get(act["seat_index"])
            if status is None or act["seq"] <= status.last_seq:
                continue
            status.last_seq = act["seq"]
            changed[act["seat_index"]] = status
            if act["source"] == Action.Source.TIMEOUT:
                status.consecutive_timeouts += 1
                if limits is None:  # one query for the whole call, and only when a deadline played
                    limits = dict(GameSettings.objects.filter(pk__in=ids).values_list("pk", "idle_limit"))
                limit = limits.get(game.pk) or idle_limit_default()
                if status.consecutive_timeouts >= limit and not status.absent:
                    status.absent, status.absent_since = True, now
                    absence_changed.add(game.pk)
                    rows.append(
                        Notification(
                            kind=Kind.ABSENT,
                            dedupe_key=f"absent:{game.pk}:{act['seat_index']}:{act['seq']}",
                            user_id=by_index[act["seat_index"]]["user_id"],
                            game=game,
                            seat_index=act["seat_index"],
                            context={"game": game_ctx, "limit": limit},
                            send_after=now,
                        )
                    )
            elif act["source"] in HUMAN_SOURCES:
                if status.absent:
                    absence_changed.add(game.pk)
                status.consecutive_timeouts, status.absent, status.absent_since = 0, False, None

        if write.kind == "started":
            players = [{"seat": s["index"], "name": names[s["user_id"]]} for s in seats]
            for seat in seats:
                rows.append(
                    Notification(
                        kind=Kind.GAME_START,
                        dedupe_key=f"game_start:{game.pk}:{seat['index']}",
                        user_id=seat["user_id"],
                        game=game,
                        seat_index=seat["index"],
                        context={
                            "game": game_ctx,
                            "seat": seat["index"],
                            "players": players,
                            "view": rules.view(state, seat["index"]),
                        },
                        send_after=now,
                    )
                )

        to_act = [] if over else rules.to_act(state)
        waiting = set(to_act)
        autoplay: list[int] = []

        for index, status in statuses.items():
            prompt = status.open_prompt
            if prompt is not None and (index not in waiting or prompt.closed_at is not None):
                close_ids.append(prompt.pk)
                status.open_prompt = None
                changed[index] = status

        for index in to_act:
            seat = by_index.get(index)
            if seat is None or seat["resigned"]:
                continue  # the games services auto-play resigned seats
            status = statuses[index]
            if status.absent:
                autoplay.append(index)
                if status.open_prompt is not None:
                    close_ids.append(status.open_prompt.pk)
                    status.open_prompt = None
                    changed[index] = status
                continue
            due_at = seat["due_at"]
            if seat["vacation_until"] is not None and due_at is not None:
                extended = seat["vacation_until"] + game.pace_delta
                if extended > due_at:  # a deadline met while away starts after the vacation
                    Seat.objects.filter(pk=seat["pk"]).update(due_at=extended)
                    due_at = extended
            legal = rules.legal_actions(state, index)
            prompt = status.open_prompt
            if prompt is not None and index not in write.acted_seats and prompt.actions == legal:
                kept.setdefault(game.version, []).append(prompt.pk)  # the same decision: no new mail
                if prompt.due_at != due_at:
                    prompt.due_at = due_at
                    retimed.append(prompt)
                continue
            if prompt is not None:
                close_ids.append(prompt.pk)
            prompt = Prompt(
                game=game,
                seat_index=index,
                user_id=seat["user_id"],
                version=game.version,
                valid_version=game.version,
                actions=legal,
                issued_at=now,
                due_at=due_at,
            )
            fresh.append((prompt, write, {"rules": rules, "over": over, "ctx": game_ctx}))

        if over:
            scores, places = rules.scores(state), rules.ranking(state)
            results = sorted(
                (
                    {"seat": i, "name": names[s["user_id"]], "score": scores[i], "place": places[i]}
                    for i, s in by_index.items()
                ),
                key=lambda r: (r["place"], r["seat"]),
            )
            for seat in seats:
                rows.append(
                    Notification(
                        kind=Kind.GAME_END,
                        dedupe_key=f"game_end:{game.pk}:{seat['index']}",
                        user_id=seat["user_id"],
                        game=game,
                        seat_index=seat["index"],
                        context={"game": game_ctx, "seat": seat["index"], "results": results},
                        send_after=now,
                    )
                )
        if autoplay:
            autoplays.append((game, autoplay))
        dirty.extend(changed.values())

    # All new prompts in one insert, so a write costs the same queries whatever it prompts.
    new_prompt_keys: set[str] = set()
    if fresh:
        prompted = {id(write) for _prompt, write, _info in fresh}
        logs.update(
            _recent_actions([w.game.pk for w in writes if id(w) in prompted and w.game.pk not in logs])
        )
        Prompt.objects.bulk_create([prompt for prompt, _write, _info in fresh])
    away_of: dict[int, list[dict[str, Any]]] = {}
    for prompt, write, info in fresh:
        game, index, user_id = write.game, prompt.seat_index, prompt.user_id
        statuses = statuses_of[game.pk]
        statuses[index].open_prompt = prompt
        if statuses[index] not in dirty:
            dirty.append(statuses[index])
        new_prompt_keys.update(
            {f"prompt:{prompt.pk}", f"reminder:75:{prompt.pk}", f"reminder:1h:{prompt.pk}"}
        )
        if game.pk not in away_of:
            away_of[game.pk] = _away(seats_of[game.pk], statuses, names)
        context = _prompt_context(
            info["rules"],
            write.state,
            info["ctx"],
            index,
            prompt,
            prompt.actions,
            logs.get(game.pk, []),
            info["over"],
            away_of[game.pk],
            {seat["index"]: names[seat["user_id"]] for seat in seats_of[game.pk]},
        )
        rows.append(
            Notification(
                kind=Kind.PROMPT,
                dedupe_key=f"prompt:{prompt.pk}",
                user_id=user_id,
                game=game,
                seat_index=index,
                prompt=prompt,
                context=context,
                send_after=now,
            )
        )
        for label, when in _reminder_times(now, prompt.due_at, now).items():
            rows.append(
                Notification(
                    kind=Kind.REMINDER,
                    dedupe_key=f"reminder:{label}:{prompt.pk}",
                    user_id=user_id,
                    game=game,
                    seat_index=index,
                    prompt=prompt,
                    context={"reminder": label},  # the rest is read from the prompt mail's row
                    send_after=when,
                )
            )

    kept_ids = [pk for pks in kept.values() for pk in pks]
    if close_ids or kept_ids:  # one UPDATE: closed prompts get closed_at, kept ones the new version
        Prompt.objects.filter(pk__in=close_ids + kept_ids).update(
            closed_at=Case(
                When(pk__in=close_ids, closed_at__isnull=True, then=Value(now)),
                default=F("closed_at"),
                output_field=models.DateTimeField(),
            ),
            valid_version=Case(
                *(When(pk__in=pks, then=Value(version)) for version, pks in kept.items()),
                default=F("valid_version"),
                output_field=models.PositiveIntegerField(),
            ),
        )
    for prompt in retimed:
        _retime_prompt(prompt, now)
    fields = ("consecutive_timeouts", "last_seq", "absent", "absent_since", "open_prompt_id")
    update_in_groups(SeatStatus, dirty, fields)
    for game, autoplay in autoplays:
        Seat.objects.filter(game=game, index__in=autoplay, waiting=True).update(due_at=now)
        game_id, version, first = game.pk, game.version, autoplay[0]
        transaction.on_commit(lambda g=game_id, s=first, v=version: _enqueue_autoplay(g, s, v))
    for row in rows:  # handed to the broker right after the commit (see `_enqueue_marked`)
        if row.send_after <= now:
            row.enqueued_at = now
    created = _create_rows(rows, known_new=new_prompt_keys)
    _enqueue_marked_on_commit(_due_now(created, now))
    _forget_notices(absence_changed)


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
    for act in rows.values("game_id", "seq", "seat_index", "source", "events"):
        logs[act["game_id"]].append(act)
    for log in logs.values():
        log.sort(key=lambda act: act["seq"])
    return logs


def _enqueue_autoplay(game_id: int, seat_index: int, version: int) -> None:
    from .tasks import autoplay_seat

    try:
        autoplay_seat.delay(game_id, seat_index, version)
    except Exception:  # the deadline sweep plays it within the minute (its due_at is now)
        logger.warning("could not enqueue autoplay of game %s seat %s", game_id, seat_index, exc_info=True)


def _game_context(game: Game, rules: engine.Game) -> dict[str, Any]:
    return {"id": game.pk, "slug": game.slug, "name": rules.name, "version": game.version}


def _prompt_context(
    rules: engine.Game,
    state: Any,
    game_ctx: dict[str, Any],
    index: int,
    prompt: Prompt,
    legal: list[dict[str, Any]],
    recent: list[dict[str, Any]],
    over: bool,
    away: list[dict[str, Any]],
    players: dict[int, str],
) -> dict[str, Any]:
    """What a prompt mail shows, from the seat's own view, visible events and legal actions;
    `players` names the seats by their players, as the table's log does."""
    last_own = max((a["seq"] for a in recent if a["seat_index"] == index), default=0)
    visible = [
        ev
        for act in recent
        if act["seq"] > last_own
        for ev in engine.events_for(act["events"], index, game_over=over)
    ]
    view = rules.view(state, index)
    return {
        "game": game_ctx,
        "seat": index,
        "prompt": prompt.pk,
        "view": view,
        "events": [_describe_event(rules, ev) for ev in visible],
        # the same events as the table's log words them, per language: rendering picks the recipient's
        "events_by_language": (
            log_lines_by_language(game_ctx["slug"], visible, view, players) if visible else {}
        ),
        "choices": [
            {
                "n": n,
                "label": labels[settings.LANGUAGE_CODE],
                # the mail is rendered in its recipient's language: rendering picks from these
                "labels": labels,
            }
            for n, (action, labels) in enumerate(
                zip(legal, labels_by_language_all(rules, state, index, legal), strict=True), 1
            )
        ],
        "due_at": prompt.due_at.isoformat() if prompt.due_at else None,
        "away": [a for a in away if a["seat"] != index],
    }


def _retime_prompt(prompt: Prompt, now: dt.datetime) -> None:
    """The deadline moved: keep the prompt's expiry (which mails show) and its reminders in step."""
    Prompt.objects.filter(pk=prompt.pk).update(due_at=prompt.due_at)
    times = _reminder_times(prompt.issued_at, prompt.due_at, now)
    for pk, key in Notification.objects.filter(
        prompt=prompt, kind=Kind.REMINDER, status=Status.PENDING
    ).values_list("pk", "dedupe_key"):
        label = key.split(":")[1]
        if label in times:
            Notification.objects.filter(pk=pk).update(send_after=times[label])
        else:
            Notification.objects.filter(pk=pk).update(status=Status.CANCELLED)


# -- sending ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    action: str  # "send", "skip", "digest", "cancel", "hold"
    until: dt.datetime | None = None


def _profile(user: Any) -> Profile | None:
    if user is None:
        return None
    try:
        return user.profile
    except Profile.DoesNotExist:
        return None


def quiet_hours_end(profile: Profile, now: dt.datetime) -> dt.datetime:
    """The next moment the user's quiet hours end, as an aware datetime."""
    zone = profile.zone
    local = now.astimezone(zone)
    end = profile.quiet_hours_end
    candidate = dt.datetime.combine(local.date(), end, tzinfo=zone)
    if candidate <= local:
        candidate = dt.datetime.combine(local.date() + dt.timedelta(days=1), end, tzinfo=zone)
    return candidate.astimezone(dt.UTC)


def decide(n: Notification, now: dt.datetime) -> Decision:
    """What the user's preferences make of this mail now (checked when sending, not when written)."""
    if n.kind in ALWAYS_KINDS or n.user_id is None:
        return Decision("send")
    if n.kind in TURN_KINDS and n.prompt_id is not None:
        prompt = Prompt.objects.filter(pk=n.prompt_id).values("closed_at", "used_at").first()
        if prompt is None or prompt["closed_at"] is not None or prompt["used_at"] is not None:
            return Decision("cancel")
    profile = _profile(n.user)
    if profile is not None and profile.email_opt_out:
        return Decision("skip")
    if n.game_id is not None and GameMute.objects.filter(user_id=n.user_id, game_id=n.game_id).exists():
        return Decision("skip")
    if profile is not None and n.kind in TURN_KINDS:
        if profile.notify_mode == NotifyMode.NONE:
            return Decision("skip")
        if profile.notify_mode == NotifyMode.DIGEST:
            return Decision("digest")
    if profile is not None and profile.in_quiet_hours(now):
        return Decision("hold", quiet_hours_end(profile, now))
    return Decision("send")


def inflight_timeout() -> dt.timedelta:
    return dt.timedelta(seconds=int(_setting("NOTIFICATIONS_INFLIGHT_TIMEOUT", 600)))


def max_attempts() -> int:
    return int(_setting("NOTIFICATIONS_MAX_ATTEMPTS", 8))


def deliver(notification_id: int) -> str:
    """Send one outbox row at most once; returns what happened (for logs and tests)."""
    from .rendering import build_message

    now = timezone.now()
    with transaction.atomic():
        n = (
            Notification.objects.select_for_update(of=("self",))
            .select_related("user__profile")
            .filter(pk=notification_id)
            .first()
        )
        if n is None:
            return "missing"
        stale_flight = (
            n.status == Status.SENDING
            and n.claimed_at is not None
            and n.claimed_at < now - inflight_timeout()
        )
        if n.status != Status.PENDING and not stale_flight:
            return f"not pending ({n.status})"
        if n.send_after > now:
            return "not due"
        decision = decide(n, now)
        if decision.action == "hold":
            # Held (quiet hours): out of the queue; the sweeper enqueues it when `send_after` comes.
            n.status, n.send_after, n.enqueued_at = Status.PENDING, decision.until, None
            n.save(update_fields=["status", "send_after", "enqueued_at"])
            return "held"
        if decision.action != "send":
            n.status = {"skip": Status.SKIPPED, "digest": Status.DIGEST, "cancel": Status.CANCELLED}[
                decision.action
            ]
            n.save(update_fields=["status"])
            return decision.action
        n.status, n.claimed_at, n.attempts = Status.SENDING, now, n.attempts + 1
        n.save(update_fields=["status", "claimed_at", "attempts"])
    try:
        message = build_message(n)
        message.send()
    except Exception as exc:
        failed = n.attempts >= max_attempts()
        backoff = dt.timedelta(minutes=min(60, 2**n.attempts))
        Notification.objects.filter(pk=n.pk, status=Status.SENDING).update(
            status=Status.FAILED if failed else Status.PENDING,
            send_after=timezone.now() + backoff,
            enqueued_at=None,  # out of the queue: the sweeper hands it over again when due
            last_error=f"{type(exc).__name__}: {exc}"[:2000],
        )
        logger.exception("sending notification %s failed (attempt %s)", n.pk, n.attempts)
        return "error"
    Notification.objects.filter(pk=n.pk, status=Status.SENDING).update(
        status=Status.SENT, sent_at=timezone.now(), subject=message.subject[:300]
    )
    return "sent"


def sweep_outbox(*, now: dt.datetime | None = None, limit: int = 500) -> dict[str, int]:
    """Re-queue rows stuck in flight (a worker died) or pending and due but not in the queue."""
    now = now or timezone.now()
    stuck = list(
        Notification.objects.filter(status=Status.SENDING, claimed_at__lt=now - inflight_timeout())
        .order_by("claimed_at")
        .values_list("pk", flat=True)[:limit]
    )
    if stuck:
        Notification.objects.filter(pk__in=stuck, status=Status.SENDING).update(
            status=Status.PENDING, send_after=now, enqueued_at=None
        )
    requeue_after = dt.timedelta(seconds=int(_setting("NOTIFICATIONS_REQUEUE_AFTER", 120)))
    due = list(
        Notification.objects.filter(status=Status.PENDING, send_after__lte=now)
        .filter(
            Q(enqueued_at__isnull=True)
            | Q(enqueued_at__lt=F("send_after"))
            | Q(enqueued_at__lt=now - requeue_after)
        )
        .order_by("send_after")
        .values_list("pk", flat=True)[:limit]
    )
    queued = enqueue(due)
    return {"stuck": len(stuck), "due": len(due), "queued": len(queued)}


def digest_hour() -> int:
    return int(_setting("NOTIFICATIONS_DIGEST_HOUR", 7))


def digest_due(profile: Profile | None, oldest: dt.datetime, now: dt.datetime) -> bool:
    """Once a day, in the user's digest hour (their time zone); a day-old item goes out anyway."""
    zone = profile.zone if profile is not None else dt.UTC
    return now.astimezone(zone).hour == digest_hour() or now - oldest >= dt.timedelta(hours=24)


def send_digests(*, now: dt.datetime | None = None) -> int:
    """Beat, hourly: one daily digest per user of the turn mails waiting for it, in the user's
    digest hour. Returns how many digests were made."""
    now = now or timezone.now()
    made: list[int] = []
    waiting = (
        Notification.objects.filter(status=Status.DIGEST)
        .values("user_id")
        .annotate(oldest=Min("created_at"))
        .values_list("user_id", "oldest")
    )
    profiles = {p.user_id: p for p in Profile.objects.filter(user_id__in=[u for u, _o in waiting])}
    for user_id, oldest in waiting:
        profile = profiles.get(user_id)
        if not digest_due(profile, oldest, now):
            continue
        local_day = now.astimezone(profile.zone if profile else dt.UTC).date()
        if Notification.objects.filter(dedupe_key=f"digest:{user_id}:{local_day}").exists():
            continue
        with transaction.atomic():
            items = list(
                Notification.objects.select_for_update(of=("self",))
                .filter(user_id=user_id, status=Status.DIGEST)
                .order_by("created_at")
            )
            if not items:
                continue
            open_prompts = dict(
                Prompt.objects.filter(
                    pk__in=[i.prompt_id for i in items if i.prompt_id],
                    closed_at__isnull=True,
                    used_at__isnull=True,
                ).values_list("pk", "due_at")
            )
            entries = [
                {
                    **i.context,
                    "kind": i.kind,
                    "open": i.prompt_id in open_prompts,
                    "due_at": open_prompts[i.prompt_id].isoformat()
                    if open_prompts.get(i.prompt_id)
                    else i.context.get("due_at"),
                }
                for i in items
                if i.kind == Kind.PROMPT
            ]
            digest = Notification.objects.create(
                kind=Kind.DIGEST,
                dedupe_key=f"digest:{user_id}:{local_day}",
                user_id=user_id,
                context={"items": entries},
                send_after=now,
            )
            Notification.objects.filter(pk__in=[i.pk for i in items]).update(status=Status.DIGESTED)
            made.append(digest.pk)
            _enqueue_on_commit([digest.pk])
    return len(made)


# -- deadlines --------------------------------------------------------------------------------
def overdue_seats(*, now: dt.datetime, limit: int) -> list[tuple[int, int, int]]:
    """(game id, seat index, game version) of overdue waiting seats, oldest deadline first.

    One query on the partial index `seat_due_idx` (waiting seats by due_at): its cost grows with
    the overdue seats, not with the games.
    """
    return list(
        Seat.objects.filter(waiting=True, due_at__lte=now, game__status=Game.Status.RUNNING)
        .order_by("due_at")
        .values_list("game_id", "index", "game__version")[:limit]
    )


def _by_game(overdue: list[tuple[int, int, int]]) -> dict[int, list[tuple[int, int]]]:
    grouped: dict[int, list[tuple[int, int]]] = {}
    for game_id, seat_index, version in overdue:
        grouped.setdefault(game_id, []).append((seat_index, version))
    return grouped


def sweep_batch() -> int:
    return int(_setting("NOTIFICATIONS_SWEEP_BATCH", 50))


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def play_overdue_games(*, games: list[tuple[int, list[tuple[int, int]]]]) -> dict[str, int]:
    """Play several games' overdue seats in one transaction (one commit, one disk flush, for the
    batch) through `games.services.apply_default_actions`: the batch's games locked in one query,
    their snapshots loaded once, bulk writes of actions, games, seats and mails, every default
    action under the same version check and engine guard as a single one, so a refused or failing
    game costs only itself. The games' rows stay locked until the batch commits."""
    from games.services import apply_default_actions

    return apply_default_actions(games=games)


def sweep_deadlines(*, now: dt.datetime | None = None, limit: int = 5000) -> dict[str, int]:
    """Play every overdue seat here, batch after batch (tests, commands, a broker-less fallback)."""
    totals = {"played": 0, "refused": 0}
    games = list(_by_game(overdue_seats(now=now or timezone.now(), limit=limit)).items())
    for batch in _chunks(games, sweep_batch()):
        for key, value in play_overdue_games(games=batch).items():
            totals[key] += value
    return totals


def dispatch_overdue(*, now: dt.datetime | None = None, limit: int = 5000) -> dict[str, int]:
    """The beat task's work: one indexed query, then one `play_overdue_seats` task per batch of
    games, so workers play the tables in parallel. A batch that cannot be published is played here.
    """
    from .tasks import play_overdue_seats

    dispatched = inline = 0
    games = list(_by_game(overdue_seats(now=now or timezone.now(), limit=limit)).items())
    for batch in _chunks(games, sweep_batch()):
        try:
            play_overdue_seats.delay([[game_id, [list(s) for s in seats]] for game_id, seats in batch])
        except Exception:
            logger.warning("could not enqueue %d overdue games; playing them here", len(batch), exc_info=True)
            play_overdue_games(games=batch)
            inline += 1
        else:
            dispatched += 1
    return {"dispatched": dispatched, "inline": inline}


def autoplay(*, game_id: int, seat_index: int, version: int) -> bool:
    """Play an absent seat's default action at once (expected version: the write that asked)."""
    from games.services import apply_default_action

    try:
        apply_default_action(game_id=game_id, seat_index=seat_index, expected_version=version)
    except GameError:
        return False
    return True


# -- acting from a mail -----------------------------------------------------------------------
def check_prompt(
    prompt: Prompt | None, *, user_id: int | None, game_id: int | None, version: int | None, now: dt.datetime
) -> Prompt:
    """Raise the right PromptError unless the prompt may still be acted on."""
    if prompt is None:
        raise PromptInvalid()
    if user_id is not None and (prompt.user_id, prompt.game_id, prompt.version) != (
        user_id,
        game_id,
        version,
    ):
        raise PromptInvalid()
    if prompt.used_at is not None:
        raise PromptUsed()
    if prompt.due_at is not None and now >= prompt.due_at:
        raise PromptExpired()
    if prompt.closed_at is not None:
        raise PromptStale()
    return prompt


def play_prompt_choice(
    *,
    prompt_id: int,
    choice: int,
    user_id: int | None = None,
    game_id: int | None = None,
    version: int | None = None,
    source: str = Action.Source.EMAIL,
) -> tuple[Prompt, str]:
    """Play choice `choice` (1-based) of a prompt through `games.services.action_submit`.

    Locks the game row first, then the prompt (the order every game write uses), refuses spent,
    expired or superseded prompts, and acts with the version the prompt is valid for. The prompt
    is spent only when the move is played. Returns the prompt and the played action's label.
    """
    from games.services import action_submit

    now = timezone.now()
    with transaction.atomic():
        game_ref = Prompt.objects.filter(pk=prompt_id).values_list("game_id", flat=True).first()
        if game_ref is None:
            raise PromptInvalid()
        game = Game.objects.select_for_update().get(pk=game_ref)
        record_locked_writes([game])  # the prompt as the game's latest write left it
        prompt = (
            Prompt.objects.select_for_update(of=("self",)).select_related("user").filter(pk=prompt_id).first()
        )
        check_prompt(prompt, user_id=user_id, game_id=game_id, version=version, now=now)
        if not 1 <= choice <= len(prompt.actions):
            raise PromptInvalid(_("There is no choice %(n)s in this mail.") % {"n": choice})
        action = prompt.actions[choice - 1]
        rules = engine.get_game(game.slug)
        label = describe_action(rules, rules.from_json(game.snapshot), prompt.seat_index, action)
        try:
            action_submit(
                game_id=prompt.game_id,
                user=prompt.user,
                action=action,
                expected_version=prompt.valid_version,
                source=source,
            )
        except GameError as exc:
            raise PromptStale(exc.message) from None
        Prompt.objects.filter(pk=prompt.pk).update(used_at=now, closed_at=now)
    return prompt, label


# -- preferences ------------------------------------------------------------------------------
@transaction.atomic
def mute_game(*, user: Any, game_id: int) -> None:
    GameMute.objects.get_or_create(user=user, game_id=game_id)
    _forget_notices([game_id])


@transaction.atomic
def unmute_game(*, user: Any, game_id: int) -> None:
    GameMute.objects.filter(user=user, game_id=game_id).delete()
    _forget_notices([game_id])


@transaction.atomic
def opt_out(*, user: Any) -> None:
    """Stop every game mail for the user (account mails still go), via accounts' own service."""
    from accounts.selectors import profile_for
    from accounts.services import update_profile

    profile = profile_for(user)
    if profile.email_opt_out:
        return
    update_profile(
        user=user,
        display_name=profile.display_name,
        time_zone=profile.time_zone,
        language=profile.language,
        notify_mode=profile.notify_mode,
        quiet_hours_start=profile.quiet_hours_start,
        quiet_hours_end=profile.quiet_hours_end,
        email_opt_out=True,
    )


@transaction.atomic
def mark_present(*, user: Any, game_id: int) -> bool:
    """The player is back: their seat is no longer auto-played. Returns whether it was absent."""
    seat = Seat.objects.filter(game_id=game_id, user=user, index__isnull=False).first()
    if seat is None:
        return False
    _forget_notices([game_id])
    return bool(
        SeatStatus.objects.filter(game_id=game_id, seat_index=seat.index, absent=True).update(
            absent=False, absent_since=None, consecutive_timeouts=0
        )
    )


# -- vacation ---------------------------------------------------------------------------------
def vacation_days_used(*, user: Any, year: int) -> float:
    total = dt.timedelta()
    for v in Vacation.objects.filter(user=user, starts_at__year=year):
        end = min(v.ends_at, v.ended_early_at) if v.ended_early_at else v.ends_at
        total += max(dt.timedelta(), end - v.starts_at)
    return total.total_seconds() / 86400


def vacation_budget() -> int:
    return int(_setting("NOTIFICATIONS_VACATION_DAYS_PER_YEAR", 21))


def active_vacation(*, user: Any, now: dt.datetime | None = None) -> Vacation | None:
    now = now or timezone.now()
    return (
        Vacation.objects.filter(user=user, starts_at__lte=now, ends_at__gt=now, ended_early_at__isnull=True)
        .order_by("-ends_at")
        .first()
    )


@transaction.atomic
def start_vacation(*, user: Any, days: int, now: dt.datetime | None = None) -> Vacation:
    """Take `days` days away from today: the deadlines of the user's waiting seats move by as much.

    The yearly budget (NOTIFICATIONS_VACATION_DAYS_PER_YEAR) counts the days actually taken.
    """
    now = now or timezone.now()
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()  # one vacation at a time
    if days < 1:
        raise VacationError(_("Take at least one day."))
    if active_vacation(user=user, now=now) is not None:
        raise VacationError(_("You are already on vacation."))
    left = vacation_budget() - vacation_days_used(user=user, year=now.year)
    if days > left:
        raise VacationError(_("You have %(left)d vacation days left this year.") % {"left": int(left)})
    vacation = Vacation.objects.create(user=user, starts_at=now, ends_at=now + dt.timedelta(days=days))
    extend_deadlines(user=user, by=dt.timedelta(days=days), now=now)
    _forget_notices_of_user(user)
    return vacation


@transaction.atomic
def end_vacation(*, user: Any, now: dt.datetime | None = None) -> None:
    now = now or timezone.now()
    Vacation.objects.filter(
        user=user, starts_at__lte=now, ends_at__gt=now, ended_early_at__isnull=True
    ).update(ended_early_at=now)
    _forget_notices_of_user(user)


def extend_deadlines(*, user: Any, by: dt.timedelta, now: dt.datetime) -> int:
    """Move the deadlines of the user's waiting seats (each game row locked, like a game write)."""
    seats = list(
        Seat.objects.filter(user=user, waiting=True, due_at__isnull=False, game__status=Game.Status.RUNNING)
        .order_by("game_id")
        .values_list("pk", "game_id", "index")
    )
    for seat_pk, game_id, index in seats:
        Game.objects.select_for_update().filter(pk=game_id).values_list("pk").first()
        Seat.objects.filter(pk=seat_pk).update(due_at=F("due_at") + by)
        due_at = Seat.objects.filter(pk=seat_pk).values_list("due_at", flat=True).first()
        status = (
            SeatStatus.objects.filter(game_id=game_id, seat_index=index).select_related("open_prompt").first()
        )
        if status is not None and status.open_prompt is not None and status.open_prompt.closed_at is None:
            status.open_prompt.due_at = due_at
            _retime_prompt(status.open_prompt, now)
    return len(seats)


# -- selectors the table and pages use --------------------------------------------------------
#: The table's notices are read on every page load and change rarely: cached per game, dropped
#: after the commit of every write that changes them, and kept no longer than this (nor past the
#: end of a vacation they show).
NOTICES_CACHE_SECONDS = 300


def _notices_key(game_id: int) -> str:
    return f"notices:{game_id}"


def _forget_notices(game_ids: Iterable[int]) -> None:
    """Drop the games' cached notices once the write that changes them commits (dropped sooner, a
    reader could cache the old rows again before the commit)."""
    keys = [_notices_key(game_id) for game_id in game_ids]
    if keys:
        transaction.on_commit(lambda: cache.delete_many(keys))


def _forget_notices_of_user(user: Any) -> None:
    _forget_notices(
        Seat.objects.filter(user=user, index__isnull=False, game__status=Game.Status.RUNNING).values_list(
            "game_id", flat=True
        )
    )


def seat_badges(*, game_id: int) -> dict[int, dict[str, Any]]:
    """{seat index: {"absent": bool, "vacation_until": datetime | None, "muted": bool}} for every
    seat of the table: who is away (every player sees it) and whether the seat's player muted the
    game (the table shows that to them alone). One query, then cached (NOTICES_CACHE_SECONDS)."""
    key = _notices_key(game_id)
    badges = cache.get(key)
    if badges is not None:
        return badges
    now = timezone.now()
    on_vacation = Vacation.objects.filter(
        user=OuterRef("user_id"), starts_at__lte=now, ends_at__gt=now, ended_early_at__isnull=True
    ).order_by("-ends_at")
    seats = (
        Seat.objects.filter(game_id=game_id, index__isnull=False)
        .annotate(
            absent=Exists(
                SeatStatus.objects.filter(game_id=game_id, seat_index=OuterRef("index"), absent=True)
            ),
            vacation_until=Subquery(on_vacation.values("ends_at")[:1]),
            muted=Exists(GameMute.objects.filter(game_id=game_id, user=OuterRef("user_id"))),
        )
        .values_list("index", "absent", "vacation_until", "muted")
    )
    badges = {
        index: {"absent": absent, "vacation_until": until, "muted": muted}
        for index, absent, until, muted in seats
    }
    ends = [b["vacation_until"] for b in badges.values() if b["vacation_until"] is not None]
    seconds = min([NOTICES_CACHE_SECONDS, *((end - now).total_seconds() for end in ends)])
    cache.set(key, badges, max(1, int(seconds)))
    return badges


def inbound_dedupe_key(message_id: str, body: str) -> str:
    return hashlib.sha256((message_id or body).encode("utf-8", "replace")).hexdigest()[:40]
