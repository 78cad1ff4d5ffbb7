"""Mail that does not arrive: bounces and complaints, from the provider or from delivery reports.

Two sources say what became of a mail: with a django-anymail provider, its tracking webhooks
(anymail's `tracking` signal, `receivers.on_tracking`, behind the webhook secret); with SMTP, the
delivery reports (RFC 3464 `multipart/report; report-type=delivery-status`, and RFC 5965 abuse
reports) that reach the bounce mailbox read by `manage.py inbound_mail`. A report counts only when
it names a mail we sent by its signed Message-ID (`tokens.read_message_ids`), so a forged report
cannot mark anyone's address.

What they cause (`record`), per address (`AddressStatus`, lower-cased like `User.email`):

- a hard bounce marks the address undeliverable: no game mail goes to it (`undeliverable`, asked
  by `preferences.decide`), the player sees a banner on every page and their table says they are
  not receiving mail, until they change the address or confirm it (`clear`);
- a soft bounce (a full mailbox, a server that is down) sends the mail again later, and
  NOTIFICATIONS_SOFT_BOUNCES_TO_HARD of them in a row (3 by default) count as a hard bounce; a
  delivery in between starts the count again;
- a complaint (the mail marked as spam) or the provider's own unsubscribe turns off all game mail
  for the address's player (`preferences.opt_out`).
"""

from __future__ import annotations

import datetime as dt
import email.parser
import email.policy
import logging
import re
import uuid
from typing import Any

from anymail.signals import EventType, RejectReason
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Seat

from .models import AddressStatus, Kind, Notification, Status
from .outbox import enqueue_on_commit
from .preferences import opt_out
from .selectors import forget_notices, forget_notices_of_user
from .tokens import make_address_token, read_message_ids

logger = logging.getLogger(__name__)

HARD, SOFT, COMPLAINT, DELIVERED, IGNORED = "hard", "soft", "complaint", "delivered", "ignored"
#: Postmark's own names of bounces that are temporary (anymail reports them as BOUNCED).
SOFT_TYPES = {"softbounce", "transient", "dnserror", "blocked", "autoresponder"}
_ENHANCED_STATUS = re.compile(r"\b([245])\.\d{1,3}\.\d{1,3}\b")
_SMTP_CODE = re.compile(r"^\s*([245])\d\d\b")
UNREACHABLE_CACHE_SECONDS = 3600


def soft_bounces_to_hard() -> int:
    return int(getattr(settings, "NOTIFICATIONS_SOFT_BOUNCES_TO_HARD", 3))


def _address(value: str | None) -> str:
    return (value or "").strip().strip("<>").strip().lower()


# -- what a provider's event means ------------------------------------------------------------
def _temporary(text: str | None) -> bool | None:
    """Whether a mail server's answer says the failure is temporary (4xx, 4.x.x), permanent
    (5xx, 5.x.x), or None when it does not say."""
    text = text or ""
    match = _ENHANCED_STATUS.search(text) or _SMTP_CODE.search(text)
    return None if match is None else match.group(1) == "4"


def classify(event: Any) -> str:
    """HARD, SOFT, COMPLAINT, DELIVERED or IGNORED for anymail's normalised tracking event."""
    kind, reason = event.event_type, event.reject_reason
    if kind == EventType.COMPLAINED or (kind == EventType.UNSUBSCRIBED and reason != RejectReason.BOUNCED):
        return COMPLAINT
    if kind == EventType.DELIVERED:
        return DELIVERED
    if kind not in (EventType.BOUNCED, EventType.REJECTED, EventType.FAILED):
        return IGNORED  # queued, deferred (the provider retries), opened, clicked...
    if reason == RejectReason.SPAM:
        return COMPLAINT
    if reason == RejectReason.UNSUBSCRIBED:
        return COMPLAINT
    raw = event.esp_event if isinstance(event.esp_event, dict) else {}
    esp_type = str(raw.get("Type") or raw.get("type") or "").lower()
    temporary = (
        _temporary(event.mta_response) if event.mta_response else _temporary(str(raw.get("status", "")))
    )
    if esp_type in SOFT_TYPES or temporary:
        return SOFT
    if kind == EventType.FAILED and temporary is None:
        return IGNORED  # the provider could not send it at all (its own error): not the address
    if reason in (RejectReason.INVALID, RejectReason.BOUNCED) or kind == EventType.BOUNCED:
        return HARD
    return SOFT  # blocked, timed out, other: may pass another time


def record_tracking_event(event: Any, esp_name: str) -> str:
    """A provider's tracking event (its webhook is authenticated): record what it says."""
    outcome = classify(event)
    if outcome == IGNORED or not event.recipient:
        return IGNORED
    metadata = event.metadata if isinstance(event.metadata, dict) else {}
    notification = str(metadata.get("notification", ""))
    record(
        address=event.recipient,
        outcome=outcome,
        reason=f"{esp_name}: {event.mta_response or event.description or event.reject_reason or ''}",
        notification_id=int(notification) if notification.isdigit() else None,
    )
    return outcome


# -- delivery reports by mail (SMTP) ----------------------------------------------------------
def report_type(message: Any) -> str | None:
    """ "delivery-status" or "feedback-report" for a report (RFC 3462), else None."""
    try:
        if message.get_content_type() != "multipart/report":
            return None
        return str(message.get_param("report-type") or "").lower() or None
    except Exception:
        return None


def _blocks(part: Any) -> list[Any]:
    """The header blocks of a report part: per message, then per recipient (RFC 3464)."""
    payload = part.get_payload()
    if isinstance(payload, list):
        return payload
    text = payload if isinstance(payload, str) else ""
    parser = email.parser.HeaderParser(policy=email.policy.compat32)
    return [parser.parsestr(chunk) for chunk in re.split(r"\r?\n\s*\r?\n", text.strip()) if chunk.strip()]


def _field(block: Any, name: str) -> str:
    try:
        return " ".join(str(block.get(name, "")).split())
    except Exception:
        return ""


def _report_text(message: Any) -> str:
    """The report as text, where the Message-ID of the mail it is about appears."""
    try:
        return message.as_bytes(policy=email.policy.compat32).decode("utf-8", "replace")
    except Exception:
        return "\n".join(str(value) for part in message.walk() for _key, value in part.raw_items())


def handle_report(message: Any) -> str:
    """A delivery or abuse report that reached the bounce mailbox. Never answered."""
    kind = report_type(message)
    ids = [pk for pk in read_message_ids(_report_text(message))]
    sent = Notification.objects.filter(pk__in=ids).select_related("user").first() if ids else None
    if sent is None:
        return "ignored: a report about no mail of ours"
    address = sent.to_email or (sent.user.email if sent.user_id else "")
    if kind == "feedback-report":
        record(address=address, outcome=COMPLAINT, reason="abuse report", notification_id=sent.pk)
        return "complaint recorded"
    outcomes = []
    for part in message.walk():
        if part.get_content_type() != "message/delivery-status":
            continue
        for block in _blocks(part)[1:]:  # the first block is about the message, the rest per recipient
            action = _field(block, "Action").lower()
            status = _field(block, "Status")
            if action == "failed":
                outcome = SOFT if _temporary(status) else HARD
            elif action in ("delivered", "relayed", "expanded"):
                outcome = DELIVERED
            else:
                continue  # "delayed": the server is still trying
            reason = f"{status} {_field(block, 'Diagnostic-Code')}".strip()
            record(address=address, outcome=outcome, reason=reason, notification_id=sent.pk)
            outcomes.append(outcome)
    return f"report recorded ({', '.join(outcomes)})" if outcomes else "ignored: nothing to record"


# -- what they cause --------------------------------------------------------------------------
@transaction.atomic
def record(*, address: str, outcome: str, reason: str = "", notification_id: int | None = None) -> None:
    """Record one outcome for an address (see the module's docstring)."""
    address, now = _address(address), timezone.now()
    if not address:
        return
    if outcome == DELIVERED:
        AddressStatus.objects.filter(email=address, soft_bounces__gt=0).update(
            soft_bounces=0, last_event_at=now
        )
        return
    if outcome == COMPLAINT:
        for user in get_user_model().objects.filter(email__iexact=address):
            opt_out(user=user)
        logger.info("complaint about mail to %s: game mail turned off", address)
        return
    AddressStatus.objects.get_or_create(email=address)
    status = AddressStatus.objects.select_for_update().get(email=address)
    was_undeliverable = status.undeliverable_since is not None
    status.last_event_at, status.last_reason = now, reason[:300]
    if outcome == SOFT:
        status.soft_bounces += 1
        if status.soft_bounces >= soft_bounces_to_hard():
            outcome = HARD
        else:
            _send_again(notification_id, address, status.soft_bounces, now)
    if outcome == HARD:
        status.undeliverable_since = status.undeliverable_since or now
        status.soft_bounces = 0
    status.save()
    if (status.undeliverable_since is not None) != was_undeliverable:
        _forget(address)


def _send_again(notification_id: int | None, address: str, attempt: int, now: dt.datetime) -> None:
    """After a soft bounce, the mail is sent again later (30 minutes, then an hour, ...)."""
    if notification_id is None:
        return
    row = Notification.objects.filter(pk=notification_id, status=Status.SENT).select_related("user").first()
    if row is None or _address(row.to_email or (row.user.email if row.user_id else "")) != address:
        return
    Notification.objects.filter(pk=row.pk, status=Status.SENT).update(
        status=Status.PENDING,
        send_after=now + dt.timedelta(minutes=30 * 2 ** (attempt - 1)),
        enqueued_at=None,
    )


@transaction.atomic
def clear(address: str) -> bool:
    """The player changed or confirmed the address: mail goes to it again. Returns whether it was
    marked."""
    address = _address(address)
    deleted, _ = AddressStatus.objects.filter(email=address).delete()
    if deleted:
        _forget(address)
    return bool(deleted)


def address_checks_per_day() -> int:
    return int(getattr(settings, "NOTIFICATIONS_ADDRESS_CHECKS_PER_DAY", 3))


@transaction.atomic
def send_address_check(*, user: Any) -> bool:
    """Mail the player a link that confirms their address reaches them (clicking it clears the
    mark); at most NOTIFICATIONS_ADDRESS_CHECKS_PER_DAY a day. Returns whether one was queued."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk").first()
    since = timezone.now() - dt.timedelta(days=1)
    if (
        Notification.objects.filter(user=user, kind=Kind.ADDRESS_CHECK, created_at__gte=since).count()
        >= address_checks_per_day()
    ):
        return False
    token = make_address_token(user_id=user.pk, address=user.email)
    row = Notification.objects.create(
        kind=Kind.ADDRESS_CHECK,
        dedupe_key=f"address_check:{user.pk}:{uuid.uuid4().hex}",
        user=user,
        to_email=user.email,
        context={
            "address": user.email,
            "confirm_path": reverse("notifications:address_confirm", args=[token]),
        },
        send_after=timezone.now(),
    )
    enqueue_on_commit([row.pk])
    return True


def undeliverable(address: str | None) -> bool:
    address = _address(address)
    return (
        bool(address)
        and AddressStatus.objects.filter(email=address, undeliverable_since__isnull=False).exists()
    )


def _unreachable_key(user_id: int) -> str:
    return f"mail_unreachable:{user_id}"


def unreachable_address(user: Any) -> str | None:
    """The user's address when mail to it bounces (the banner shows it), else None; cached per user
    (dropped when it changes), so a page costs no query."""
    if not getattr(user, "is_authenticated", False) or not user.email:
        return None
    key = _unreachable_key(user.pk)
    cached = cache.get(key)
    if cached is None or cached[0] != user.email:
        cached = (user.email, undeliverable(user.email))
        cache.set(key, cached, UNREACHABLE_CACHE_SECONDS)
    return user.email if cached[1] else None


def forget_user(user: Any) -> None:
    """The user's address changed: their banner and their tables' notices are read anew."""
    forget_notices_of_user(user)
    key = _unreachable_key(user.pk)
    transaction.on_commit(lambda: cache.delete(key))


def _forget(address: str) -> None:
    """After the commit: the banners and table notices of the address's players are read anew."""
    users = list(get_user_model().objects.filter(email__iexact=address).values_list("pk", flat=True))
    games = Seat.objects.filter(user_id__in=users, game__status=Game.Status.RUNNING).values_list(
        "game_id", flat=True
    )
    forget_notices(list(games))
    keys = [_unreachable_key(pk) for pk in users]
    if keys:
        transaction.on_commit(lambda: cache.delete_many(keys))
