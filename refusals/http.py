"""View helpers for refusals: a refused request's page, or under htmx its message beside the
element that asked.

A refused htmx request gets `refusal`: the message, placed by the server with `HX-Retarget: this`
(the element that sent the request: the form, or the element that loads a part of the page) and
`HX-Reswap: afterend` (right after it), whatever the element's own target. So a refused move
shows its reason under the move's form and the table stays as it was. The views' refusals answer
with it (`handles_refusals`, `games.views.handles_game_errors`); any other 4xx page an htmx
request gets (Django's 403, 404 or CSRF page, the 405 page, a rate limit's 429) is turned into
one by `lifeboat_site.middleware.HtmxRefusalMiddleware`. `base.html`'s htmx-config swaps 4xx
answers (htmx drops them by default) and `static/site/site.js` takes an element's earlier
refusal away when it asks again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.http import reswap, retarget

from .errors import Invalid, Refusal

FRAGMENT = "refusal.html"


def refusal(request: HttpRequest, message: str, status: int) -> HttpResponse:
    """The 4xx answer to an htmx request: `message`, shown right after the element that asked."""
    response = render(request, FRAGMENT, {"message": message}, status=status)
    return reswap(retarget(response, "this"), "afterend")


def handles_refusals(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A refusal becomes its 4xx page with the readable message (under htmx: the message beside
    the form, `refusal`); nothing was written."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except Refusal as exc:
            if getattr(request, "htmx", False):
                return refusal(request, exc.message, exc.status_code)
            return render(request, "refusals/error.html", {"message": exc.message}, status=exc.status_code)

    return wrapper


def valid_or_400(form: forms.Form) -> dict[str, Any]:
    """The cleaned data of a bound form, or Invalid (400) carrying its first error."""
    if form.is_valid():
        return form.cleaned_data
    errors = [str(e) for field_errors in form.errors.values() for e in field_errors]
    raise Invalid(errors[0] if errors else None)
