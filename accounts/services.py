"""Writes for accounts: keyword-only, typed, atomic. Views, forms and admin actions call these."""

import datetime as dt
import re
import secrets
from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from .auth import TOKEN_SCHEME_PREFIX, hash_token, token_prefix
from .models import DISPLAY_NAME_MAX_LENGTH, ApiToken, Profile

MAX_ACTIVE_TOKENS = 20


class TooManyTokens(Exception):
    pass


def default_display_name(email: str) -> str:
    """The local part of an address, without any "+tag", tidied; "player" when nothing is left."""
    local = email.partition("@")[0].partition("+")[0]
    local = re.sub(r"[^\w.\- ]+", "", local).strip(" .-_")
    return local[: DISPLAY_NAME_MAX_LENGTH - 4] or "player"


def _free_display_name(base: str) -> str:
    taken = {
        name.lower()
        for name in Profile.objects.filter(display_name__istartswith=base).values_list(
            "display_name", flat=True
        )
    }
    if base.lower() not in taken:
        return base
    n = 2
    while f"{base} {n}".lower() in taken:
        n += 1
    return f"{base} {n}"


@transaction.atomic
def ensure_profile(*, user: AbstractBaseUser) -> Profile:
    """The user's profile, created with defaults (display name from the email's local part) if missing."""
    existing = Profile.objects.filter(user=user).first()
    if existing is not None:
        return existing
    base = default_display_name(getattr(user, "email", "") or "")
    for _attempt in range(5):
        try:
            with transaction.atomic():
                profile = Profile.objects.create(user=user, display_name=_free_display_name(base))
        except IntegrityError:
            # Either another request created this user's profile, or took the name first.
            existing = Profile.objects.filter(user=user).first()
            if existing is not None:
                return existing
            continue
        user.profile = profile  # type: ignore[attr-defined]
        return profile
    profile = Profile.objects.create(user=user, display_name=f"{base} {secrets.token_hex(3)}")
    user.profile = profile  # type: ignore[attr-defined]
    return profile


@transaction.atomic
def update_profile(
    *,
    user: AbstractBaseUser,
    display_name: str,
    time_zone: str,
    language: str,
    notify_mode: str,
    quiet_hours_start: dt.time | None,
    quiet_hours_end: dt.time | None,
    email_opt_out: bool,
) -> Profile:
    """Save the user's settings. Raises django.core.exceptions.ValidationError on bad values."""
    ensure_profile(user=user)
    profile = Profile.objects.select_for_update().get(user=user)
    profile.display_name = display_name.strip()
    profile.time_zone = time_zone
    profile.language = language
    profile.notify_mode = notify_mode
    profile.quiet_hours_start = quiet_hours_start
    profile.quiet_hours_end = quiet_hours_end
    profile.email_opt_out = email_opt_out
    profile.full_clean(exclude=["user"])
    profile.save()
    user.profile = profile  # type: ignore[attr-defined]
    return profile


@transaction.atomic
def set_language(*, user: AbstractBaseUser, language: str) -> Profile:
    """Save the language picked in the footer switcher; unknown codes are refused with ValidationError."""
    ensure_profile(user=user)
    profile = Profile.objects.select_for_update().get(user=user)
    profile.language = language
    profile.full_clean(exclude=["user"])
    profile.save(update_fields=["language"])
    user.profile = profile  # type: ignore[attr-defined]
    return profile


@transaction.atomic
def create_api_token(*, user: AbstractBaseUser, name: str) -> tuple[ApiToken, str]:
    """A new token and its raw secret. The secret is not stored: show it to the user once."""
    if ApiToken.objects.active().filter(user=user).count() >= MAX_ACTIVE_TOKENS:
        raise TooManyTokens
    raw = TOKEN_SCHEME_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name.strip(), prefix=token_prefix(raw), key_hash=hash_token(raw)
    )
    return token, raw


@transaction.atomic
def revoke_api_token(*, user: AbstractBaseUser, token_id: int) -> ApiToken:
    """Revoke one of the user's tokens. Raises ApiToken.DoesNotExist for anyone else's token."""
    token = ApiToken.objects.select_for_update().get(pk=token_id, user=user)
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


@transaction.atomic
def revoke_api_tokens(*, token_ids: Iterable[int]) -> int:
    """Revoke many tokens at once (staff admin action). Returns how many were still active."""
    return ApiToken.objects.active().filter(pk__in=list(token_ids)).update(revoked_at=timezone.now())
