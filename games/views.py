"""Pages and htmx fragments. Writes go through `services`, reads through `selectors`.

A refused request (a Refusal) becomes a 4xx: for htmx its message beside the form it came from
(`refusals.http.refusal`), otherwise an error page; nothing is written. Successful POSTs redirect (PRG),
except a move under htmx, which answers with the updated table fragment. Views that answer htmx
and plain requests differently say so in `Vary: HX-Request`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

import engine
from refusals.errors import Refusal
from refusals.http import refusal

from . import hooks, payloads, selectors, services, waiting
from .errors import InvalidRequest, WrongStatus
from .forms import ActionForm, GameCreateForm, InviteForm, SeatForm, VersionForm, cleaned_or_error
from .models import Action, Game
from .payloads import small_int
from .present import present_table

TABLE_TEMPLATE = "games/table.html"

#: Answers differ for htmx requests (a fragment) and plain ones (a page or a redirect).
vary_on_htmx = vary_on_headers("HX-Request")


def handles_game_errors(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Turn a refusal into a 4xx: its message beside the form (htmx) or an error page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except Refusal as exc:
            if request.htmx:
                return refusal(request, exc.message, exc.status_code)
            context = {"message": exc.message, "game_id": kwargs.get("game_id")}
            return render(request, "games/error.html", context, status=exc.status_code)

    return wrapper


def _invite_link(request: HttpRequest, table: selectors.Table) -> str | None:
    if table.invite_token is None or not table.game.is_open:
        return None
    path = reverse("games:table", args=[table.game.id])
    return request.build_absolute_uri(f"{path}?{urlencode({'invite': table.invite_token})}")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "games/home.html", {"games": engine.GAMES.values()})


def _lobby_context(request: HttpRequest) -> dict[str, Any]:
    lobby = selectors.lobby(user=request.user)
    return {
        "open_games": lobby.open_games,
        "my_games": lobby.my_games,
        "my_reliability": lobby.my_reliability,
        "rematches": selectors.rematch_invitations(user=request.user),
        "form": GameCreateForm(initial={"game": request.GET.get("game")}),
    }


@require_GET
@login_required
def lobby_page(request: HttpRequest) -> HttpResponse:
    return render(request, "games/lobby.html", _lobby_context(request))


@require_http_methods(["GET", "POST"])
@login_required
@handles_game_errors
def create(request: HttpRequest) -> HttpResponse:
    """The form for a new game (GET), and the new game (POST: then its table)."""
    if request.method == "GET":
        return render(request, "games/new.html", {"form": GameCreateForm(initial=request.GET.dict())})
    form = GameCreateForm(request.POST)
    if not form.is_valid():
        return render(request, "games/new.html", {"form": form}, status=400)
    data = form.cleaned_data
    game = services.game_create(
        user=request.user,
        slug=data["game"],
        num_players=data["num_players"],
        options=data["options"],
        pace=data["pace"],
        visibility=data["visibility"],
        rated=data["rated"],
        bots_rated=data["rated"] and data["bots_rated"],
        auto_start=data["auto_start"],
        min_reliability=data["min_reliability"],
        quick=data["quick"],
        assistants=data["assistants"],
    )
    messages.success(request, _("Your game is open. Share the link to fill the seats."))
    return redirect("games:table", game.pk)


def seen_since(request: HttpRequest, game: Game) -> int | None:
    """The move count the reader's page showed (`?since=`), when it is one this game has passed
    (anything else marks nothing new)."""
    text = request.GET.get("since", "")
    if not text.isdigit() or len(text) > 9:
        return None
    since = int(text)
    return since if since < game.move_count else None


def _table_response(request: HttpRequest, head: selectors.TableHead) -> HttpResponse:
    """The `#table` fragment for htmx, else the whole page around it: the reader's table
    (`selectors.table_of`), its presenters (`present_table`), the template."""
    table = selectors.table_of(head, seen_since(request, head.row) if head.started else None)
    context = {
        "table": table,
        "shown": present_table(table),
        "invite_link": _invite_link(request, table),
        "invite_token": request.GET.get("invite", ""),
        "invite_form": InviteForm(),
        "bot_games": engine.BOTS,
    }
    if request.htmx:
        return render(request, f"{TABLE_TEMPLATE}#table", context)
    context["started"] = head.started
    context["learn_panel"] = selectors.learn_panel_shown(head=head)
    if head.started:
        context["notices"] = hooks.table_notices(game_id=head.row.pk, seat=head.seat, user=request.user)
    if head.is_member and head.row.status == Game.Status.FINISHED:  # "same table again"
        context["rematch"] = selectors.rematch_of(game_id=head.row.pk, user=request.user)
    return render(request, TABLE_TEMPLATE, context)


@require_GET
@vary_on_htmx
@handles_game_errors
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    head = selectors.table_head(game_id=game_id, user=request.user, invite_token=request.GET.get("invite"))
    return _table_response(request, head)


def play_move(
    request: HttpRequest, *, game_id: int, action: dict[str, Any], expected_version: int, done: str
) -> HttpResponse:
    """Play the user's action; answer htmx with the new table fragment, a plain form with a redirect.

    Every way of making a move from the table (a button, a composed form, a trade) ends here. The
    form's `answer_key` makes the same form sent again (its first answer lost) answer as the
    first did, without playing twice.
    """
    try:
        answer_key = payloads.answer_key(request.POST.get("answer_key"))
    except payloads.PayloadError as exc:
        raise InvalidRequest(str(exc)) from None
    game = services.action_submit(
        game_id=game_id,
        user=request.user,
        action=action,
        expected_version=expected_version,
        source=Action.Source.WEB,
        answer_key=answer_key,
    )
    if request.htmx:
        return _table_response(request, selectors.table_head_of(game=game, user=request.user))
    messages.success(request, done)
    return redirect("games:table", game_id)


@require_POST
@login_required
@vary_on_htmx
@handles_game_errors
def act(request: HttpRequest, game_id: int) -> HttpResponse:
    form = ActionForm(request.POST)
    if not form.is_valid():
        # a missing (or unseen) game is "no such game" whatever the form holds
        selectors.table_head(game_id=game_id, user=request.user)
    data = cleaned_or_error(form)
    return play_move(
        request,
        game_id=game_id,
        action=data["action"],
        expected_version=data["expected_version"],
        done=_("Your move was played."),
    )


@require_POST
@login_required
@handles_game_errors
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    """Take a seat. A join refused from the lobby (`next=lobby`: a minimum reliability, a block)
    answers with the lobby and the reason at that game's row; elsewhere with the error page."""
    data = cleaned_or_error(VersionForm(request.POST))
    try:
        game = services.game_join(
            game_id=game_id,
            user=request.user,
            invite_token=data["invite"],
            expected_version=data["expected_version"],
        )
    except Refusal as exc:
        if request.POST.get("next") != "lobby":
            raise
        context = {**_lobby_context(request), "join_error": {"game_id": game_id, "message": exc.message}}
        return render(request, "games/lobby.html", context, status=exc.status_code)
    if game.status == game.Status.RUNNING:
        messages.success(request, _("You took the last seat: the game has started."))
    else:
        messages.success(request, _("You took a seat."))
    return redirect("games:table", game_id)


def _versioned(request: HttpRequest, game_id: int, service: Callable[..., Any]) -> None:
    """Call one service of the game with the version the reader saw (a stale form is refused)."""
    data = cleaned_or_error(VersionForm(request.POST))
    service(game_id=game_id, user=request.user, expected_version=data["expected_version"])


@require_POST
@login_required
@handles_game_errors
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    _versioned(request, game_id, services.game_leave)
    messages.success(request, _("You left the game."))
    return redirect("games:lobby")


@require_POST
@login_required
@handles_game_errors
def start(request: HttpRequest, game_id: int) -> HttpResponse:
    _versioned(request, game_id, services.game_start)
    messages.success(request, _("The game has started."))
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    _versioned(request, game_id, services.game_resign)
    messages.success(request, _("You resigned; your seat now plays the mildest moves."))
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def abandon(request: HttpRequest, game_id: int) -> HttpResponse:
    _versioned(request, game_id, services.game_abandon)
    messages.success(request, _("The game was abandoned."))
    return redirect("games:lobby")


@require_GET
@vary_on_htmx
@handles_game_errors
def seats(request: HttpRequest, game_id: int) -> HttpResponse:
    """Who sits where in a started game and what the reader may do about it (substitutes, bots,
    votes): read per reader, so loaded apart from the cached table (htmx), or as a page."""
    head = selectors.table_head(game_id=game_id, user=request.user, invite_token=request.GET.get("invite"))
    if not head.started:
        raise WrongStatus(_("The game has not started yet."))
    context = {
        "table": head,
        "panel": selectors.seat_panel(game=head.row, user=request.user),
        "invite_token": request.GET.get("invite", ""),
    }
    return render(request, "games/seats.html#panel" if request.htmx else "games/seats.html", context)


@require_POST
@login_required
@handles_game_errors
def fill_with_bots(request: HttpRequest, game_id: int) -> HttpResponse:
    _versioned(request, game_id, services.game_fill_with_bots)
    messages.success(request, _("Bots took the free seats: the game has started."))
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def cancel(request: HttpRequest, game_id: int) -> HttpResponse:
    _versioned(request, game_id, services.game_cancel)
    messages.success(request, _("The game was cancelled; it is not rated."))
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def vote_abandon(request: HttpRequest, game_id: int) -> HttpResponse:
    data = cleaned_or_error(VersionForm(request.POST))
    _game, carried = services.game_vote(
        game_id=game_id, user=request.user, kind="abandon", expected_version=data["expected_version"]
    )
    messages.success(
        request, _("The players agreed: the game is abandoned.") if carried else _("Your vote is counted.")
    )
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def vote_bot(request: HttpRequest, game_id: int) -> HttpResponse:
    data = cleaned_or_error(SeatForm(request.POST))
    _game, carried = services.game_vote(
        game_id=game_id,
        user=request.user,
        kind="bot",
        seat_index=data["seat"],
        expected_version=data["expected_version"],
    )
    messages.success(
        request, _("The players agreed: a bot plays the seat.") if carried else _("Your vote is counted.")
    )
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def seat_offer(request: HttpRequest, game_id: int) -> HttpResponse:
    data = cleaned_or_error(SeatForm(request.POST))
    services.seat_offer(
        game_id=game_id, user=request.user, seat_index=data["seat"], expected_version=data["expected_version"]
    )
    messages.success(request, _("The seat is offered to a substitute."))
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def seat_take(request: HttpRequest, game_id: int) -> HttpResponse:
    data = cleaned_or_error(SeatForm(request.POST))
    services.seat_take(
        game_id=game_id,
        user=request.user,
        seat_index=data["seat"],
        expected_version=data["expected_version"],
        invite_token=data["invite"],
    )
    messages.success(request, _("The seat is yours now: you play it from here."))
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def seat_to_bot(request: HttpRequest, game_id: int) -> HttpResponse:
    data = cleaned_or_error(SeatForm(request.POST))
    services.seat_to_bot(
        game_id=game_id, user=request.user, seat_index=data["seat"], expected_version=data["expected_version"]
    )
    messages.success(request, _("A bot plays the seat now."))
    return redirect("games:table", game_id)


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


@require_POST
@login_required
@vary_on_htmx
@handles_game_errors
def learn_dismiss(request: HttpRequest, slug: str) -> HttpResponse:
    """Hide the "new to this game" panel of `slug` for good: htmx swaps the panel away (an empty
    answer); a plain form goes back to the page it came from."""
    services.learn_panel_dismiss(user=request.user, slug=slug)
    if request.htmx:
        return HttpResponse("")
    back = request.POST.get("next", "")
    # a path of this site only (never a view name for `redirect` to reverse, nor another host)
    if not back.startswith("/") or not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("games:lobby")
    return HttpResponseRedirect(back)


@require_GET
def watch(request: HttpRequest) -> HttpResponse:
    """Public games being played, for anyone to watch (each table shows the spectator's view)."""
    return render(request, "games/watch.html", {"games": selectors.public_running_games(user=request.user)})


@require_GET
@login_required
def next_waiting(request: HttpRequest) -> HttpResponse:
    """The "next game waiting for me" link: the game after `?from=` in deadline order (the first
    from anywhere else), or the lobby when nothing waits."""
    current = small_int(request.GET.get("from", ""))
    following = waiting.next_after(waiting.waiting_for(request.user.pk), current)
    if following is not None:
        return redirect("games:table", following)
    if current is not None and any(w.game_id == current for w in waiting.waiting_for(request.user.pk)):
        return redirect("games:table", current)
    messages.info(request, _("No game is waiting for you."))
    return redirect("games:lobby")


@require_POST
@login_required
@handles_game_errors
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    """ "Same table again" from a finished game: the new game's table (the one already open, if a
    player asked before)."""

    def link_for(game: Game) -> str:
        return request.build_absolute_uri(reverse("games:table", args=[game.pk]))

    game, made = services.game_rematch(game_id=game_id, user=request.user, link_for=link_for)
    if made:
        messages.success(request, _("The same table again: the other players are invited."))
    elif game.status == Game.Status.OPEN and not game.seats.filter(user=request.user).exists():
        messages.info(request, _("A rematch is already open: take your seat."))
    return redirect("games:table", game.pk)
