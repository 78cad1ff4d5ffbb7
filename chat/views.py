"""The table chat: a panel loaded by htmx (a page of its own without JavaScript), and posting.

Only the players seated at a started game read and write it: a spectator who may see the game is
told so (403), anyone else learns nothing (404).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_htmx.http import trigger_client_event

from games import selectors as game_selectors
from games.errors import InvalidRequest, NotAllowed, WrongStatus
from games.models import Seat
from games.payloads import small_int
from games.seats import seat_name
from games.views import handles_game_errors

from . import selectors, services
from .forms import MessageForm


def _other_seats(game_id: int, seat: int) -> list[tuple[int, str]]:
    """(index, name) of the other seats: the addressees of a private message."""
    seats = Seat.objects.filter(game_id=game_id).exclude(index=seat).select_related("user__profile")
    return [(s.index, seat_name(s)) for s in seats.order_by("index") if s.index is not None]


def _context(request: HttpRequest, game_id: int, seat: int, after: int = 0) -> dict[str, Any]:
    lines = selectors.lines_for(game_id=game_id, seat=seat, after=after, user=request.user)
    return {
        "game_id": game_id,
        "lines": lines,
        "last_id": lines[-1].id if lines else after,
        "first": after == 0,
        "form": MessageForm(seats=_other_seats(game_id, seat)),
    }


@require_http_methods(["GET", "POST"])
@login_required
@handles_game_errors
def chat(request: HttpRequest, game_id: int) -> HttpResponse:
    seat = selectors.seat_index(game_id=game_id, user=request.user)
    if seat is None:
        if not Seat.objects.filter(game_id=game_id, user_id=request.user.pk).exists():
            # a spectator of a game they may see is told why; anyone else learns nothing
            game_selectors.table_head(game_id=game_id, user=request.user)
            raise NotAllowed(
                _(
                    "Only the players at this table can read and write its chat; spectators "
                    "follow the table and its log."
                )
            )
        raise WrongStatus(_("The chat opens when the game starts."))
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
        # The panel's poll fetches the new line at once, by the one path that appends lines.
        return trigger_client_event(HttpResponse(status=204), "chat-posted")
    after = small_int(request.GET.get("after", ""))
    if request.htmx and after is not None:
        # Only the lines after the poll's cursor, appended to the list, and the poll moved on.
        if not selectors.has_news(game_id=game_id, seat=seat, after=after, user=request.user):
            return HttpResponse(status=204)
        return render(request, "chat/panel.html#news", _context(request, game_id, seat, after))
    template = "chat/panel.html" if request.htmx else "chat/page.html"
    return render(request, template, _context(request, game_id, seat))
