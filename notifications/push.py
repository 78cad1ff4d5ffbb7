"""Browser push notifications (Web Push, VAPID): a player's browsers are told of their prompts.

On when the site has VAPID keys (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, `VAPID_CLAIMS_EMAIL`);
off, and never offered, without them. A player turns it on in a browser on the mail settings page
(`static/notifications/push.js` subscribes through the service worker `sw.js` and posts the
subscription here); `PushSubscription` keeps one row per browser.

A push is an outbox row of kind PUSH written next to the prompt's mail (`progress`), so it goes
the mail's way: handed to the send task after the commit, the player's preferences applied when
it is sent (`preferences.decide`: mutes, the turn preference, quiet hours hold it), at most once.
`send` posts it to each of the player's subscriptions with `pywebpush`; a subscription its push
service says is gone (404, 410) is deleted. The payload says only "Your move in <game> #<id>" and
the table's link: nothing of the game's state, which the push service (a third party) must not read.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from games import payloads

from .models import Notification, PushSubscription

logger = logging.getLogger(__name__)

#: Push services keep an undelivered push this long (a browser offline) before dropping it.
PUSH_TTL_SECONDS = 12 * 3600
#: The HTTP answers of a push service that mean "this subscription is gone".
GONE = {404, 410}


def enabled() -> bool:
    return bool(getattr(settings, "VAPID_PUBLIC_KEY", "") and getattr(settings, "VAPID_PRIVATE_KEY", ""))


def public_key() -> str:
    return str(getattr(settings, "VAPID_PUBLIC_KEY", "")) if enabled() else ""


def subscribed_users(user_ids: list[int]) -> set[int]:
    """Which of these players have a browser subscribed (one query; none when push is off)."""
    if not enabled() or not user_ids:
        return set()
    return set(
        PushSubscription.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True).distinct()
    )


# -- subscriptions ----------------------------------------------------------------------------
class BadSubscription(ValueError):
    """What the browser sent is not a Web Push subscription."""


def parse_subscription(body: bytes) -> dict[str, str]:
    """{endpoint, p256dh, auth} from a browser's `PushSubscription.toJSON()`, or BadSubscription."""
    try:
        data = payloads.loads(body or b"null")  # bounded: size, depth, numbers (a 400, never a 500)
    except payloads.PayloadError:
        raise BadSubscription("not JSON") from None
    if not isinstance(data, dict):
        raise BadSubscription("not an object")
    endpoint, keys = data.get("endpoint"), data.get("keys")
    if not isinstance(endpoint, str) or not endpoint.startswith("https://") or len(endpoint) > 1000:
        raise BadSubscription("no https endpoint")
    if not isinstance(keys, dict):
        raise BadSubscription("no keys")
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if (
        not isinstance(p256dh, str)
        or not isinstance(auth, str)
        or not 0 < len(p256dh) <= 200
        or not 0 < len(auth) <= 100
    ):
        raise BadSubscription("bad keys")
    return {"endpoint": endpoint, "p256dh": p256dh, "auth": auth}


@transaction.atomic
def subscribe(*, user: Any, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Keep the browser's subscription for the user (a browser that subscribed before, perhaps for
    someone else signed in on it, is theirs now)."""
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
    )
    return subscription


@transaction.atomic
def unsubscribe(*, user: Any, endpoint: str | None = None) -> int:
    """Forget one of the user's browsers (or all of them); returns how many were forgotten."""
    rows = PushSubscription.objects.filter(user=user)
    if endpoint is not None:
        rows = rows.filter(endpoint=endpoint)
    return rows.delete()[0]


# -- sending ----------------------------------------------------------------------------------
def payload(n: Notification) -> dict[str, str]:
    """What a prompt's push says, in its player's language: the game and the table's link, no
    more (a push service reads nothing of the game)."""
    game = n.context.get("game", {})
    profile = getattr(n.user, "profile", None)
    language = profile.language if profile is not None else settings.LANGUAGE_CODE
    with translation.override(language):
        title = _("Your move in %(game)s #%(id)s") % {"game": game.get("name", ""), "id": game.get("id", "")}
        body = _("Lifeboat Club: the table is waiting for you.")
    url = settings.SITE_URL.rstrip("/") + reverse("games:table", args=[game.get("id")])
    return {"title": title, "body": body, "url": url, "tag": f"game-{game.get('id')}"}


def send(n: Notification) -> str:
    """Post the push to each of the player's browsers; gone subscriptions are deleted. Raises when
    no browser could be reached for another reason (the outbox retries it)."""
    if not enabled():
        return "push off"
    data = json.dumps(payload(n))
    claims = {"sub": f"mailto:{getattr(settings, 'VAPID_CLAIMS_EMAIL', '') or 'noreply@lifeboat.club'}"}
    sent, failures = 0, []
    for subscription in PushSubscription.objects.filter(user_id=n.user_id):
        try:
            webpush(
                subscription_info=subscription.info,
                data=data,
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims=dict(claims),
                ttl=PUSH_TTL_SECONDS,
                timeout=10,
            )
        except WebPushException as exc:
            status = getattr(exc.response, "status_code", None)
            if status in GONE:
                subscription.delete()
                continue
            failures.append(f"{status}: {exc}")
            logger.warning("push to subscription %s failed: %s", subscription.pk, exc)
        else:
            sent += 1
    if failures and not sent:
        raise RuntimeError("; ".join(failures)[:500])
    return "sent" if sent else "no subscription"
