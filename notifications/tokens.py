"""Signed tokens: one-click action links, unsubscribe links and per-prompt reply addresses.

Links use `django.core.signing` (salted HMAC over a small JSON payload); whether a link is still
good (not spent, not expired, the prompt still open) is decided by the `Prompt` row it names.

A mail's Message-ID (`<n<notification id>.<16 hex>@<domain>`) is signed the same way, so a
delivery report or a reply that names it can be trusted to mean that mail (`read_message_id`).

Reply addresses must survive mail servers that lower-case local parts, so their signature is the
same salted HMAC in lower-case hex (`django.utils.crypto.salted_hmac`, what `signing` builds on):
`play+<prompt id>-<24 hex>@<domain>`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare, salted_hmac

ACT_SALT = "notifications.act"
MESSAGE_ID_SALT = "notifications.message-id"
MESSAGE_ID_SIG_LENGTH = 16
UNSUBSCRIBE_SALT = "notifications.unsubscribe"
ADDRESS_SALT = "notifications.address"
#: How long the link of an address check works.
ADDRESS_CHECK_MAX_AGE = 7 * 24 * 3600
REPLY_SALT = "notifications.reply"
REPLY_SIG_LENGTH = 24


@dataclass(frozen=True)
class ActToken:
    prompt_id: int
    user_id: int
    game_id: int
    version: int
    choice: int


def make_act_token(*, prompt_id: int, user_id: int, game_id: int, version: int, choice: int) -> str:
    payload = {"p": prompt_id, "u": user_id, "g": game_id, "v": version, "a": choice}
    return signing.dumps(payload, salt=ACT_SALT)


def read_act_token(token: str) -> ActToken | None:
    """The payload of a genuine token, else None (forged, truncated, other salt)."""
    try:
        data = signing.loads(token, salt=ACT_SALT)
        return ActToken(
            prompt_id=int(data["p"]),
            user_id=int(data["u"]),
            game_id=int(data["g"]),
            version=int(data["v"]),
            choice=int(data["a"]),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def make_unsubscribe_token(*, user_id: int, game_id: int | None = None) -> str:
    return signing.dumps({"u": user_id, "g": game_id}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> tuple[int, int | None] | None:
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        game_id = data.get("g")
        return int(data["u"]), (int(game_id) if game_id is not None else None)
    except (signing.BadSignature, KeyError, TypeError, ValueError, AttributeError):
        return None


def _reply_signature(prompt_id: int, user_id: int) -> str:
    value = f"{prompt_id}:{user_id}"
    return salted_hmac(REPLY_SALT, value, algorithm="sha256").hexdigest()[:REPLY_SIG_LENGTH]


def reply_address(*, prompt_id: int, user_id: int) -> str:
    local, _, domain = settings.NOTIFICATIONS_REPLY_ADDRESS.partition("@")
    return f"{local}+{prompt_id}-{_reply_signature(prompt_id, user_id)}@{domain}"


_REPLY_RE = re.compile(rf"\+(\d{{1,18}})-([0-9a-f]{{{REPLY_SIG_LENGTH}}})@", re.IGNORECASE)


def read_reply_address(address: str, *, user_id_for) -> int | None:
    """The prompt id of a genuine reply address, else None.

    `user_id_for(prompt_id)` returns the user the prompt was issued to (None if unknown); the
    signature binds both, so a token cannot be moved to another prompt or user.
    """
    local, _, domain = settings.NOTIFICATIONS_REPLY_ADDRESS.partition("@")
    for m in _REPLY_RE.finditer(address):
        start = m.start()
        if not address[:start].lower().endswith(local.lower()):
            continue
        if not address[m.end() :].lower().startswith(domain.lower()):
            continue
        prompt_id = int(m.group(1))
        user_id = user_id_for(prompt_id)
        if user_id is None:
            continue
        if constant_time_compare(m.group(2).lower(), _reply_signature(prompt_id, user_id)):
            return prompt_id
    return None


def _message_id_signature(notification_id: int) -> str:
    digest = salted_hmac(MESSAGE_ID_SALT, str(notification_id), algorithm="sha256").hexdigest()
    return digest[:MESSAGE_ID_SIG_LENGTH]


def mail_domain() -> str:
    return settings.NOTIFICATIONS_REPLY_ADDRESS.partition("@")[2] or "localhost"


def message_id(notification_id: int) -> str:
    """The Message-ID of an outbox row's mail: the same each time it is (re)sent, unique per row."""
    return f"<n{notification_id}.{_message_id_signature(notification_id)}@{mail_domain()}>"


_MESSAGE_ID_RE = re.compile(
    rf"<n(\d{{1,18}})\.([0-9a-f]{{{MESSAGE_ID_SIG_LENGTH}}})@([^<>\s]+)>", re.IGNORECASE
)


def read_message_ids(text: str) -> list[int]:
    """The outbox rows whose genuine Message-IDs appear in `text` (a header, a report), in order."""
    found = []
    for m in _MESSAGE_ID_RE.finditer(text or ""):
        notification_id = int(m.group(1))
        if m.group(3).lower() == mail_domain().lower() and constant_time_compare(
            m.group(2).lower(), _message_id_signature(notification_id)
        ):
            found.append(notification_id)
    return found


def make_address_token(*, user_id: int, address: str) -> str:
    return signing.dumps({"u": user_id, "e": address.lower()}, salt=ADDRESS_SALT)


def read_address_token(token: str) -> tuple[int, str] | None:
    """(user id, address) of a genuine address-check link made in the last week, else None."""
    try:
        data = signing.loads(token, salt=ADDRESS_SALT, max_age=ADDRESS_CHECK_MAX_AGE)
        return int(data["u"]), str(data["e"])
    except (signing.BadSignature, KeyError, TypeError, ValueError, AttributeError):
        return None
