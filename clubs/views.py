"""Club pages. Thin: forms validate, services write, selectors read; refusals are 4xx pages."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import engine
from accounts.selectors import display_name, player_name
from chat import selectors as chat_selectors
from games import services as game_services
from ratings import selectors as rating_selectors
from refusals.errors import NotFound
from refusals.http import handles_refusals, valid_or_400

from . import hooks, selectors, services
from .forms import (
    ClubForm,
    ClubGameForm,
    ClubSettingsForm,
    DecisionForm,
    InviteEmailForm,
    JoinRequestForm,
    ReportForm,
    ReportHandleForm,
    RoleForm,
)
from .models import Invite, Report


@require_http_methods(["GET", "POST"])
@login_required
@handles_refusals
def club_list(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = services.club_create(user=request.user, **form.cleaned_data)
        messages.success(request, _("Your club is open. Invite your friends!"))
        return redirect("clubs:detail", slug=club.slug)
    context = {"mine": selectors.clubs_of(user=request.user), "clubs": selectors.all_clubs(), "form": form}
    return render(request, "clubs/list.html", context, status=400 if form.errors else 200)


@require_GET
@handles_refusals
def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    page = selectors.club_page(slug=slug, user=request.user)
    boards = []
    if page.is_member:
        boards = [
            (game.name, rating_selectors.leaderboard(slug=game.slug, club_id=page.club.pk, limit=10))
            for game in engine.GAMES.values()
        ]
    context = {
        "page": page,
        "club": page.club,
        "boards": boards,
        "seasons": hooks.seasons_of(page.club) if page.is_member else [],
        "settings_form": ClubSettingsForm(
            initial={"description": page.club.description, "join_policy": page.club.join_policy}
        ),
        "invite_form": InviteEmailForm(),
        "join_form": JoinRequestForm(),
        "game_form": ClubGameForm(),
    }
    return render(request, "clubs/detail.html", context)


@require_POST
@login_required
@handles_refusals
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    data = valid_or_400(ClubSettingsForm(request.POST))
    services.club_update(club_id=club.pk, user=request.user, **data)
    messages.success(request, _("Saved."))
    return redirect("clubs:detail", slug=club.slug)


@require_POST
@login_required
@handles_refusals
def join_request(request: HttpRequest, slug: str) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    data = valid_or_400(JoinRequestForm(request.POST))
    services.join_request_create(club_id=club.pk, user=request.user, message=data["message"])
    messages.success(request, _("Your request was sent to the club's admins."))
    return redirect("clubs:detail", slug=club.slug)


@require_POST
@login_required
@handles_refusals
def join_request_decide(request: HttpRequest, slug: str, request_id: int) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    data = valid_or_400(DecisionForm(request.POST))
    services.join_request_decide(
        club_id=club.pk, user=request.user, request_id=request_id, accept=data["accept"]
    )
    return redirect("clubs:detail", slug=club.slug)


@require_POST
@login_required
@handles_refusals
def invite_link(request: HttpRequest, slug: str) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    services.invite_link_create(club_id=club.pk, user=request.user)
    messages.success(request, _("A new invite link is listed below."))
    return redirect("clubs:detail", slug=club.slug)


@require_POST
@login_required
@handles_refusals
def invite_email(request: HttpRequest, slug: str) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    data = valid_or_400(InviteEmailForm(request.POST))

    def link_for(invite: Invite) -> str:
        return request.build_absolute_uri(reverse("clubs:invite", args=[invite.token]))

    services.invite_email_send(club_id=club.pk, user=request.user, email=data["email"], link_for=link_for)
    messages.success(request, _("Invitation sent."))
    return redirect("clubs:detail", slug=club.slug)


@require_POST
@login_required
@handles_refusals
def invite_revoke(request: HttpRequest, slug: str, invite_id: int) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    services.invite_revoke(club_id=club.pk, user=request.user, invite_id=invite_id)
    return redirect("clubs:detail", slug=club.slug)


@require_http_methods(["GET", "POST"])
@login_required
@handles_refusals
def invite(request: HttpRequest, token: str) -> HttpResponse:
    found = Invite.objects.select_related("club").filter(token=token).first()
    if found is None:
        raise NotFound(_("This invitation does not exist."))
    if request.method == "POST":
        club = services.invite_accept(token=token, user=request.user)
        messages.success(request, _("Welcome to %(club)s!") % {"club": club.name})
        return redirect("clubs:detail", slug=club.slug)
    return render(request, "clubs/invite.html", {"invite": found, "club": found.club})


@require_POST
@login_required
@handles_refusals
def member_role(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    data = valid_or_400(RoleForm(request.POST))
    services.member_set_role(club_id=club.pk, user=request.user, member_id=user_id, role=data["role"])
    return redirect("clubs:detail", slug=club.slug)


@require_POST
@login_required
@handles_refusals
def member_remove(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    services.member_remove(club_id=club.pk, user=request.user, member_id=user_id)
    if user_id == request.user.pk:
        messages.success(request, _("You left %(club)s.") % {"club": club.name})
        return redirect("clubs:list")
    return redirect("clubs:detail", slug=club.slug)


@require_POST
@login_required
@handles_refusals
def game_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A member opens a club-only game; other members join it from its table page."""
    club = selectors.get_club(slug=slug)
    data = valid_or_400(ClubGameForm(request.POST))
    game = game_services.game_create(user=request.user, visibility="club", club=club, **data)
    return redirect("games:table", game_id=game.pk)


# -- reports ----------------------------------------------------------------------------------
def _back(request: HttpRequest, fallback: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


@require_http_methods(["GET", "POST"])
@login_required
@handles_refusals
def report_player(request: HttpRequest, user_id: int) -> HttpResponse:
    """Report a player to a club you share with them (its moderators) or the site's staff."""
    reported = player_name(user_id=user_id)
    if reported is None or user_id == request.user.pk:
        raise NotFound(_("There is no such player."))
    clubs = selectors.shared_clubs(user=request.user, other_id=user_id)
    form = ReportForm(request.POST or None, clubs=clubs)
    if request.method == "POST":
        data = valid_or_400(form)
        services.report_create(
            reporter=request.user,
            reported_id=user_id,
            reason=data["reason"],
            details=data["details"],
            club_id=data.get("club"),
        )
        messages.success(request, _("Thank you: your report was sent to the moderators."))
        return HttpResponseRedirect(_back(request, reverse("ratings:player", args=[user_id])))
    context = {"form": form, "name": reported, "message": None, "action": request.path}
    return render(request, "clubs/report.html", context)


@require_http_methods(["GET", "POST"])
@login_required
@handles_refusals
def report_message(request: HttpRequest, message_id: int) -> HttpResponse:
    """Report a chat message you can read to its game's club (if any) and the site's staff."""
    message = chat_selectors.readable_message(message_id=message_id, user=request.user)
    if message is None or message.author_id == request.user.pk:
        raise NotFound(_("There is no such message."))
    form = ReportForm(request.POST or None)
    readers = selectors.report_readers(message=message)
    if request.method == "POST":
        data = valid_or_400(form)
        services.report_create(
            reporter=request.user, message_id=message.pk, reason=data["reason"], details=data["details"]
        )
        messages.success(request, _report_sent(readers, message.game.club))
        return redirect(reverse("games:table", args=[message.game_id]) + "#chat")
    context = {
        "form": form,
        "name": display_name(message.author),
        "message": message,
        "readers": readers,
        "club": message.game.club,
        "action": request.path,
    }
    return render(request, "clubs/report.html", context)


def _report_sent(readers: str, club: Any) -> str:
    """The thanks for a report of a chat message, saying who will read it."""
    if readers == selectors.CLUB_NOT_AT_TABLE:
        return _(
            "Thank you: your report was sent to the moderators of %(club)s who do not play at this "
            "table, and to the site's staff."
        ) % {"club": club.name}
    if readers == selectors.STAFF_ONLY:
        return _(
            "Thank you: your report was sent to the site's staff; the moderators of %(club)s all play "
            "at this table and will see it when the game is over."
        ) % {"club": club.name}
    return _("Thank you: your report was sent to the moderators.")


@require_GET
@login_required
@handles_refusals
def reports(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's reports, for its moderators and admins (none about the reader)."""
    club = selectors.get_club(slug=slug)
    status = request.GET.get("status", Report.Status.OPEN)
    if status not in Report.Status.values:
        status = Report.Status.OPEN
    context = {
        "club": club,
        "rows": selectors.club_reports(club=club, user=request.user, status=status),
        "status": status,
        "statuses": Report.Status.choices,
        "handle_form": ReportHandleForm(),
    }
    return render(request, "clubs/reports.html", context)


@require_POST
@login_required
@handles_refusals
def report_handle(request: HttpRequest, slug: str, report_id: int) -> HttpResponse:
    club = selectors.get_club(slug=slug)
    data = valid_or_400(ReportHandleForm(request.POST))
    services.report_handle(report_id=report_id, user=request.user, club_id=club.pk, **data)
    messages.success(request, _("The report is closed."))
    return redirect("clubs:reports", slug=club.slug)
