"""Authentication backends that load the user's profile with the user (one query, not two).

Every signed-in request reads the profile (time zone and language, `accounts.middleware`; the
display name in the page header), so the session's user is fetched with
`select_related("profile")`. Otherwise these are Django's and allauth's backends unchanged.
"""

from __future__ import annotations

from typing import Any

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend


class _ProfileWithUser:
    def get_user(self, user_id: Any) -> Any:
        User = get_user_model()
        try:
            user = User._default_manager.select_related("profile").get(pk=user_id)
        except User.DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None  # type: ignore[attr-defined]


class ModelBackend(_ProfileWithUser, DjangoModelBackend):
    pass


class AuthenticationBackend(_ProfileWithUser, AllauthBackend):
    pass
