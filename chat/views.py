"""The table chat: a panel loaded by htmx (a page of its own without JavaScript), and posting.

Only the players seated at a started game read and write it; anyone else learns nothing (404).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from accounts.selectors import display_name
from games.errors import GameNotFound, InvalidRequest
from games.models import Seat
from games.payloads import small_int
from games.views import handles_game_errors

from . import selectors, services
from .forms import MessageForm


def _other_seats(game_id: int, seat: int) -> list[tuple[int, str]]:
    """(index, name) of the other seats: the addressees of a private message."""
    seats = Seat.objects.filter(game_id=game_id).exclude(index=seat).select_related("user__profile")
    return [(s.index, display_name(s.user)) for s in seats.order_by("index") if s.index is not None]


def _context(request: HttpRequest, game_id: int, seat: int) -> dict[str, Any]:
    lines = selectors.lines_for(game_id=game_id, seat=seat, user=request.user)
    return {
        "game_id": game_id,
        "lines": lines,
        "last_id": lines[-1].id if lines else 0,
        "form": MessageForm(seats=_other_seats(game_id, seat)),
    }


@require_http_methods(["GET", "POST"])
@login_required
@handles_game_errors
def chat(request: HttpRequest, game_id: int) -> HttpResponse:
    seat = selectors.seat_index(game_id=game_id, user=request.user)
    if seat is None:
        raise GameNotFound()
    if request.method == "POST":
        form = MessageForm(request.POST, seats=_other_seats(game_id, seat))
        if not form.is_valid():
            raise InvalidRequest(" ".join(str(e) for errors in form.errors.values() for e in errors))
        services.message_post(
            game_id=game_id,
            user=request.user,
            text=form.cleaned_data["text"],
            to_seat=form.cleaned_data["to"],
        )
        if not request.htmx:
            return redirect(reverse("games:table", args=[game_id]) + "#chat")
        return render(request, "chat/panel.html#lines", _context(request, game_id, seat))
    after = small_int(request.GET.get("after", ""))
    if request.htmx and after is not None:
        if not selectors.has_news(game_id=game_id, seat=seat, after=after, user=request.user):
            return HttpResponse(status=204)
        return render(request, "chat/panel.html#lines", _context(request, game_id, seat))
    template = "chat/panel.html" if request.htmx else "chat/page.html"
    return render(request, template, _context(request, game_id, seat))
