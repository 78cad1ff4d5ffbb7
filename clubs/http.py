"""View helpers shared by the clubs, leagues, ratings and replays pages."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.errors import GameError
from games.refusals import refusal

from .errors import Invalid


def handles_club_errors(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A refusal (a GameError, ClubError included) becomes its 4xx page with the readable
    message (under htmx: the message beside the form, `games.refusals`); nothing was written."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except GameError as exc:
            if getattr(request, "htmx", False):
                return refusal(request, exc.message, exc.status_code)
            return render(request, "clubs/error.html", {"message": exc.message}, status=exc.status_code)

    return wrapper


def valid_or_400(form: forms.Form) -> dict[str, Any]:
    """The cleaned data of a bound form, or Invalid (400) carrying its first error."""
    if form.is_valid():
        return form.cleaned_data
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    raise Invalid(errors[0] if errors else None)
