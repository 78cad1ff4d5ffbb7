"""Activate the signed-in user's time zone and language for the request."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from .selectors import profile_for


class UserPreferencesMiddleware:
    """After AuthenticationMiddleware (and after LocaleMiddleware, whose choice it overrides)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
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
