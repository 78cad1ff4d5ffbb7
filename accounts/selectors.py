"""Reads for accounts. Other apps use `display_name(user)` / `display_names(users)`, never emails."""

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from .models import ApiToken, Profile
from .services import ensure_profile


def profile_for(user: AbstractBaseUser) -> Profile:
    """The user's profile; created with defaults on first use for users that predate profiles."""
    try:
        return user.profile  # type: ignore[attr-defined]
    except Profile.DoesNotExist:
        return ensure_profile(user=user)


def display_name(user: AbstractBaseUser) -> str:
    """The name other players see. Use `select_related("profile")` on user lists to save queries."""
    return profile_for(user).display_name


def display_names(users: Iterable[AbstractBaseUser]) -> dict[int, str]:
    """{user.pk: display name} for many users in one query (plus one per user missing a profile)."""
    users = list(users)
    names = dict(
        Profile.objects.filter(user__in=[u.pk for u in users]).values_list("user_id", "display_name")
    )
    for user in users:
        if user.pk not in names:
            names[user.pk] = display_name(user)
    return names


def display_name_taken(name: str, *, exclude_user: AbstractBaseUser | None = None) -> bool:
    """Whether someone else already uses `name` or one that looks like it (`names.skeleton`: case,
    spaces, invisible characters and look-alike letters from other scripts ignored)."""
    others = Profile.objects.named_like(name)
    if exclude_user is not None:
        others = others.exclude(user=exclude_user)
    return others.exists()


def api_tokens_for(user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """All of the user's tokens, newest first, revoked ones included (shown greyed out)."""
    return ApiToken.objects.filter(user=user).order_by("revoked_at", "-created_at", "-id")
