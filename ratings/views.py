"""Player pages and leaderboards."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

import engine
from accounts.selectors import has_blocked

from . import selectors


@require_GET
def player(request: HttpRequest, user_id: int) -> HttpResponse:
    page = selectors.player_page(user_id=user_id, viewer=request.user)
    if page is None:
        raise Http404
    # The chart is built from numbers and an escaped title only (ratings.chart).
    per_game = [(stats, mark_safe(stats.chart_svg)) for stats in page.per_game]
    context = {
        "page": page,
        "per_game": per_game,
        "blocked": has_blocked(user=request.user, other_id=user_id),
    }
    return render(request, "ratings/player.html", context)


@require_GET
def leaderboard(request: HttpRequest, slug: str) -> HttpResponse:
    if slug not in engine.GAMES:
        raise Http404
    context = {
        "game": engine.get_game(slug),
        "games": engine.GAMES.values(),
        "rows": selectors.leaderboard(slug=slug, limit=100),
    }
    return render(request, "ratings/leaderboard.html", context)
