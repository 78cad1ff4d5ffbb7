"""The outbox: one `Notification` row per mail, handed to the send task after the commit.

Like pretix's mail service: a mail is a row written in the transaction of the write that causes
it; the send task (`send_notification`, on the "mail" queue) gets its id, locks the row and acts
only from PENDING (or a SENDING row whose worker died), applies the user's preferences
(`preferences.decide`), marks it SENDING, sends outside the lock and marks it SENT. Rows are
enqueued only after the commit; an enqueue that fails is logged and left to `sweep_outbox`
(beat, every minute), so a broker outage never breaks a move. `send_digests` (beat, hourly)
gathers the turn mails a player wants once a day.

Delivery is at least once, not exactly once: a mail worker killed after the mail server accepted
a mail and before its row was marked SENT leaves the row SENDING, and the sweeper sends it again
after `NOTIFICATIONS_INFLIGHT_TIMEOUT`. No database and mail server can commit together, so the
outbox keeps that window as short as sending allows and makes a second copy recognisable:

- the row is marked SENT straight after the server's acceptance, before the connection is closed
  (SMTP's QUIT, an HTTP API's session), and the mail is rendered before the connection opens;
- a re-sent mail has the Message-ID of the first (`tokens.message_id`, from the row's id), so
  mail clients and providers fold the two into one;
- where the provider takes an idempotency key (`NOTIFICATIONS_IDEMPOTENCY_HEADER`: Brevo's
  `idempotencyKey`, Resend's SMTP `Resend-Idempotency-Key`), the mail carries one made from that
  Message-ID (`rendering.idempotency_key`), and the provider drops the second copy itself.
"""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from collections.abc import Iterable
from typing import Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import F, Min, Q
from django.utils import timezone
from django.utils.translation import ngettext

from accounts.models import Profile
from accounts.selectors import display_name

from . import push
from .errors import InvitationLimit
from .models import INVITATION_KINDS, Kind, Notification, Prompt, Status
from .preferences import current_views, decide, digest_due, offer_open_in
from .rendering import build_message

logger = logging.getLogger(__name__)


@shared_task(
    name="notifications.tasks.send_notification",
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def send_notification(notification_id: int) -> str:
    """Send one outbox row; safe to run twice (the row is locked and sent only from pending)."""
    return deliver(notification_id)


# -- writing and enqueueing rows --------------------------------------------------------------
def enqueue_on_commit(ids: list[int]) -> None:
    if ids:
        transaction.on_commit(lambda: enqueue(ids))


def enqueue_marked_on_commit(ids: list[int]) -> None:
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


def create_rows(rows: list[Notification], known_new: set[str] = frozenset()) -> list[Notification]:
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


def start_mail_key(game_id: int, seat_index: int) -> str:
    """The dedupe key of a seat's one "game started" mail. A league round writes its own mail under
    it (the round, the table and the opponents), so the game's start mail is not written twice."""
    return f"game_start:{game_id}:{seat_index}"


def due_now(rows: list[Notification], now: dt.datetime) -> list[int]:
    return [row.pk for row in rows if row.status == Status.PENDING and row.send_after <= now]


def queue_rendered_mail(
    *,
    message: EmailMessage,
    kind: str = Kind.ACCOUNT,
    user: Any = None,
    send_now: bool = True,
    sent_by: Any = None,
    game: Any = None,
    seat_index: int | None = None,
    context: dict[str, Any] | None = None,
    dedupe_key: str | None = None,
) -> Notification:
    """Put an already rendered mail (allauth's, an invitation, a league round's) through the outbox.

    Account mails are delivered at once in this process (a person is waiting for a sign-in code on
    the page, and a broker outage must not block signing in); the row records it, and if sending
    fails the sweeper retries it like any other. Other mails (`send_now=False`) are handed to the
    send task after the commit, so a mail server that is down never fails the request.
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
        dedupe_key=dedupe_key or f"{kind}:{uuid.uuid4().hex}",
        user=user,
        to_email=to_email,
        sent_by=sent_by,
        game=game,
        seat_index=seat_index,
        context=context or {},
        subject=" ".join(str(message.subject).split())[:300],
        body_text=text,
        body_html=html,
        send_after=timezone.now(),
    )
    if send_now:
        deliver(row.pk)
    else:
        enqueue_on_commit([row.pk])
    return row


def queue_notice(
    *,
    kind: str,
    user_id: int,
    game: Any,
    seat_index: int | None,
    context: dict[str, Any],
    dedupe_key: str,
) -> list[Notification]:
    """A notice to one player (a private message: chat's, through `games.hooks.send_notice`), in the
    caller's transaction, handed to the send task after the commit; written once per dedupe key."""
    now = timezone.now()
    rows = create_rows(
        [
            Notification(
                kind=kind,
                dedupe_key=dedupe_key,
                user_id=user_id,
                game=game,
                seat_index=seat_index,
                context=context,
                send_after=now,
            )
        ]
    )
    enqueue_on_commit([row.pk for row in rows])
    return rows


def withdraw_notice(*, dedupe_key: str) -> int:
    """A notice not sent yet (waiting for its send or for the digest) is cancelled, in the caller's
    transaction; the send task and the digest take only pending and waiting rows. Returns how many."""
    return Notification.objects.filter(
        dedupe_key=dedupe_key, status__in=[Status.PENDING, Status.DIGEST]
    ).update(status=Status.CANCELLED)


def invitations_per_day() -> int:
    return int(getattr(settings, "NOTIFICATIONS_INVITATIONS_PER_DAY", 20))


@transaction.atomic
def queue_invitation(
    *,
    kind: str,
    sent_by: Any,
    to_email: str,
    context: dict[str, Any],
    game: Any = None,
    to_user: Any = None,
) -> Notification:
    """An invitation (`INVITATION_KINDS`: to a game, to the same table again, to a club) through
    the outbox, rendered from its kind's templates when it is sent, in the recipient's language
    (the inviter's for an address with no account), sent after the commit. At most
    NOTIFICATIONS_INVITATIONS_PER_DAY per member and day, or InvitationLimit. The member's user row
    is locked while counting, so requests in two processes cannot both pass the limit."""
    get_user_model().objects.select_for_update().filter(pk=sent_by.pk).values_list("pk").first()
    since = timezone.now() - dt.timedelta(days=1)
    sent = Notification.objects.filter(
        sent_by=sent_by, kind__in=INVITATION_KINDS, created_at__gte=since
    ).count()
    limit = invitations_per_day()
    if sent >= limit:
        raise InvitationLimit(
            ngettext(
                "You have sent %(limit)d invitation today, the most there can be in a day: "
                "try again tomorrow.",
                "You have sent %(limit)d invitations today, the most there can be in a day: "
                "try again tomorrow.",
                limit,
            )
            % {"limit": limit}
        )
    if to_user is None and to_email:
        to_user = get_user_model().objects.filter(email__iexact=to_email).first()
    row = Notification.objects.create(
        kind=kind,
        dedupe_key=f"{kind}:{uuid.uuid4().hex}",
        user=to_user,
        to_email=to_email,
        sent_by=sent_by,
        game=game,
        context={"inviter": display_name(sent_by), **context},
        send_after=timezone.now(),
    )
    enqueue_on_commit([row.pk])
    return row


# -- sending ----------------------------------------------------------------------------------
def inflight_timeout() -> dt.timedelta:
    return dt.timedelta(seconds=int(getattr(settings, "NOTIFICATIONS_INFLIGHT_TIMEOUT", 600)))


def max_attempts() -> int:
    return int(getattr(settings, "NOTIFICATIONS_MAX_ATTEMPTS", 8))


def deliver(notification_id: int) -> str:
    """Send one outbox row, at least once (see the module's docstring: a kill between the server's
    acceptance and the row's SENT sends it again, with the same Message-ID); returns what
    happened (for logs and tests)."""
    n = _claim(notification_id, timezone.now())
    if isinstance(n, str):
        return n
    connection = None
    try:
        if n.kind == Kind.PUSH:  # a browser push goes the mail's way, to the player's browsers
            outcome = push.send(n)
            Notification.objects.filter(pk=n.pk, status=Status.SENDING).update(
                status=Status.SENT, sent_at=timezone.now()
            )
            return outcome
        message = build_message(n)
        # Opened here, so that sending does not close it: the row is marked SENT right after the
        # server's acceptance, and only then is the connection closed (SMTP's QUIT).
        connection = mail.mailers.default
        connection.open()
        connection.send_messages([message])
    except Exception as exc:
        _close(connection)
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
    _close(connection)
    return "sent"


def _close(connection: Any) -> None:
    """Close a mail connection after the fact: a failure here changes nothing that was sent."""
    if connection is None:
        return
    try:
        connection.close()
    except Exception as exc:
        logger.warning("closing the mail connection failed: %s: %s", type(exc).__name__, exc)


@transaction.atomic
def _claim(notification_id: int, now: dt.datetime) -> Notification | str:
    """Lock the row and mark it SENDING if it is to be sent now; else what became of it."""
    n = (
        Notification.objects.select_for_update(of=("self",))
        .select_related("user__profile")
        .filter(pk=notification_id)
        .first()
    )
    if n is None:
        return "missing"
    stale_flight = (
        n.status == Status.SENDING and n.claimed_at is not None and n.claimed_at < now - inflight_timeout()
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
    return n


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
    requeue_after = dt.timedelta(seconds=int(getattr(settings, "NOTIFICATIONS_REQUEUE_AFTER", 120)))
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


# -- the daily digest -------------------------------------------------------------------------
def send_digests(*, now: dt.datetime | None = None) -> int:
    """Beat, hourly: one daily digest per user of the turn mails waiting for it, in the user's
    digest hour. Returns how many digests were made."""
    now = now or timezone.now()
    made = 0
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
        made += _make_digest(user_id, local_day, now)
    return made


@transaction.atomic
def _make_digest(user_id: int, local_day: dt.date, now: dt.datetime) -> int:
    """The user's digest of the day from the rows waiting for it (locked); returns 1, or 0 if none.
    An open turn is told with the seat's view as it is now; an answered trade offer is left out."""
    items = list(
        Notification.objects.select_for_update(of=("self",))
        .filter(user_id=user_id, status=Status.DIGEST)
        .order_by("created_at")
    )
    if not items:
        return 0
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
    # The seats' views now (one read of each game): an open turn's situation is told as it is now
    # (the decision runs on, the table around it may not), and a trade offer only while it is open.
    offers = [i for i in items if i.kind == Kind.TRADE_OFFER and i.seat_index is not None]
    now_views = current_views(
        {(e["game"]["id"], e["seat"]) for e in entries if e["open"] and "seat" in e}
        | {(i.game_id, i.seat_index) for i in offers}
    )
    for entry in entries:
        if entry["open"] and (entry["game"]["id"], entry.get("seat")) in now_views:
            entry["view"] = now_views[(entry["game"]["id"], entry["seat"])]
    # What others did that concerns the player: trades offered to them, private messages to them.
    entries += [
        {**i.context, "kind": i.kind}
        for i in items
        if i.kind == Kind.MESSAGE
        or (i in offers and offer_open_in(now_views.get((i.game_id, i.seat_index)), i))
    ]
    digest = Notification.objects.create(
        kind=Kind.DIGEST,
        dedupe_key=f"digest:{user_id}:{local_day}",
        user_id=user_id,
        context={"items": entries},
        send_after=now,
    )
    Notification.objects.filter(pk__in=[i.pk for i in items]).update(status=Status.DIGESTED)
    enqueue_on_commit([digest.pk])
    return 1
