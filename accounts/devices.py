"""An owner's usual browser, so that no stranger can lock an owner out of their account.

A stranger who knows an owner's address can type wrong passwords for it: allauth's limit per
account (`login_failed`, 5 in 5 minutes) then refuses every password for that address, the right
one too, from anywhere. Here the owner's own browser is spared, as OWASP's "device cookies"
propose: every sign-in leaves a signed cookie naming the account and a random id of this browser
(`lifeboat_device`, a year, HttpOnly), and a password typed for that account from a browser
holding its cookie is judged by that browser's own count of wrong passwords alone
(`login_failed_device`: `accounts.adapter.AccountAdapter.pre_authenticate`). The stranger, who has
no such cookie, is locked out as before; the owner signs in from their usual browser at once.

The cookie proves only that this browser signed in to the account before: it never signs anyone
in, and the password is still checked. A browser keeps one cookie, the last account signed in
there.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.signing import BadSignature
from django.http import HttpRequest, HttpResponseBase

COOKIE = "lifeboat_device"
SALT = "accounts.devices"
MAX_AGE = timedelta(days=365)


@dataclass(frozen=True)
class Device:
    user_id: int
    #: This browser's random id: the key of its own count of wrong passwords.
    browser: str


def device_of(request: HttpRequest) -> Device | None:
    """The account this browser signed in to before, if its cookie is ours and not too old."""
    try:
        value = request.get_signed_cookie(COOKIE, salt=SALT, max_age=MAX_AGE)
    except (KeyError, BadSignature):
        return None
    user_id, _sep, browser = value.partition(":")
    if not user_id.isdigit() or not browser:
        return None
    return Device(int(user_id), browser)


def remember(request: HttpRequest, response: HttpResponseBase, user: AbstractBaseUser) -> None:
    """After a sign-in: this browser is the user's (the same id as before if it already was)."""
    known = device_of(request)
    browser = known.browser if known and known.user_id == user.pk else secrets.token_urlsafe(16)
    response.set_signed_cookie(
        COOKIE,
        f"{user.pk}:{browser}",
        salt=SALT,
        max_age=MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
