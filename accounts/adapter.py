"""Our single django-allauth adapter (settings.ACCOUNT_ADAPTER).

`send_mail` hands every mail to `accounts.mail` (the notifications outbox registers there). Mail
templates follow allauth's naming: `<kind>_subject.txt`, `<kind>_message.txt` and
`<kind>_message.html` under templates/account/email/.

Wrong passwords are counted so that nobody but the guesser is stopped (`pre_authenticate`):

- for an address with an account, typed from a browser that signed in to it before
  (`accounts.devices`): per browser only (`login_failed_device`), so a stranger who knows the
  address cannot lock the owner out of their usual browser;
- for an address with an account, from anywhere else: per account (`login_failed`) and per client
  address (`login_failed_ip`), as allauth counts them;
- for an address with no account: per address too (so that its answers look like a real
  account's), and the client address's count is checked but never added to: made-up addresses
  cannot lock out a real player who shares the guesser's address (a club's network, a carrier's).
"""

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.utils import filter_users_by_email
from allauth.core.internal import ratelimit
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import EmailMessage
from django.http import HttpRequest, HttpResponse

from . import devices
from .client_ip import client_ip
from .mail import send_account_mail

APP = "allauth.account"


class _Usages:
    """Several rate-limit usages rolled back together (allauth rolls back a successful sign-in's)."""

    def __init__(self, *usages: Any) -> None:
        self.usages = usages

    def rollback(self) -> None:
        for usage in self.usages:
            usage.rollback()


class AccountAdapter(DefaultAccountAdapter):
    def get_client_ip(self, request: HttpRequest) -> str:
        """The client's address behind the declared proxies (`accounts.client_ip`): what the
        sign-in limits count per IP."""
        return client_ip(request)

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        """Count this password attempt (see the module's docstring); refuse it if over a limit.
        A successful sign-in rolls the counts back (allauth's `authenticate`)."""
        login = credentials.get("email", credentials.get("username", ""))
        owners = {user.pk for user in filter_users_by_email(login)} if login else set()
        device = devices.device_of(request)
        if device is not None and device.user_id in owners:
            usage = ratelimit.consume(request, app=APP, action="login_failed_device", key=device.browser)
        else:
            # The client address's count first, as allauth counts: once it is over, the
            # account's count is left alone. An address without an account never adds to it.
            address = ratelimit.consume(request, app=APP, action="login_failed_ip", dry_run=not owners)
            key = self._get_login_attempts_cache_key(request, **credentials)
            account = ratelimit.consume(request, app=APP, action="login_failed", key=key) if address else None
            usage = _Usages(address, account) if account else None
        self._login_failed_rl_usage = usage
        if usage is None:
            raise self.validation_error("too_many_login_attempts")

    def post_login(self, request: HttpRequest, user: AbstractBaseUser, **kwargs: Any) -> HttpResponse:
        """After every sign-in (password, mailed code, verification link): this browser is the
        user's usual one from now on (`accounts.devices`)."""
        response = super().post_login(request, user, **kwargs)
        devices.remember(request, response, user)
        return response

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
