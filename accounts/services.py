"""Writes for accounts: keyword-only, typed, atomic. Views, forms and admin actions call these."""

import datetime as dt
import secrets
from collections.abc import Iterable
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.sites.models import Site
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .auth import TOKEN_SCHEME_PREFIX, hash_token, token_prefix
from .models import ApiToken, Block, Profile
from .names import normalise

MAX_ACTIVE_TOKENS = 20


class TooManyTokens(Exception):
    pass


class BlockRefused(Exception):
    """A block or unblock that cannot be done: a readable message and an HTTP status; nothing
    was written."""

    def __init__(self, message: str, status_code: int = 400) -> None:
        self.message, self.status_code = message, status_code
        super().__init__(message)


def default_display_name(rng: secrets.SystemRandom | None = None) -> str:
    """A generated name such as "Player 4821" in the active language: nothing of the address
    (the profile page promises other players never see it). The player is invited to change it."""
    number = (rng or secrets.SystemRandom()).randint(1000, 9999)
    return _("Player %(number)s") % {"number": number}


def _free_display_name() -> str:
    """A generated name no other player uses (compared as display names are)."""
    rng = secrets.SystemRandom()
    for _attempt in range(20):
        name = default_display_name(rng)
        if not Profile.objects.named_like(name).exists():
            return name
    return f"{default_display_name(rng)}-{secrets.token_hex(3)}"


@transaction.atomic
def ensure_profile(*, user: AbstractBaseUser) -> Profile:
    """The user's profile, created with defaults (a generated display name) if missing."""
    existing = Profile.objects.filter(user=user).first()
    if existing is not None:
        return existing
    for _attempt in range(5):
        try:
            with transaction.atomic():
                profile = Profile.objects.create(user=user, display_name=_free_display_name())
        except IntegrityError:
            # Either another request created this user's profile, or took the name first.
            existing = Profile.objects.filter(user=user).first()
            if existing is not None:
                return existing
            continue
        user.profile = profile  # type: ignore[attr-defined]
        return profile
    profile = Profile.objects.create(user=user, display_name=f"{_free_display_name()}-{secrets.token_hex(3)}")
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
    profile.display_name = normalise(display_name)
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


def sync_site(*, using: str = "default") -> Site:
    """The Sites row allauth's mails greet from and link to: its domain from SITE_URL, its name
    SITE_NAME (run after every migrate, so a deployment never greets from a request's host)."""
    parts = urlsplit(settings.SITE_URL)
    site, _created = Site.objects.using(using).update_or_create(
        pk=settings.SITE_ID, defaults={"domain": parts.netloc or parts.path, "name": settings.SITE_NAME}
    )
    Site.objects.clear_cache()
    return site


# -- blocks -----------------------------------------------------------------------------------
@transaction.atomic
def block_user(*, user: AbstractBaseUser, blocked_id: int) -> Block:
    """`user` blocks another player (again: the same block). The blocker's rows are locked, so two
    requests at once make one block."""
    User = get_user_model()
    User.objects.select_for_update().filter(pk=user.pk).first()  # serialises this user's blocks
    try:
        blocked = User.objects.get(pk=int(blocked_id), is_active=True)
    except (User.DoesNotExist, ValueError, TypeError):
        raise BlockRefused(_("There is no such player."), 404) from None
    if blocked.pk == user.pk:
        raise BlockRefused(_("You cannot block yourself."))
    block, _created = Block.objects.get_or_create(blocker=user, blocked=blocked)
    return block


@transaction.atomic
def unblock_user(*, user: AbstractBaseUser, blocked_id: int) -> None:
    """Lift `user`'s block of a player; lifting one that does not exist is refused (404)."""
    try:
        blocked_pk = int(blocked_id)
    except (ValueError, TypeError):
        raise BlockRefused(_("There is no such player."), 404) from None
    deleted, _kinds = Block.objects.filter(blocker=user, blocked_id=blocked_pk).delete()
    if not deleted:
        raise BlockRefused(_("You have not blocked that player."), 404)
