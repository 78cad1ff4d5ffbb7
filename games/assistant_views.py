"""The reader's assistant and answers given ahead: the panel beside a table, and the defaults page.

The panel is read per reader and changes without the game moving on, so the table page loads it
apart from its cached `#table` (htmx), and reads it again when the game changes; without
JavaScript it is a page of its own. Writes go through `services.assistant`.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

import engine

from . import selectors, services
from .errors import GameNotFound, InvalidRequest, WrongStatus
from .forms import AheadForm, AssistantForm, cleaned_or_error
from .models import Game
from .views import handles_game_errors, vary_on_htmx

PANEL = "games/assistant.html"


def _panel_response(request: HttpRequest, game: Game, status: int = 200) -> HttpResponse:
    panel = selectors.assistant_panel(game=game, user=request.user)
    if panel is None:
        raise WrongStatus(_("You have no seat playing in this running game."))
    context = {"panel": panel, "game": selectors.game_info(game)}
    return render(request, f"{PANEL}#panel" if request.htmx else PANEL, context, status=status)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_htmx
@handles_game_errors
def assistant(request: HttpRequest, game_id: int) -> HttpResponse:
    """The panel (GET); the kinds of decision the reader's seat hands its assistant (POST)."""
    game = get_object_or_404(Game, pk=game_id)
    if request.method == "POST":
        data = cleaned_or_error(AssistantForm(request.POST, slug=game.slug))
        services.assistant_set(game_id=game.pk, user=request.user, kinds=data["kinds"])
        if not request.htmx:
            messages.success(request, _("Your assistant's decisions are saved."))
            return redirect("games:assistant", game.pk)
    return _panel_response(request, game)


@require_POST
@login_required
@vary_on_htmx
@handles_game_errors
def ahead(request: HttpRequest, game_id: int) -> HttpResponse:
    """Queue an answer to the reader's own next decision of a kind, or withdraw it."""
    game = get_object_or_404(Game, pk=game_id)
    form = AheadForm(request.POST)
    data = cleaned_or_error(form)
    if data["withdraw"]:
        services.plan_withdraw(game_id=game.pk, user=request.user, kind=data["kind"])
    else:
        plan = form.plan(request.POST.getlist("order"))
        if not plan.get("actions") and not plan.get("order"):
            raise InvalidRequest(_("Choose what to answer ahead."))
        services.plan_queue(game_id=game.pk, user=request.user, plan=plan)
    if not request.htmx:
        return redirect("games:assistant", game.pk)
    return _panel_response(request, game)


@require_http_methods(["GET", "POST"])
@login_required
@handles_game_errors
def defaults(request: HttpRequest) -> HttpResponse:
    """The kinds of decision the reader hands their assistant at every new table, per game."""
    if request.method == "POST":
        slug = request.POST.get("game", "")
        if slug not in engine.GAMES:
            raise GameNotFound()
        data = cleaned_or_error(AssistantForm(request.POST, slug=slug))
        services.assistant_defaults_set(user=request.user, slug=slug, kinds=data["kinds"])
        messages.success(request, _("Your assistant's decisions are saved."))
        return redirect("games:assistant_defaults")
    chosen = selectors.assistant_defaults(user=request.user)
    forms = [
        (rules, AssistantForm(slug=slug, initial={"kinds": chosen.get(slug, [])}))
        for slug, rules in sorted(engine.GAMES.items())
    ]
    return render(request, "games/assistant_defaults.html", {"forms": forms})
