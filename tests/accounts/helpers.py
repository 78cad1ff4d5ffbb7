"""Named assertions for the accounts tests."""

import re

from django.contrib.auth import SESSION_KEY
from django.core import mail

from tests.factories import staff_with_totp  # noqa: F401  (the accounts tests' staff)


def assert_signed_in_as(client, user) -> None:
    assert client.session.get(SESSION_KEY) == str(user.pk), "expected a signed-in session for the user"


def assert_signed_out(client) -> None:
    assert SESSION_KEY not in client.session, "expected no signed-in user in the session"


def last_mail_to(address: str):
    sent = [m for m in mail.outbox if address in m.to]
    assert sent, f"no mail was sent to {address}"
    return sent[-1]


def link_in(message, path_prefix: str) -> str:
    match = re.search(rf"https?://[^/\s]+({re.escape(path_prefix)}\S+)", message.body)
    assert match, f"no {path_prefix} link in the mail body:\n{message.body}"
    return match.group(1)
