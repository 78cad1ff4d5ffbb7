"""Turn an outbox row into an email: templates `notifications/email/<kind>_subject.txt`,
`<kind>_message.txt` and `<kind>_message.html` (subject flattened to one line), rendered in the
user's language and time zone from the row's context (built from the seat's view only).

Every game mail carries `List-Unsubscribe` (one-click, RFC 8058) and an unsubscribe link; prompt
and reminder mails carry signed one-click links per choice and a per-prompt reply address.

On the wire (`SiteMail`): headers are folded at whitespace only (`FoldAtWhitespace`), so an ASCII
value such as `List-Unsubscribe: <https://…>` goes out as it is, never as RFC 2047 encoded words
(which are for non-ASCII text: a Subject, a display name); every mail has a signed `Message-ID`
(`tokens.message_id`), `Date` and `Auto-Submitted` (RFC 3834: "auto-replied" for answers to a
reply, "auto-generated" otherwise). A game's mails to one player make one conversation: each
names the game's first mail to that player in `References` and `In-Reply-To`, and its subject
starts with the same `[Lifeboat Club] <game> #<id>: `; an answer to a reply by mail names that
reply too.
"""

from __future__ import annotations

import datetime as dt
import email.policy
import re
import textwrap
import uuid
import zoneinfo
from email.header import Header
from typing import Any

import css_inline
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from .models import Kind, Notification, Prompt
from .presenting import present_digest, present_mail
from .tokens import make_act_token, make_unsubscribe_token, message_id, reply_address

#: Kinds that answer a mail of the player's (RFC 3834's "auto-replied"); the rest are generated.
ANSWER_KINDS = {Kind.REPLY_OK, Kind.REPLY_ERROR}
#: RFC 5322's limit for a line; a header word longer than the folding length may use it whole.
MAX_LINE = 998


class FoldAtWhitespace(email.policy.EmailPolicy):
    """The default policy, except that a header whose value is plain ASCII is folded at its
    whitespace and nowhere else (a word longer than the line stays whole on a line of its own, up
    to RFC 5322's 998 characters), instead of being turned into RFC 2047 encoded words. A
    non-ASCII Subject is encoded whole by `email.header.Header`: the default folder drops the space
    between two encoded words it puts on either side of a fold or next to each other ("Béla
    Kovács" arrived as "BélaKovács"), since a reader ignores whitespace between encoded words.
    Other values with non-ASCII text (a display name) are folded and encoded as the default does."""

    def _fold(self, name: str, value: Any, refold_binary: bool = False) -> str:
        text = str(value)
        if name.lower() == "subject" and not text.isascii() and not self.utf8 and "\n" not in text:
            width = self.max_line_length or 78
            encoded = Header(text, "utf-8", maxlinelen=width, header_name=name).encode(linesep=self.linesep)
            return f"{name}: {encoded}{self.linesep}"
        if not text.isascii() or "\r" in text or "\n" in text:
            return super()._fold(name, value, refold_binary)
        width = self.max_line_length or MAX_LINE
        lines, line = [], f"{name}:"
        for word in text.split():
            if len(line) + 1 + len(word) > width and line != f"{name}:":
                lines.append(line)
                line = ""
            line = f"{line} {word}"
        lines.append(line)
        if any(len(physical) > MAX_LINE for physical in lines):
            return super()._fold(name, value, refold_binary)
        return self.linesep.join(lines) + self.linesep


def site_policy(policy: email.policy.Policy) -> FoldAtWhitespace:
    """`policy` (the default, SMTP's, SMTPUTF8's) with headers folded at whitespace only."""
    return FoldAtWhitespace(
        linesep=policy.linesep,
        utf8=getattr(policy, "utf8", False),
        max_line_length=policy.max_line_length,
        cte_type=policy.cte_type,
    )


class SiteMail(EmailMultiAlternatives):
    """Every mail the site sends: serialised with `FoldAtWhitespace`, whatever policy the backend
    asks for (Django's SMTP backend asks for `email.policy.SMTP`)."""

    def message(self, *, policy: email.policy.Policy = email.policy.default) -> Any:
        return super().message(policy=site_policy(policy))


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
    # The prompt's actions are its distinct choices (`prompts.distinct_choices`): each is shown
    # with the number a reply or a link names.
    return out


def _language(n: Notification) -> str:
    """The recipient's language; for a mail to an address with no account (an invitation), the
    language of the member who had it sent."""
    for user in (n.user if n.user_id else None, n.sent_by if n.sent_by_id else None):
        profile = getattr(user, "profile", None)
        if profile is not None:
            return profile.language
    return settings.LANGUAGE_CODE


def _local_times(turn: dict[str, Any], zone: zoneinfo.ZoneInfo) -> None:
    """A turn's deadline and its away players' returns in the reader's time zone."""
    turn["due_local"] = _local(turn.get("due_at"), zone)
    for away in turn.get("away", []):
        away["vacation_until_local"] = _local(away.get("vacation_until"), zone)


def _answerable(n: Notification, turn: dict[str, Any], prompt_id: int) -> None:
    """A turn's numbered choices with their signed links, and the address a reply goes to: what
    a prompt mail and a digest's open turn both offer."""
    turn["choices"] = _choices_with_links(n, turn, prompt_id)
    turn["reply_address"] = reply_address(prompt_id=prompt_id, user_id=n.user_id)


def _digest_games(
    n: Notification, items: list[dict[str, Any]], zone: zoneinfo.ZoneInfo
) -> list[dict[str, Any]]:
    """A digest's items as one section per game, in the order its games first waited: the turn
    still open (the newest one: its news, choices and links, worded by `presenting.present_digest`
    when rendered), how many of its turns were decided or played by the deadline meanwhile, and
    what the others sent (trade offers, private messages)."""
    open_ids = [item["prompt"] for item in items if item.get("open") and item.get("prompt")]
    actions = dict(Prompt.objects.filter(pk__in=open_ids).values_list("pk", "actions"))
    games: dict[int, dict[str, Any]] = {}
    for item in items:
        item = dict(item)
        game = item["game"]
        section = games.setdefault(
            game["id"],
            {
                "game": game,
                "game_url": site_url(reverse("games:table", args=[game["id"]])),
                "turn": None,
                "decided": 0,
                "notes": [],
            },
        )
        if item.get("kind", Kind.PROMPT) != Kind.PROMPT:
            item["lines"] = item.get("lines_by_language", {}).get(_language(n), [])
            section["notes"].append(item)
        elif item.get("open") and item["prompt"] in actions:
            item["actions"] = actions[item["prompt"]]
            _local_times(item, zone)
            _answerable(n, item, item["prompt"])
            section["turn"] = item  # items come oldest first: a later open turn replaces it
        else:
            section["decided"] += 1
    return list(games.values())


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
        # The deadline as it is now (vacations and re-timing move it), not as it was written;
        # the prompt's actions are what its choices number (and what its question asks).
        row = Prompt.objects.filter(pk=n.prompt_id).values_list("due_at", "actions").first()
        due_at, ctx["actions"] = row if row is not None else (None, [])
        ctx["due_at"] = due_at.isoformat() if due_at else None
    ctx["kind"] = n.kind
    if ctx.get("events_by_language"):  # a row written before mails were worded when rendered
        ctx["events"] = ctx["events_by_language"].get(_language(n), ctx.get("events", []))
    if ctx.get("lines_by_language"):  # a trade offer, worded as the recipient's log words it
        ctx["lines"] = ctx["lines_by_language"].get(_language(n), [])
    ctx["name"] = profile.display_name if profile is not None else ""
    ctx["time_zone"] = str(zone)
    ctx["site_url"] = settings.SITE_URL.rstrip("/")
    _local_times(ctx, zone)
    ctx["ends_local"] = _local(ctx.get("ends_at"), zone)  # a vacation's end
    if "game" in ctx:
        ctx["game_url"] = site_url(reverse("games:table", args=[ctx["game"]["id"]]))
    if n.user_id:
        token = make_unsubscribe_token(user_id=n.user_id, game_id=n.game_id)
        ctx["unsubscribe_url"] = site_url(reverse("notifications:unsubscribe", args=[token]))
    if n.prompt_id and ctx.get("choices"):
        _answerable(n, ctx, n.prompt_id)
    for name in ("club", "seats"):  # a club's page, a game's seats (join requests, substitutes)
        if ctx.get(f"{name}_path"):
            ctx[f"{name}_url"] = site_url(ctx[f"{name}_path"])
    if ctx.get("confirm_path"):  # an address check's link
        ctx["confirm_url"] = site_url(ctx["confirm_path"])
    if n.kind == Kind.DIGEST:
        ctx["games"] = _digest_games(n, ctx.get("items", []), zone)
        ctx["waiting_count"] = sum(1 for section in ctx["games"] if section["turn"] is not None)
    return ctx


def render_parts(n: Notification) -> tuple[str, str, str, dict[str, Any]]:
    """(subject, text, html, context) of a row rendered from its kind's templates."""
    ctx = build_context(n)
    profile = getattr(n.user, "profile", None) if n.user_id else None
    zone = profile.zone if profile is not None else None
    with translation.override(_language(n)):
        from django.utils import timezone

        if zone is not None:
            timezone.activate(zone)
        try:
            ctx.update(present_mail(ctx, ctx.get("actions")))
            present_digest(ctx)
            prefix = f"notifications/email/{n.kind}"
            subject = " ".join(render_to_string(f"{prefix}_subject.txt", ctx).split())
            text = wrap_text(render_to_string(f"{prefix}_message.txt", ctx))
            html = inline_css(render_to_string(f"{prefix}_message.html", ctx))
        finally:
            if zone is not None:
                timezone.deactivate()
    return subject_prefix(ctx) + subject, text, html, ctx


#: Where the plain-text part wraps (RFC 5322 recommends at most 78 characters a line).
TEXT_WIDTH = 78
#: A line's lead that its wrapped lines keep: indentation and a list mark ("  - ", "  3. ") or a
#: results line's points ("   +14  Psychopath: ...").
LEAD = re.compile(r"^(\s*)((?:[-*\u2022]|\d+\.|[+-]\d+)\s+)?")
#: Runs of blank lines (left by a template's optional sections) become one.
BLANK_LINES = re.compile(r"\n(?:[ \t]*\n){2,}")
#: One inliner for every mail: rules from the template's <style> go into style attributes (for
#: clients that drop <style>); @media rules (dark mode, narrow screens) stay in a <style> for the
#: clients that read it; never a remote stylesheet.
INLINER = css_inline.CSSInliner(keep_at_rules=True, load_remote_stylesheets=False)


def wrap_text(text: str, width: int = TEXT_WIDTH) -> str:
    """Plain text wrapped at `width`, each wrapped line indented under its first (a list item's
    text under its text); words are never broken, so a URL stays whole on a line of its own,
    however long. Runs of blank lines become one."""
    out = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        match = LEAD.match(line)
        indent, mark = match.group(1), match.group(2) or ""
        out.extend(
            textwrap.wrap(
                line[len(indent) + len(mark) :],
                width=width,
                initial_indent=indent + mark,
                subsequent_indent=" " * (len(indent) + len(mark)),
                break_long_words=False,
                break_on_hyphens=False,
            )
            or [line]
        )
    return BLANK_LINES.sub("\n\n", "\n".join(out)).strip("\n") + "\n"


def inline_css(html: str) -> str:
    """The HTML part with its stylesheet inlined (`css-inline`)."""
    return INLINER.inline(html) if html.strip() else html


def subject_prefix(context: dict[str, Any]) -> str:
    """The same start for every mail of a game (`[Lifeboat Club] Lifeboats #12: `), so that mail
    clients show them as one conversation; the site's prefix alone for other mails."""
    prefix = getattr(settings, "ACCOUNT_EMAIL_SUBJECT_PREFIX", "")
    game = context.get("game")
    if isinstance(game, dict) and game.get("id") and game.get("name"):
        prefix += f"{game['name']} #{game['id']}: "
    return prefix


def thread_headers(n: Notification, context: dict[str, Any]) -> dict[str, str]:
    """`References` and `In-Reply-To` naming the game's first mail to this player (and the
    player's own reply this mail answers); none for the first mail of a game."""
    refs = []
    if n.game_id is not None and n.user_id is not None:
        first = (
            Notification.objects.filter(user_id=n.user_id, game_id=n.game_id)
            .order_by("pk")
            .values_list("pk", flat=True)
            .first()
        )
        if first is not None and first != n.pk:
            refs.append(message_id(first))
    if context.get("in_reply_to"):
        refs.append(context["in_reply_to"])
    return {"References": " ".join(refs), "In-Reply-To": refs[-1]} if refs else {}


def idempotency_key(n: Notification) -> str:
    """The key by which a provider drops a second copy of this row's mail (a re-send after a
    kill: `outbox`): a UUID (Brevo takes no other) made from the row's Message-ID, so the same
    for every copy."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, message_id(n.pk)))


def build_message(n: Notification) -> SiteMail:
    to = n.to_email or (n.user.email if n.user_id else "")
    if not to:
        raise ValueError(f"notification {n.pk} has no recipient")
    headers = {
        "Message-ID": message_id(n.pk),
        "Auto-Submitted": "auto-replied" if n.kind in ANSWER_KINDS else "auto-generated",
        "X-Lifeboat-Notification": f"{n.kind}:{n.pk}",
    }
    idempotency_header = getattr(settings, "NOTIFICATIONS_IDEMPOTENCY_HEADER", None)
    if idempotency_header:  # a provider that drops a mail sent twice under one key
        headers[idempotency_header] = idempotency_key(n)
    reply_to = None
    if n.body_text or n.body_html:  # pre-rendered (allauth's, invitations, league rounds)
        subject, text, html, ctx = n.subject, n.body_text, n.body_html, n.context
        if n.user_id and n.kind not in (Kind.INVITATION, Kind.ADDRESS_CHECK):
            token = make_unsubscribe_token(user_id=n.user_id)
            headers["List-Unsubscribe"] = f"<{site_url(reverse('notifications:unsubscribe', args=[token]))}>"
            headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        subject = subject_prefix(ctx) + subject if ctx.get("game") else subject
    else:
        subject, text, html, ctx = render_parts(n)
        if "unsubscribe_url" in ctx:
            headers["List-Unsubscribe"] = f"<{ctx['unsubscribe_url']}>"
            headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        if ctx.get("reply_address"):
            reply_to = [ctx["reply_address"]]
    headers.update(thread_headers(n, ctx))
    from_email = settings.DEFAULT_FROM_EMAIL
    bounces = getattr(settings, "NOTIFICATIONS_BOUNCE_ADDRESS", "")
    if bounces:  # SMTP: the envelope sender, where the delivery reports go; From stays the site's
        headers["From"], from_email = from_email, bounces
    message = SiteMail(
        subject=subject, body=text or "", from_email=from_email, to=[to], headers=headers, reply_to=reply_to
    )
    if html:
        message.attach_alternative(html, "text/html")
    # A provider's tracking webhooks name the row again (anymail's metadata; ignored by SMTP).
    message.metadata = {"notification": str(n.pk)}  # type: ignore[attr-defined]
    message.tags = [str(n.kind)]  # type: ignore[attr-defined]
    return message
