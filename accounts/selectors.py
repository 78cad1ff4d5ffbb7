"""Reads for accounts. Other apps use `display_name(user)` / `display_names(users)`, never emails."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from .models import ApiToken, Block, Profile
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


def player_name(*, user_id: int) -> str | None:
    """The display name of the active player `user_id`, or None if there is none."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).select_related("profile").first()
    return display_name(user) if user is not None else None


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


# -- blocks -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class BlockedPlayer:
    user_id: int
    name: str
    since: datetime


def blocks_of(user: AbstractBaseUser) -> list[BlockedPlayer]:
    """The players `user` has blocked, latest first (the profile page's list); one query."""
    rows = Block.objects.filter(blocker_id=user.pk).select_related("blocked__profile")
    return [
        BlockedPlayer(user_id=b.blocked_id, name=display_name(b.blocked), since=b.created_at) for b in rows
    ]


def blocked_ids(user: Any) -> set[int]:
    """The ids of the players `user` has blocked (none for anonymous users); one query."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Block.objects.filter(blocker_id=user.pk).values_list("blocked_id", flat=True))


def has_blocked(*, user: Any, other_id: int) -> bool:
    """Whether `user` has blocked the player `other_id`."""
    if not getattr(user, "is_authenticated", False):
        return False
    return Block.objects.filter(blocker_id=user.pk, blocked_id=other_id).exists()


def blocks_between(*, user_id: int, others: Iterable[int]) -> tuple[list[int], bool]:
    """Blocks between one player and some others, either way: (those of `others` the player has
    blocked, whether any of `others` has blocked the player); one query."""
    ids = [o for o in others if o != user_id]
    if not ids:
        return [], False
    rows = Block.objects.filter(
        Q(blocker_id=user_id, blocked_id__in=ids) | Q(blocker_id__in=ids, blocked_id=user_id)
    ).values_list("blocker_id", "blocked_id")
    mine = sorted(blocked for blocker, blocked in rows if blocker == user_id)
    theirs = any(blocked == user_id for _blocker, blocked in rows)
    return mine, theirs


def blocked_with(*, user_ids: Iterable[int]) -> set[int]:
    """Every player who has blocked, or is blocked by, any of `user_ids`; one query."""
    ids = list(user_ids)
    if not ids:
        return set()
    rows = Block.objects.filter(Q(blocker_id__in=ids) | Q(blocked_id__in=ids)).values_list(
        "blocker_id", "blocked_id"
    )
    return {other for pair in rows for other in pair} - set(ids)


def blockers_of(*, user_id: int, among: Iterable[int]) -> set[int]:
    """Those of `among` who have blocked the player `user_id` (whom that player's words must not
    reach); one query."""
    ids = list(among)
    if not ids:
        return set()
    return set(
        Block.objects.filter(blocked_id=user_id, blocker_id__in=ids).values_list("blocker_id", flat=True)
    )
