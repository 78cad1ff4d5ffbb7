"""Live updates and the trade form for the table page.

`version` is what the page polls every few seconds: 204 with nothing to render when the version
the page shows is current; when it is not, 204 with `HX-Trigger: game-changed`, on which the page
fetches its table fragment. It reads the session and the game's entry in the shared cache
(`games.live`), no database row, and not the user either (`without_user_preferences`). `trade`
turns the trade form's fields into one `offer_trade` action and plays it like the act endpoint.
`rules` serves the rules help, which the table loads only when it is opened.
"""

from __future__ import annotations

from django.contrib.auth import SESSION_KEY
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

import engine
from accounts.middleware import without_user_preferences
from games import live, selectors
from games.board import prompt
from games.errors import GameNotFound, InvalidRequest, StaleVersion
from games.payloads import small_int
from games.presentations import PRESENTATIONS, presentation
from games.views import handles_game_errors, play_move, vary_on_htmx

#: The client event the table listens for to fetch its fragment again.
CHANGED_EVENT = "game-changed"


@require_GET
@without_user_preferences
@handles_game_errors
def version(request: HttpRequest, game_id: int) -> HttpResponse:
    """Always 204 with `X-Game-Version`; with `HX-Trigger: game-changed` when `?v=` is not current.

    Players of any game and anyone for a public game may poll; others learn nothing (404). The
    player is the session's user id, not a user row: a version number is all a poll can learn,
    and the fragment it triggers is fetched with the full sign-in.
    """
    seen = request.GET.get("v", "")
    entry = live.current(game_id, small_int(seen))
    if entry is None or not entry.may_poll(small_int(str(request.session.get(SESSION_KEY, "")))):
        raise GameNotFound()
    response = HttpResponse(status=204)
    response["X-Game-Version"] = str(entry.version)
    if seen != str(entry.version):
        trigger_client_event(response, CHANGED_EVENT, {"version": entry.version})
    return response


@require_GET
@vary_on_htmx
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The rules help of a game: a page of its own, or under htmx the fragment the table loads."""
    if slug not in PRESENTATIONS:
        raise Http404()
    template = f"games/{slug}/rules.html"
    rules = presentation(slug).rules_reference()
    if request.htmx:
        return render(request, template, {"rules": rules})
    return render(
        request,
        "games/rules_page.html",
        {"template": template, "rules": rules, "name": engine.get_game(slug).name},
    )


def _play(request: HttpRequest, game_id: int, action: dict, version_seen: str, done: str) -> HttpResponse:
    """Play an action composed from a form, answering like the act endpoint."""
    version = small_int(version_seen)
    if version is None:
        raise InvalidRequest(_("The form is missing the version of the game you saw."))
    return play_move(request, game_id=game_id, action=action, expected_version=version, done=done)


@require_POST
@login_required
@vary_on_htmx
@handles_game_errors
def trade(request: HttpRequest, game_id: int) -> HttpResponse:
    """Offer a trade: `to` (a seat), `give` (own card ids), `take` (face-up ids or card kinds)."""
    to = small_int(request.POST.get("to", ""))
    if to is None:
        raise InvalidRequest(_("Choose whom to offer the trade to."))
    action = {
        "type": "offer_trade",
        "to": to,
        "give": request.POST.getlist("give"),
        "take": request.POST.getlist("take"),
    }
    return _play(
        request, game_id, action, request.POST.get("expected_version", ""), _("Your trade offer was made.")
    )


@require_POST
@login_required
@vary_on_htmx
@handles_game_errors
def compose(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play the one legal action of `type` whose fields are the posted ones (rowing, fights)."""
    table = selectors.table(game_id=game_id, user=request.user)
    kind = request.POST.get("type", "")
    action = prompt.match(table.legal_actions, kind, request.POST.getlist)
    if action is None:
        if small_int(request.POST.get("expected_version", "")) not in (None, table.game.version):
            raise StaleVersion()  # the choices changed since the page was loaded, not the reader's pick
        raise InvalidRequest(_("That combination is not allowed now."))
    return _play(
        request, game_id, action, request.POST.get("expected_version", ""), _("Your move was played.")
    )
