"""Pages and htmx fragments. Writes go through `services`, reads through `selectors`.

A refused request (GameError) becomes a 4xx: a small error fragment for htmx (retargeted to
`#game-errors`), otherwise an error page; nothing is written. Successful POSTs redirect (PRG),
except `act` under htmx, which answers with the updated table fragment.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

import engine
from accounts.selectors import display_name

from . import hooks, selectors, services
from .board.markup import time_left
from .errors import GameError
from .forms import ActionForm, GameCreateForm, InviteForm, VersionForm, cleaned_or_error
from .models import Action

TABLE_TEMPLATE = "games/table.html"
#: How long a rendered table fragment or page shell is kept; a write makes a fragment unreachable
#: sooner (new version).
TABLE_CACHE_SECONDS = 600
#: Stand for the reader's own parts in cached markup: their CSRF token, and in a page shell the
#: `#table` fragment and their messages (NUL: never in a rendered name or text, which forms refuse).
CSRF_SLOT = "\x00csrf-token\x00"
TABLE_SLOT = "\x00table\x00"
MESSAGES_SLOT = "\x00messages\x00"


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


def _fragment_key(head: selectors.TableHead, invite: str) -> str | None:
    """The cache key of a started game's `#table` fragment as this reader sees it, else None.

    The game's version bumps on every write, so an entry is never stale for the game; the seat
    (or the spectator) keeps one seat's secrets from another; the rest is everything else the
    fragment shows that can change without a write: the reader's language and time zone, the
    players' names and the deadlines' "… left" (as the template words them now), the invite
    token in the page's address. Open games (cheap, and their forms vary by reader) are not cached.
    """
    if not head.started:
        return None
    shell = head.shell
    lefts = [time_left(p.due_at) for p in shell.players if p.due_at is not None]
    varying = repr((shell, lefts, invite, timezone.get_current_timezone_name()))
    digest = hashlib.sha256(varying.encode()).hexdigest()
    seat = "spectator" if shell.seat is None else shell.seat
    game = head.game
    return f"table:{game.pk}:{game.created_at.timestamp()}:{game.version}:{seat}:{get_language()}:{digest}"


def _table_fragment(request: HttpRequest, head: selectors.TableHead, context: dict[str, Any]) -> str:
    """The `#table` fragment, from the cache when this reader's entry for this version exists.

    Its forms embed the CSRF token, which is the reader's own: the fragment is rendered (and
    stored, and returned) with CSRF_SLOT in its place; `_with_csrf` puts the token in.
    """
    key = _fragment_key(head, context["invite_token"])
    html = cache.get(key) if key is not None else None
    if html is None:
        context = {**context, "t": selectors.table_from(head), "csrf_token": CSRF_SLOT}
        html = render_to_string(f"{TABLE_TEMPLATE}#table", context, request)
        if key is not None:
            cache.set(key, html, TABLE_CACHE_SECONDS)
    return html


def _with_csrf(request: HttpRequest, html: str) -> HttpResponse:
    if CSRF_SLOT in html:
        html = html.replace(CSRF_SLOT, get_token(request))
    return HttpResponse(html)


def _shell_key(request: HttpRequest, head: selectors.TableHead) -> str | None:
    """The cache key of the page around a started game's `#table` as this reader sees it, else None.

    It holds everything `table.html` and `base.html` show outside the table: the reader (their
    name in the menu, their seat, whether they sit at the table), the game's name, status and
    pace, the parts other apps add (`hooks.table_page_parts`: who is away, the reader's mute),
    the language, the time zone (of a vacation's end) and the address (the language form returns
    to it). Whatever those templates come to show outside the table must be added here.
    """
    if not head.started:
        return None
    shell, user, game = head.shell, request.user, head.game
    name = display_name(user) if user.is_authenticated else None
    parts = hooks.table_page_parts(game_id=game.pk)
    reader = (user.pk, name, shell.seat, shell.is_member, request.get_full_path())
    varying = repr((reader, game.slug, game.status, game.pace, parts, timezone.get_current_timezone_name()))
    digest = hashlib.sha256(varying.encode()).hexdigest()
    return f"table_page:{game.pk}:{game.created_at.timestamp()}:{get_language()}:{digest}"


def _table_page(
    request: HttpRequest, head: selectors.TableHead, context: dict[str, Any], fragment: str
) -> HttpResponse:
    """The full table page: its shell (from the cache when this reader has one) around `fragment`.

    The shell is rendered (and stored) with slots for the fragment, the reader's messages (shown
    once) and their CSRF token, which are put in on the way out.
    """
    key = _shell_key(request, head)
    page = cache.get(key) if key is not None else None
    if page is None:
        slots = {"table_html": mark_safe(TABLE_SLOT), "messages_html": mark_safe(MESSAGES_SLOT)}
        page = render_to_string(TABLE_TEMPLATE, {**context, **slots, "csrf_token": CSRF_SLOT}, request)
        if key is not None:
            cache.set(key, page, TABLE_CACHE_SECONDS)
    messages_html = render_to_string("base.html#messages", request=request)
    return _with_csrf(request, page.replace(TABLE_SLOT, fragment, 1).replace(MESSAGES_SLOT, messages_html, 1))


def _table_context(request: HttpRequest, head: selectors.TableHead) -> dict[str, Any]:
    return {
        "t": head.shell,
        "started": head.started,
        "invite_link": _invite_link(request, head.shell),
        "invite_token": request.GET.get("invite", ""),
        "invite_form": InviteForm(),
    }


@require_GET
@handles_game_errors
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    head = selectors.table_head(game_id=game_id, user=request.user, invite_token=request.GET.get("invite"))
    context = _table_context(request, head)
    fragment = _table_fragment(request, head, context)
    if request.htmx:
        return _with_csrf(request, fragment)
    return _table_page(request, head, context, fragment)


def play_move(
    request: HttpRequest, *, game_id: int, action: dict[str, Any], expected_version: int, done: str
) -> HttpResponse:
    """Play the user's action; answer htmx with the new table fragment, a plain form with a redirect.

    Every way of making a move from the table (a button, a composed form, a trade) ends here. The
    fragment is built from the game row the move wrote, and cached like the table's.
    """
    game = services.action_submit(
        game_id=game_id,
        user=request.user,
        action=action,
        expected_version=expected_version,
        source=Action.Source.WEB,
    )
    if request.htmx:
        head = selectors.table_head_of(game=game, user=request.user)
        return _with_csrf(request, _table_fragment(request, head, _table_context(request, head)))
    messages.success(request, done)
    return redirect("games:table", game_id)


@require_POST
@login_required
@handles_game_errors
def act(request: HttpRequest, game_id: int) -> HttpResponse:
    data = cleaned_or_error(ActionForm(request.POST))
    return play_move(
        request,
        game_id=game_id,
        action=data["action"],
        expected_version=data["expected_version"],
        done=_("Your move was played."),
    )


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
