"""Turn an outbox row into an email: templates `notifications/email/<kind>_subject.txt`,
`<kind>_message.txt` and `<kind>_message.html` (subject flattened to one line), rendered in the
user's language and time zone from the row's context (built from the seat's view only).

Every game mail carries `List-Unsubscribe` (one-click, RFC 8058) and an unsubscribe link; prompt
and reminder mails carry signed one-click links per choice and a per-prompt reply address.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from .models import Kind, Notification, Prompt
from .tokens import make_act_token, make_unsubscribe_token, reply_address


def site_url(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def _local(value: str | None, zone: zoneinfo.ZoneInfo) -> dt.datetime | None:
    if not value:
        return None
    return dt.datetime.fromisoformat(value).astimezone(zone)


def _choices_with_links(n: Notification, ctx: dict[str, Any], prompt_id: int) -> list[dict[str, Any]]:
    game = ctx["game"]
    version = ctx.get("prompt_version", game["version"])
    out = []
    for choice in ctx.get("choices", []):
        token = make_act_token(
            prompt_id=prompt_id, user_id=n.user_id, game_id=game["id"], version=version, choice=choice["n"]
        )
        out.append({**choice, "url": site_url(reverse("notifications:act", args=[token]))})
    language = _language(n)
    for choice in out:  # the label in the recipient's language, when the row carries it
        choice["label"] = choice.get("labels", {}).get(language, choice.get("label", ""))
    return out


def _language(n: Notification) -> str:
    profile = getattr(n.user, "profile", None) if n.user_id else None
    return profile.language if profile is not None else settings.LANGUAGE_CODE


def build_context(n: Notification) -> dict[str, Any]:
    profile = getattr(n.user, "profile", None) if n.user_id else None
    zone = profile.zone if profile is not None else zoneinfo.ZoneInfo(settings.TIME_ZONE)
    ctx: dict[str, Any] = dict(n.context)
    if n.prompt_id and n.kind in (Kind.PROMPT, Kind.REMINDER):
        if n.kind == Kind.REMINDER:  # a reminder repeats its prompt mail's content
            base = (
                Notification.objects.filter(prompt_id=n.prompt_id, kind=Kind.PROMPT)
                .values_list("context", flat=True)
                .first()
            )
            ctx = {**(base or {}), **ctx}
        # The deadline as it is now (vacations and re-timing move it), not as it was written.
        due_at = Prompt.objects.filter(pk=n.prompt_id).values_list("due_at", flat=True).first()
        ctx["due_at"] = due_at.isoformat() if due_at else None
    ctx["kind"] = n.kind
    if ctx.get("events_by_language"):  # the log's sentences in the recipient's language
        ctx["events"] = ctx["events_by_language"].get(_language(n), ctx.get("events", []))
    ctx["name"] = profile.display_name if profile is not None else ""
    ctx["time_zone"] = str(zone)
    ctx["site_url"] = settings.SITE_URL.rstrip("/")
    ctx["due_local"] = _local(ctx.get("due_at"), zone)
    if "game" in ctx:
        ctx["game_url"] = site_url(reverse("games:table", args=[ctx["game"]["id"]]))
    if n.user_id:
        token = make_unsubscribe_token(user_id=n.user_id, game_id=n.game_id)
        ctx["unsubscribe_url"] = site_url(reverse("notifications:unsubscribe", args=[token]))
    for away in ctx.get("away", []):
        away["vacation_until_local"] = _local(away.get("vacation_until"), zone)
    if n.prompt_id and ctx.get("choices"):
        ctx["choices"] = _choices_with_links(n, ctx, n.prompt_id)
        ctx["reply_address"] = reply_address(prompt_id=n.prompt_id, user_id=n.user_id)
    if n.kind == Kind.DIGEST:
        items = []
        for item in ctx.get("items", []):
            item = dict(item)
            item["due_local"] = _local(item.get("due_at"), zone)
            if item.get("open") and item.get("prompt"):
                item["choices"] = _choices_with_links(n, item, item["prompt"])
                item["reply_address"] = reply_address(prompt_id=item["prompt"], user_id=n.user_id)
            else:
                item["choices"] = []
            items.append(item)
        ctx["items"] = items
    return ctx


def render_parts(n: Notification) -> tuple[str, str, str, dict[str, Any]]:
    """(subject, text, html, context) of a row rendered from its kind's templates."""
    ctx = build_context(n)
    profile = getattr(n.user, "profile", None) if n.user_id else None
    language = profile.language if profile is not None else settings.LANGUAGE_CODE
    zone = profile.zone if profile is not None else None
    with translation.override(language):
        from django.utils import timezone

        if zone is not None:
            timezone.activate(zone)
        try:
            prefix = f"notifications/email/{n.kind}"
            subject = " ".join(render_to_string(f"{prefix}_subject.txt", ctx).split())
            text = render_to_string(f"{prefix}_message.txt", ctx)
            html = render_to_string(f"{prefix}_message.html", ctx)
        finally:
            if zone is not None:
                timezone.deactivate()
    prefix = getattr(settings, "ACCOUNT_EMAIL_SUBJECT_PREFIX", "")
    return f"{prefix}{subject}", text, html, ctx


def build_message(n: Notification) -> EmailMultiAlternatives:
    to = n.to_email or (n.user.email if n.user_id else "")
    if not to:
        raise ValueError(f"notification {n.pk} has no recipient")
    domain = settings.NOTIFICATIONS_REPLY_ADDRESS.partition("@")[2] or "localhost"
    headers = {
        "Auto-Submitted": "auto-generated",
        "Message-ID": f"<notification-{n.pk}@{domain}>",
        "X-Lifeboat-Notification": f"{n.kind}:{n.pk}",
    }
    reply_to = None
    if n.body_text or n.body_html:  # pre-rendered (allauth)
        subject, text, html = n.subject, n.body_text, n.body_html
        if n.user_id:
            token = make_unsubscribe_token(user_id=n.user_id)
            headers["List-Unsubscribe"] = f"<{site_url(reverse('notifications:unsubscribe', args=[token]))}>"
            headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    else:
        subject, text, html, ctx = render_parts(n)
        if "unsubscribe_url" in ctx:
            headers["List-Unsubscribe"] = f"<{ctx['unsubscribe_url']}>"
            headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        if ctx.get("reply_address"):
            reply_to = [ctx["reply_address"]]
    message = EmailMultiAlternatives(
        subject=subject, body=text or "", to=[to], headers=headers, reply_to=reply_to
    )
    if html:
        message.attach_alternative(html, "text/html")
    return message
