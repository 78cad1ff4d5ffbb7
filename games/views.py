"""Pages and htmx fragments. Writes go through `services`, reads through `selectors`.

A refused request (GameError) becomes a 4xx: a small error fragment for htmx (retargeted to
`#game-errors`), otherwise an error page; nothing is written. Successful POSTs redirect (PRG),
except `act` under htmx, which answers with the updated table fragment.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

import engine

from . import selectors, services
from .errors import GameError
from .forms import ActionForm, GameCreateForm, InviteForm, VersionForm, cleaned_or_error
from .models import Action

TABLE_TEMPLATE = "games/table.html"


def handles_game_errors(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Turn a GameError into a 4xx error fragment (htmx) or error page, with its message."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except GameError as exc:
            context = {"message": exc.message, "game_id": kwargs.get("game_id")}
            if request.htmx:
                response = render(request, "games/error.html#error", context, status=exc.status_code)
                return reswap(retarget(response, "#game-errors"), "innerHTML")
            return render(request, "games/error.html", context, status=exc.status_code)

    return wrapper


def _invite_link(request: HttpRequest, table: selectors.Table) -> str | None:
    if table.invite_token is None or not table.game.is_open:
        return None
    path = reverse("games:table", args=[table.game.id])
    return request.build_absolute_uri(f"{path}?{urlencode({'invite': table.invite_token})}")


def _lobby_context(request: HttpRequest, form: GameCreateForm) -> dict[str, Any]:
    return {
        "open_games": selectors.open_games(user=request.user),
        "my_games": selectors.my_games(user=request.user),
        "form": form,
    }


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "games/home.html", {"games": engine.GAMES.values()})


@require_GET
@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "games/lobby.html", _lobby_context(request, GameCreateForm()))


@require_POST
@login_required
@handles_game_errors
def create(request: HttpRequest) -> HttpResponse:
    form = GameCreateForm(request.POST)
    if not form.is_valid():
        return render(request, "games/lobby.html", _lobby_context(request, form), status=400)
    data = form.cleaned_data
    game = services.game_create(
        user=request.user,
        slug=data["game"],
        num_players=data["num_players"],
        options=data["options"],
        pace=data["pace"],
        visibility=data["visibility"],
        rated=data["rated"],
    )
    messages.success(request, _("Your game is open. Share the link to fill the seats."))
    return redirect("games:table", game.pk)


@require_GET
@handles_game_errors
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    current = selectors.table(game_id=game_id, user=request.user, invite_token=request.GET.get("invite"))
    context = {
        "t": current,
        "invite_link": _invite_link(request, current),
        "invite_token": request.GET.get("invite", ""),
        "invite_form": InviteForm(),
    }
    return render(request, f"{TABLE_TEMPLATE}#table" if request.htmx else TABLE_TEMPLATE, context)


@require_POST
@login_required
@handles_game_errors
def act(request: HttpRequest, game_id: int) -> HttpResponse:
    data = cleaned_or_error(ActionForm(request.POST))
    services.action_submit(
        game_id=game_id,
        user=request.user,
        action=data["action"],
        expected_version=data["expected_version"],
        source=Action.Source.WEB,
    )
    if request.htmx:
        context = {"t": selectors.table(game_id=game_id, user=request.user)}
        return render(request, f"{TABLE_TEMPLATE}#table", context)
    messages.success(request, _("Your move was played."))
    return redirect("games:table", game_id)


def _lobby_action(
    service: Callable[..., Any], success: str, *, to_lobby: bool = False
) -> Callable[[HttpRequest, int], HttpResponse]:
    """A POST-only view that calls one service with the seen version and redirects."""

    @require_POST
    @login_required
    @handles_game_errors
    def view(request: HttpRequest, game_id: int) -> HttpResponse:
        data = cleaned_or_error(VersionForm(request.POST))
        kwargs = {"invite_token": data["invite"]} if service is services.game_join else {}
        service(game_id=game_id, user=request.user, expected_version=data["expected_version"], **kwargs)
        messages.success(request, success)
        return redirect("games:lobby") if to_lobby else redirect("games:table", game_id)

    view.__name__ = service.__name__
    return view


join = _lobby_action(services.game_join, gettext_lazy("You took a seat."))
leave = _lobby_action(services.game_leave, gettext_lazy("You left the game."), to_lobby=True)
start = _lobby_action(services.game_start, gettext_lazy("The game has started."))
resign = _lobby_action(
    services.game_resign, gettext_lazy("You resigned; your seat now plays the mildest moves.")
)
abandon = _lobby_action(services.game_abandon, gettext_lazy("The game was abandoned."), to_lobby=True)


@require_POST
@login_required
@handles_game_errors
def invite(request: HttpRequest, game_id: int) -> HttpResponse:
    data = cleaned_or_error(InviteForm(request.POST))
    current = selectors.table(game_id=game_id, user=request.user)
    services.invite_send(
        game_id=game_id, user=request.user, email=data["email"], link=_invite_link(request, current) or ""
    )
    messages.success(request, _("The invitation is on its way."))
    return redirect("games:table", game_id)


@require_GET
@login_required
def history(request: HttpRequest) -> HttpResponse:
    return render(request, "games/history.html", {"entries": selectors.finished_games(user=request.user)})
