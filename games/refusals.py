"""A refused htmx request: its message beside the form it came from, the page left as it was.

Every 4xx answer to an htmx request is this fragment, placed by the server: `HX-Retarget: this`
(the element that sent the request: the form, or the element that loads a part of the page) and
`HX-Reswap: afterend` (right after it), whatever the element's own target. So a refused move
shows its reason under the move's form and the table stays as it was; before, a refusal
replaced the element's target (the whole `#table`) or, under DEBUG, django-htmx's debug script
replaced the whole document with it.

The views' refusals (`GameError`: `games.views.handles_game_errors`, `clubs.http`) answer with
`refusal`; any other 4xx page an htmx request gets (Django's 403, 404 or CSRF page, the 405 page,
a rate limit's 429) is turned into one by `lifeboat_site.middleware.HtmxRefusalMiddleware`.
`base.html`'s htmx-config swaps 4xx answers (htmx drops them by default) and `static/site/site.js`
takes an element's earlier refusal away when it asks again.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.http import reswap, retarget

TEMPLATE = "refusal.html"


def refusal(request: HttpRequest, message: str, status: int) -> HttpResponse:
    """The 4xx answer to an htmx request: `message`, shown right after the element that asked."""
    response = render(request, TEMPLATE, {"message": message}, status=status)
    return reswap(retarget(response, "this"), "afterend")
