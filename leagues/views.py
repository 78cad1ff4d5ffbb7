"""Season pages: create, sign up, standings and rounds, admin controls, the archive."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs import selectors as club_selectors
from clubs import services as club_services
from refusals.errors import Forbidden
from refusals.http import handles_refusals

from . import selectors, services
from .forms import SeasonForm
from .models import Entry


def _member_club(request: HttpRequest, slug: str):
    club = club_selectors.get_club(slug=slug)
    if not club_selectors.is_member(club_id=club.pk, user=request.user):
        raise Forbidden(_("Only members of this club can see its seasons."))
    return club


@require_GET
@login_required
@handles_refusals
def archive(request: HttpRequest, slug: str) -> HttpResponse:
    club = _member_club(request, slug)
    context = {
        "club": club,
        "seasons": selectors.club_seasons(club=club),
        "is_admin": club_selectors.is_admin(club_id=club.pk, user=request.user),
    }
    return render(request, "leagues/archive.html", context)


@require_http_methods(["GET", "POST"])
@login_required
@handles_refusals
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = _member_club(request, slug)
    if not club_selectors.is_admin(club_id=club.pk, user=request.user):
        raise Forbidden(club_services.ADMINS_ONLY)
    finished = [(s.id, s.name) for s in selectors.club_seasons(club=club) if s.status == "finished"]
    form = SeasonForm(
        request.POST or None, previous_choices=finished, initial={"slug": request.GET.get("game")}
    )
    if request.method == "POST" and form.is_valid():
        season = services.season_create(club_id=club.pk, user=request.user, **form.main_data())
        messages.success(request, _("The season is open for sign-up."))
        return redirect("leagues:detail", slug=club.slug, season_id=season.pk)
    return render(
        request, "leagues/new.html", {"club": club, "form": form}, status=400 if form.errors else 200
    )


@require_GET
@login_required
@handles_refusals
def season_detail(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    club = _member_club(request, slug)
    season = selectors.get_season(season_id=season_id, club=club)
    context = {
        "club": club,
        "season": season,
        "standings": selectors.season_standings(season=season),
        "rounds": selectors.season_rounds(season=season),
        "is_admin": club_selectors.is_admin(club_id=club.pk, user=request.user),
        "signed_up": Entry.objects.filter(season=season, user=request.user).exists(),
    }
    return render(request, "leagues/detail.html", context)


def _season_of(request: HttpRequest, slug: str, season_id: int):
    """The member's club and the season of it the URL names (a refusal otherwise)."""
    club = _member_club(request, slug)
    return club, selectors.get_season(season_id=season_id, club=club)


def _done(request: HttpRequest, club, season, message: str) -> HttpResponse:
    messages.success(request, message)
    return redirect("leagues:detail", slug=club.slug, season_id=season.pk)


@require_POST
@login_required
@handles_refusals
def signup(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    club, season = _season_of(request, slug, season_id)
    services.season_signup(season_id=season.pk, user=request.user)
    return _done(request, club, season, _("You are signed up."))


@require_POST
@login_required
@handles_refusals
def withdraw(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    club, season = _season_of(request, slug, season_id)
    services.season_withdraw(season_id=season.pk, user=request.user)
    return _done(request, club, season, _("You withdrew from the season."))


@require_POST
@login_required
@handles_refusals
def start(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    club, season = _season_of(request, slug, season_id)
    services.season_start(season_id=season.pk, user=request.user)
    return _done(request, club, season, _("The season has started: round 1 is on."))


@require_POST
@login_required
@handles_refusals
def next_round(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    club, season = _season_of(request, slug, season_id)
    round_ = services.round_start(season_id=season.pk, user=request.user)
    return _done(request, club, season, _("Round %(number)d has started.") % {"number": round_.number})


@require_POST
@login_required
@handles_refusals
def finish(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    club, season = _season_of(request, slug, season_id)
    services.season_finish(season_id=season.pk, user=request.user)
    return _done(request, club, season, _("The season is closed and archived."))
