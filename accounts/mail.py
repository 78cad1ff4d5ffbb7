"""Where account mails (allauth's, built by `adapter.AccountAdapter`) go.

Accounts sits below every other app, so it cannot call the outbox itself: the notifications app
registers its sender here in its `AppConfig.ready` (a row in the outbox, sent at once). Without a
registered sender a mail is sent straight away, as Django's mail would.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.mail import EmailMessage

#: `sender(message=...)` takes a rendered `EmailMessage`.
_senders: list[Callable[..., object]] = []


def register_sender(sender: Callable[..., object]) -> None:
    """The one sender of account mails; registering again replaces it."""
    _senders[:] = [sender]


def send_account_mail(message: EmailMessage) -> None:
    if _senders:
        _senders[0](message=message)
    else:
        message.send()
