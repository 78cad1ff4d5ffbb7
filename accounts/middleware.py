"""Activate the signed-in user's time zone and language for the request."""

from collections.abc import Callable
from typing import Any

from django.contrib.auth import BACKEND_SESSION_KEY
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils import timezone, translation

from .selectors import profile_for

#: Sessions signed in before the profile-loading backends (accounts.backends) name the backend
#: they used; they are moved to its replacement instead of being signed out. Can go once every
#: such session has expired (SESSION_COOKIE_AGE after the switch).
LEGACY_BACKENDS = {
    "django.contrib.auth.backends.ModelBackend": "accounts.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend": "accounts.backends.AuthenticationBackend",
}


def without_user_preferences(view: Any) -> Any:
    """Mark a view whose answer depends on no user's language or time zone (the table's poll):
    the middleware then loads no user for it, so it may answer without a database query."""
    view.without_user_preferences = True
    return view


def _skips_preferences(request: HttpRequest) -> bool:
    try:
        match = resolve(request.path_info, getattr(request, "urlconf", None))
    except Resolver404:
        return False
    return getattr(match.func, "without_user_preferences", False)


class UserPreferencesMiddleware:
    """After AuthenticationMiddleware (and after LocaleMiddleware, whose choice it overrides).

    Before the view is known (a 404 or a refused CSRF token is answered in the player's
    language too); views marked `without_user_preferences` are left alone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        # Before request.user is first read (it is loaded lazily, on first use).
        if session is not None and session.get(BACKEND_SESSION_KEY) in LEGACY_BACKENDS:
            session[BACKEND_SESSION_KEY] = LEGACY_BACKENDS[session[BACKEND_SESSION_KEY]]
        user = getattr(request, "user", None)
        if user is not None and not _skips_preferences(request) and user.is_authenticated:
            profile = profile_for(user)
            timezone.activate(profile.zone)
            translation.activate(profile.language)
            request.LANGUAGE_CODE = translation.get_language()
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            # The time zone is thread-local: never let one user's zone leak into the next request.
            timezone.deactivate()
