"""Replies by mail: a reply to a prompt whose first line is a number plays that choice.

The reply address (`play+<prompt>-<signature>@domain`) names the prompt; the signature binds it
to the user it was sent to. The move goes through `answers.play_prompt_choice`, with the same
checks as a one-click link, and the player gets a confirmation or an error mail at their account
address. Auto-replies are ignored (no mail loops with vacation responders); forged, stale or
unknown addresses change nothing and get no answer (no backscatter).
"""

from __future__ import annotations

import hashlib
import logging
import re
from email.message import Message

from anymail.inbound import AnymailInboundMessage
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

import engine
from accounts.selectors import profile_for
from games.models import Action

from .answers import play_prompt_choice
from .errors import PromptError
from .models import Kind, Notification, Prompt
from .outbox import enqueue_on_commit
from .preferences import mute_game, opt_out
from .tokens import read_reply_address

logger = logging.getLogger(__name__)

_CHOICE_RE = re.compile(r"^\s*#?\s*(\d{1,3})\s*(?:[.):]|$|\s)")
MUTE_COMMANDS = {"mute"}
STOP_COMMANDS = {"stop", "unsubscribe"}


def parse_message(raw: bytes) -> AnymailInboundMessage:
    return AnymailInboundMessage.parse_raw_mime_bytes(raw)


def is_auto_reply(message: Message) -> bool:
    auto = (message.get("Auto-Submitted") or "no").strip().lower()
    precedence = (message.get("Precedence") or "").strip().lower()
    return (
        auto != "no"
        or precedence in {"bulk", "junk", "list", "auto_reply"}
        or message.get("X-Autoreply") is not None
        or message.get("X-Autorespond") is not None
    )


def first_line(message: AnymailInboundMessage) -> str:
    text = message.text or ""
    if not text.strip() and message.html:
        text = strip_tags(message.html)
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:200]
    return ""


def _recipients(message: AnymailInboundMessage) -> list[str]:
    found = [a.addr_spec for a in (message.to or []) + (message.cc or [])]
    for header in ("Delivered-To", "X-Original-To", "Envelope-To"):
        found += [str(v) for v in message.get_all(header) or []]
    if message.envelope_recipient:
        found.append(message.envelope_recipient)
    return found


def _user_of_prompt(prompt_id: int) -> int | None:
    return Prompt.objects.filter(pk=prompt_id).values_list("user_id", flat=True).first()


def inbound_dedupe_key(message_id: str, body: str) -> str:
    return hashlib.sha256((message_id or body).encode("utf-8", "replace")).hexdigest()[:40]


def handle_inbound(message: AnymailInboundMessage) -> str:
    """Act on one inbound mail; returns the outcome (for logs and the management command)."""
    if is_auto_reply(message):
        return "ignored: auto-reply"
    prompt_id = None
    for address in _recipients(message):
        prompt_id = read_reply_address(address, user_id_for=_user_of_prompt)
        if prompt_id is not None:
            break
    if prompt_id is None:
        return "ignored: no valid reply address"
    prompt = Prompt.objects.select_related("user", "game").get(pk=prompt_id)
    # The answer (the played label, a refusal's reason) reads in the player's language.
    with translation.override(profile_for(prompt.user).language):
        return _answer(message, prompt, prompt_id)


def _answer(message: AnymailInboundMessage, prompt: Prompt, prompt_id: int) -> str:
    line = first_line(message)
    dedupe = inbound_dedupe_key(message.get("Message-ID", ""), line + str(prompt_id))
    command = line.split()[0].lower().strip(".!") if line else ""
    match = _CHOICE_RE.match(line)
    if match:
        try:
            _prompt, label = play_prompt_choice(
                prompt_id=prompt_id, choice=int(match.group(1)), source=Action.Source.EMAIL
            )
        except PromptError as exc:
            _reply(prompt, Kind.REPLY_ERROR, dedupe, {"error": exc.message, "line": line})
            return f"refused: {exc.message}"
        _reply(prompt, Kind.REPLY_OK, dedupe, {"label": label})
        return f"played: {label}"
    if command in MUTE_COMMANDS:
        mute_game(user=prompt.user, game_id=prompt.game_id)
        _reply(prompt, Kind.REPLY_OK, dedupe, {"label": "", "command": "mute"})
        return "muted"
    if command in STOP_COMMANDS:
        opt_out(user=prompt.user)
        return "opted out"
    error = _("Write the number of your choice on the first line of your reply.")
    _reply(prompt, Kind.REPLY_ERROR, dedupe, {"error": error, "line": line})
    return "refused: no choice on the first line"


def _reply(prompt: Prompt, kind: str, dedupe: str, extra: dict) -> None:
    if Notification.objects.filter(dedupe_key=f"reply:{dedupe}").exists():
        return  # this message was answered already (an MTA retry)
    try:
        with transaction.atomic():
            row = _create_reply(prompt, kind, dedupe, extra)
    except IntegrityError:  # the same message handled twice at once: one answer is enough
        return
    enqueue_on_commit([row.pk])


def _create_reply(prompt: Prompt, kind: str, dedupe: str, extra: dict) -> Notification:
    return Notification.objects.create(
        kind=kind,
        dedupe_key=f"reply:{dedupe}",
        user=prompt.user,
        game=prompt.game,
        seat_index=prompt.seat_index,
        context={
            "game": {
                "id": prompt.game_id,
                "slug": prompt.game.slug,
                "name": engine.get_game(prompt.game.slug).name,
                "version": prompt.version,
            },
            **extra,
        },
        send_after=timezone.now(),
    )
