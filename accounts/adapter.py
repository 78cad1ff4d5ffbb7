"""Our single django-allauth adapter (settings.ACCOUNT_ADAPTER).

`send_mail` hands every mail to `accounts.mail` (the notifications outbox registers there). Mail
templates follow allauth's naming: `<kind>_subject.txt`, `<kind>_message.txt` and
`<kind>_message.html` under templates/account/email/.
"""

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.core.mail import EmailMessage
from django.http import HttpRequest

from .client_ip import client_ip
from .mail import send_account_mail


class AccountAdapter(DefaultAccountAdapter):
    def get_client_ip(self, request: HttpRequest) -> str:
        """The client's address behind the declared proxies (`accounts.client_ip`): what the
        sign-in limits count per IP."""
        return client_ip(request)

    def render_mail(
        self,
        template_prefix: str,
        email: str | list[str],
        context: dict[str, Any],
        headers: dict[str, str] | None = None,
    ) -> EmailMessage:
        """Build the message from `<template_prefix>_subject.txt` / `_message.txt` / `_message.html`."""
        return super().render_mail(template_prefix, email, context, headers=headers)

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """Every allauth mail (verification, login code, reset, change notices) passes here."""
        # As allauth builds it, then to the registered sender (the notifications outbox).
        from allauth.core import context as allauth_context
        from django.contrib.sites.shortcuts import get_current_site

        request = allauth_context.request
        ctx = {"request": request, "email": email, "current_site": get_current_site(request), **context}
        send_account_mail(self.render_mail(template_prefix, email, ctx))
