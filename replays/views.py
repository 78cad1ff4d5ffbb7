"""Replay and export pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from clubs.errors import Invalid
from clubs.http import handles_club_errors

from . import selectors


def _int_param(request: HttpRequest, name: str) -> int | None:
    raw = request.GET.get(name, "")
    if raw in ("", "spectator"):
        return None
    try:
        return int(raw)
    except ValueError:
        raise Invalid() from None


@require_GET
@handles_club_errors
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    data = selectors.replay(
        game_id=game_id,
        user=request.user,
        step=_int_param(request, "step"),
        seat=_int_param(request, "seat"),
        spectator=request.GET.get("seat") == "spectator",
    )
    seat_param = "spectator" if data.seat is None else str(data.seat)
    return render(request, "replays/replay.html", {"replay": data, "seat_param": seat_param})


@require_GET
@handles_club_errors
def export(request: HttpRequest, game_id: int) -> HttpResponse:
    data = selectors.export(game_id=game_id, user=request.user)
    response = JsonResponse(data, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return response
