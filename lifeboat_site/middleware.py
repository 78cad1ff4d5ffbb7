"""Refuse requests no page can answer before any view, session or query sees them; and the
headers every answer carries.

The browser's features no page of ours uses (`PermissionsPolicyMiddleware`): camera,
microphone, geolocation and payment are turned off for the site and anything it might embed
(`PERMISSIONS_POLICY`), on every response, the site's refusals included. It comes first in
MIDDLEWARE, then Django's security and CSP middleware, and only then the refusals below, so a
400 for a NUL carries the same headers as any page.

A NUL character (`RejectNulMiddleware`):
No text field of ours can hold a NUL: PostgreSQL refuses it in text and JSON columns (an error,
so a 500, wherever such a value reaches a query: a path segment looked up as a token, a session
cookie, a form field). Nothing a person types contains one, so a request with a NUL in its path,
query string, cookies, headers or form fields is answered 400 here, first in the middleware.

An id out of range (`IdRangeMiddleware`): every `<int:...>` in our URLs is a row's id, and a number
beyond a 64-bit column (`/games/99999999999999999999/chat/`) is no row's: SQLite raises
OverflowError on it. Such a URL is a 404 before the view runs, for every URL of the URLconf.

A method the address does not answer (`MethodNotAllowedPageMiddleware`): Django answers a GET to a
POST-only view (`require_POST`, a form's target opened from a bookmark or a mail) with an empty
405, a blank page; it has no handler to configure for it. This one gives it the site's page (the
JSON API: a JSON error), with the same status and `Allow` header.

A refused htmx request (`HtmxRefusalMiddleware`): any 4xx page an htmx request is answered with
(Django's 403, 404 and CSRF pages, the 405 page, a rate limit's 429) becomes the site's refusal
fragment, its message beside the form that asked (`refusals.http.refusal`); and a redirect to sign in
(the session ended) sends the whole page there, instead of swapping the sign-in page into it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import resolve_url
from django.template.response import TemplateResponse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_htmx.http import HttpResponseClientRedirect

from refusals.http import refusal

NUL = "\x00"
#: The largest id any of our tables holds (BigAutoField); larger numbers name no row.
MAX_ID = 2**63 - 1
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _any_nul(values: Iterable[str]) -> bool:
    return any(NUL in value for value in values)


def carries_nul(request: HttpRequest) -> bool:
    """Whether a NUL is anywhere in the request's path, query, cookies, headers or form fields."""
    if NUL in request.path_info or NUL in request.path:
        return True
    if _any_nul(request.GET.keys()) or _any_nul(v for vs in request.GET.lists() for v in vs[1]):
        return True
    if _any_nul(request.COOKIES.keys()) or _any_nul(request.COOKIES.values()):
        return True
    if _any_nul(str(value) for key, value in request.META.items() if key.startswith("HTTP_")):
        return True
    if request.method in ("POST", "PUT", "PATCH") and request.content_type in FORM_TYPES:
        # Read the body first: parsing a multipart form from it keeps `request.body` readable
        # for views that need the raw bytes (inbound mail webhooks).
        request.body  # noqa: B018
        if _any_nul(request.POST.keys()) or _any_nul(v for vs in request.POST.lists() for v in vs[1]):
            return True
        if _any_nul(request.FILES.keys()) or _any_nul(f.name or "" for f in request.FILES.values()):
            return True
    return False


class PermissionsPolicyMiddleware:
    """First in MIDDLEWARE: `Permissions-Policy` from PERMISSIONS_POLICY ({feature: [origins]};
    an empty list turns the feature off: `camera=()`) on every response."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        policy: dict[str, list[str]] = getattr(settings, "PERMISSIONS_POLICY", {})
        self.header = ", ".join(f"{feature}=({' '.join(origins)})" for feature, origins in policy.items())

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response


class RejectNulMiddleware:
    """Before the session and the user (after the middleware that adds the headers every answer
    carries): a request with a NUL anywhere is a 400 (Django's 400 page, which renders without
    the session or the user)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if carries_nul(request):
            raise BadRequest("NUL character in the request")
        return self.get_response(request)


class IdRangeMiddleware:
    """An integer URL argument (the `int` converter's) beyond MAX_ID is a 404 before the view."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> None:
        for value in (*args, *kwargs.values()):
            if type(value) is int and not -MAX_ID <= value <= MAX_ID:
                raise Http404("no such id")


class MethodNotAllowedPageMiddleware:
    """An empty 405 becomes the site's "not this way" page (a JSON error under `/api/`), with the
    view's status and `Allow` header. Placed after the session, user and language middleware,
    so the page speaks the reader's language and shows their navigation."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content:
            return response
        allowed = response.get("Allow", "")
        page: HttpResponse
        if request.path_info.startswith("/api/"):
            page = JsonResponse(
                {
                    "error": _("This address does not answer %(method)s; it answers %(allowed)s.")
                    % {"method": request.method, "allowed": allowed}
                },
                status=405,
            )
        else:
            page = TemplateResponse(request, "405.html", status=405).render()
        page["Allow"] = allowed
        return page


#: What a refused htmx request says when the page it was answered with is not a refusal of ours.
REFUSED = {
    403: gettext_lazy("You may not do that here. If you followed a form, reload the page and try again."),
    404: gettext_lazy("There is nothing here, or it is not shared with you."),
    405: gettext_lazy(
        "This address answers a form sent from its page (a button there), not a visit. "
        "Go back to that page and use its button."
    ),
    409: gettext_lazy("This changed since you loaded the page: reload it, then try again."),
    429: gettext_lazy("Too many tries in a short time: wait a little, then try again."),
}
REFUSED_OTHERWISE = gettext_lazy("That was refused and nothing was changed: reload the page, then try again.")
#: The headers of a refused page its fragment keeps.
KEPT_HEADERS = ("Allow", "Retry-After", "Vary")


class HtmxRefusalMiddleware:
    """An htmx request's 4xx page becomes the refusal fragment (`refusals.http.refusal`); a redirect to
    sign in becomes a redirect of the whole page (`HX-Redirect`) back to the page after it.

    A view that answers a refusal itself (`HX-Retarget` set: `refusals.http.refusal`) is left as
    it is; the JSON API's errors too."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        htmx = getattr(request, "htmx", None)
        if not htmx or request.path_info.startswith("/api/"):
            return response
        status = response.status_code
        if 400 <= status < 500 and "HX-Retarget" not in response:
            fragment = refusal(request, str(REFUSED.get(status, REFUSED_OTHERWISE)), status)
            for header in KEPT_HEADERS:
                if header in response:
                    fragment[header] = response[header]
            return fragment
        if status in (301, 302, 303, 307, 308) and self._to_sign_in(response["Location"]):
            back = urlencode({"next": htmx.current_url_abs_path or "/"})
            return HttpResponseClientRedirect(f"{resolve_url(settings.LOGIN_URL)}?{back}")
        return response

    @staticmethod
    def _to_sign_in(location: str) -> bool:
        return location.split("?", 1)[0] == resolve_url(settings.LOGIN_URL)
