"""Pages for links in mails (one-click moves, unsubscribe) and the player's mail settings.

A GET or HEAD of a one-click link only shows a confirmation page (mail scanners follow links);
the POST from that page plays the move through `answers.play_prompt_choice`. The unsubscribe
URL accepts the RFC 8058 one-click POST without CSRF: the signed token is the credential.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from accounts.selectors import profile_for
from games import payloads
from games import selectors as game_selectors
from games.errors import NotAllowed
from games.models import Action, Game
from games.payloads import small_int
from games.selectors import GameRead
from games.views import handles_game_errors

from . import bounces, push
from .answers import play_prompt_choice
from .errors import PromptError, PromptInvalid, VacationError
from .forms import VacationForm
from .models import GameMute, Prompt, PushSubscription
from .preferences import (
    active_vacation,
    booked_vacations,
    cancel_booked_vacation,
    end_vacation,
    mark_present,
    mute_game,
    opt_out,
    start_vacation,
    unmute_game,
    vacation_budget,
    vacation_days_left,
)
from .prompts import check_prompt
from .tokens import read_act_token, read_address_token, read_unsubscribe_token


def _refused(request: HttpRequest, exc: PromptError, prompt: Prompt | None = None) -> HttpResponse:
    context = {"message": exc.message, "game_id": prompt.game_id if prompt is not None else None}
    return render(request, "notifications/link_refused.html", context, status=exc.status_code)


@require_http_methods(["GET", "HEAD", "POST"])
def act(request: HttpRequest, token: str) -> HttpResponse:
    data = read_act_token(token)
    if data is None:
        return _refused(request, PromptInvalid())
    prompt = Prompt.objects.select_related("game").filter(pk=data.prompt_id).first()
    if request.method == "POST":
        try:
            prompt, label = play_prompt_choice(
                prompt_id=data.prompt_id,
                choice=data.choice,
                user_id=data.user_id,
                game_id=data.game_id,
                version=data.version,
                source=Action.Source.EMAIL,
            )
        except PromptError as exc:
            return _refused(request, exc, prompt)
        return render(request, "notifications/act_done.html", {"label": label, "game_id": prompt.game_id})
    try:
        check_prompt(
            prompt, user_id=data.user_id, game_id=data.game_id, version=data.version, now=timezone.now()
        )
        if not 1 <= data.choice <= len(prompt.actions):
            raise PromptInvalid()
    except PromptError as exc:
        return _refused(request, exc, prompt)
    read = GameRead(prompt.game)
    context = {
        "label": read.label(prompt.seat_index, prompt.actions[data.choice - 1]),
        "game_name": read.rules.name,
        "game_id": prompt.game_id,
        "due_at": prompt.due_at,
    }
    return render(request, "notifications/act_confirm.html", context)


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    data = read_unsubscribe_token(token)
    user = get_user_model().objects.filter(pk=data[0]).first() if data else None
    if user is None:
        return render(
            request,
            "notifications/link_refused.html",
            {"message": _("This unsubscribe link is not valid.")},
            status=400,
        )
    game_id = data[1]
    if request.method != "POST":
        return render(request, "notifications/unsubscribe.html", {"game_id": game_id, "done": None})
    one_click = request.POST.get("List-Unsubscribe") == "One-Click"
    scope = "all" if one_click else request.POST.get("scope", "all")
    if scope == "game" and game_id is not None:
        mute_game(user=user, game_id=game_id)
    else:
        opt_out(user=user)
        scope = "all"
    return render(request, "notifications/unsubscribe.html", {"game_id": game_id, "done": scope})


@login_required
@require_POST
@handles_game_errors
def mute(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player turns the mail of one game off or on. A game the user cannot see is "no such
    game" (404); one they watch but do not play sends them nothing to mute (403)."""
    if not Game.objects.filter(pk=game_id, seats__user=request.user).exists():
        game_selectors.table_head(game_id=game_id, user=request.user)  # GameNotFound if unseen
        raise NotAllowed(_("You do not play in this game, so it sends you no mail to mute."))
    if request.POST.get("mute", "1") == "1":
        mute_game(user=request.user, game_id=game_id)
        messages.success(request, _("No more mail from this game."))
    else:
        unmute_game(user=request.user, game_id=game_id)
        messages.success(request, _("Mail from this game is back on."))
    return redirect("games:table", game_id=game_id)


@login_required
@require_POST
def back(request: HttpRequest, game_id: int) -> HttpResponse:
    if mark_present(user=request.user, game_id=game_id):
        messages.success(request, _("Welcome back: your seat is no longer played for you."))
    return redirect("games:table", game_id=game_id)


def _vacation_start(user: Any, day: dt.date | None) -> dt.datetime | None:
    """The start of `day` in the player's time zone (None: now)."""
    if day is None:
        return None
    zone = profile_for(user).zone
    return dt.datetime.combine(day, dt.time(0, 0), tzinfo=zone).astimezone(dt.UTC)


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    """Vacations (taken now or booked ahead, in whole days; ended early; a booked one called off),
    browser notifications, and the muted games."""
    days_left = vacation_days_left(user=request.user)
    form = VacationForm(days_left=days_left)
    status = 200
    if request.method == "POST":
        if request.POST.get("end"):
            charged = end_vacation(user=request.user)
            if charged is not None:
                message = ngettext(
                    "Welcome back: %(days)d vacation day was counted, and your deadlines moved back.",
                    "Welcome back: %(days)d vacation days were counted, and your deadlines moved back.",
                    charged,
                )
                messages.success(request, message % {"days": charged})
            return redirect(reverse("notifications:settings"))
        cancel = small_int(request.POST.get("cancel", ""))
        if "cancel" in request.POST:
            if cancel is not None and cancel_booked_vacation(user=request.user, vacation_id=cancel):
                messages.success(request, _("The booked vacation is called off."))
            return redirect(reverse("notifications:settings"))
        form = VacationForm(request.POST, days_left=vacation_budget())
        if form.is_valid():
            starts_at = _vacation_start(request.user, form.cleaned_data.get("starts_on"))
            try:
                vacation = start_vacation(
                    user=request.user, days=form.cleaned_data["days"], starts_at=starts_at
                )
            except VacationError as exc:
                form.add_error("days", exc.message)
            else:
                if vacation.deadlines_moved:
                    messages.success(request, _("Enjoy your time away: your deadlines moved."))
                else:
                    messages.success(
                        request, _("Your vacation is booked: your deadlines move when it begins.")
                    )
                return redirect(reverse("notifications:settings"))
        status = 400
    context = {
        "vacation": active_vacation(user=request.user),
        "booked": booked_vacations(user=request.user),
        "days_left": days_left,
        "budget": vacation_budget(),
        "form": form,
        "muted": GameMute.objects.filter(user=request.user).select_related("game"),
        "push_key": push.public_key(),
        "push_browsers": PushSubscription.objects.filter(user=request.user).count() if push.enabled() else 0,
    }
    return render(request, "notifications/settings.html", context, status=status)


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> HttpResponse:
    """This browser's Web Push subscription (JSON, as `PushSubscription.toJSON()` gives it)."""
    if not push.enabled():
        return JsonResponse({"error": _("Browser notifications are not set up on this site.")}, status=404)
    try:
        data = push.parse_subscription(request.body)
    except push.BadSubscription:
        return JsonResponse({"error": _("That is not a browser subscription.")}, status=400)
    push.subscribe(user=request.user, **data)
    return JsonResponse({"subscribed": True}, status=201)


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> HttpResponse:
    """Forget this browser (JSON `{"endpoint": ...}`), or every browser of the player (the page's
    form, which works without JavaScript)."""
    if request.content_type == "application/json":
        try:
            body = payloads.loads(request.body or b"null")
        except payloads.PayloadError:
            body = None
        endpoint = body.get("endpoint") if isinstance(body, dict) else None
        if not isinstance(endpoint, str):
            return JsonResponse({"error": _("That is not a browser subscription.")}, status=400)
        return JsonResponse({"forgotten": push.unsubscribe(user=request.user, endpoint=endpoint)})
    push.unsubscribe(user=request.user)
    messages.success(request, _("Browser notifications are off in every browser."))
    return redirect(reverse("notifications:settings"))


@login_required
@require_http_methods(["GET", "POST"])
def address(request: HttpRequest) -> HttpResponse:
    """Mail to the player's address bounces: change it (allauth's page), or have a check mailed
    whose link confirms that it works again."""
    if request.method == "POST":
        if bounces.send_address_check(user=request.user):
            messages.success(
                request,
                _("A mail with a confirmation link is on its way to %(address)s.")
                % {"address": request.user.email},
            )
        else:
            messages.error(request, _("Enough checks were sent today: try again tomorrow."))
        return redirect(reverse("notifications:address"))
    context = {"address": request.user.email, "unreachable": bounces.unreachable_address(request.user)}
    return render(request, "notifications/address.html", context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def address_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The link of an address check: a GET only asks (mail scanners follow links), the POST from
    that page confirms the address."""
    data = read_address_token(token)
    if data is None or data != (request.user.pk, request.user.email.lower()):
        message = _("This confirmation link is not valid for your account, or it has expired.")
        return render(request, "notifications/address_confirm.html", {"message": message}, status=400)
    if request.method == "POST":
        bounces.clear(request.user.email)
        messages.success(
            request, _("Thank you: mail goes to %(address)s again.") % {"address": request.user.email}
        )
        return redirect(reverse("notifications:settings"))
    return render(request, "notifications/address_confirm.html", {"address": request.user.email})
