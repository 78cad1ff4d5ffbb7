"""Reads for clubs: membership checks (games asks `is_member` through `games.hooks`, registered in
`ClubsConfig.ready`, for club-only games), the club page, and the moderators' reports (never
shown to the player they are about)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.utils.translation import gettext as _

import engine
from games import hooks
from games.models import Game, Seat, SeatChange
from games.seats import seat_name
from refusals.errors import Forbidden, NotFound

from .models import Club, Invite, JoinRequest, Membership, Report

User = AbstractBaseUser | AnonymousUser


def is_member(*, club_id: int | None, user: User) -> bool:
    """Whether `user` belongs to the club; one query (none for anonymous users or no club)."""
    if club_id is None or not user.is_authenticated:
        return False
    return Membership.objects.filter(club_id=club_id, user_id=user.pk).exists()


def member_ids(*, club_id: int) -> list[int]:
    """The user ids of the club's members."""
    return list(Membership.objects.filter(club_id=club_id).values_list("user_id", flat=True))


def is_admin(*, club_id: int | None, user: User) -> bool:
    if club_id is None or not user.is_authenticated:
        return False
    return Membership.objects.filter(club_id=club_id, user_id=user.pk, role=Membership.Role.ADMIN).exists()


#: The roles that moderate a club: admins may do all that moderators may.
MODERATING_ROLES = (Membership.Role.ADMIN, Membership.Role.MODERATOR)


def is_moderator(*, club_id: int | None, user: User) -> bool:
    """Whether `user` moderates the club: a moderator or an admin of it (one query)."""
    if club_id is None or not user.is_authenticated:
        return False
    return Membership.objects.filter(club_id=club_id, user_id=user.pk, role__in=MODERATING_ROLES).exists()


def can_manage_seats(*, club_id: int | None, user: User) -> bool:
    """Whether `user` may manage the seats of the club's games (open a seat to a substitute,
    cancel a game): the club's admins and moderators alike. For games' organiser question."""
    return is_moderator(club_id=club_id, user=user)


def can_see_game(*, game: Any, user: User) -> bool:
    """A club-only game is seen by its club's members (seated players are checked by games)."""
    return hooks.can_see_game(game=game, user=user)


def get_club(*, slug: str) -> Club:
    club = Club.objects.filter(slug=str(slug)).first()
    if club is None:
        raise NotFound(_("There is no such club."))
    return club


@dataclass(frozen=True)
class MemberRow:
    user_id: int
    name: str
    role: str
    is_admin: bool
    joined_at: datetime
    #: The role's value ("admin", "moderator", "member"); `role` is its label.
    role_value: str = Membership.Role.MEMBER


@dataclass(frozen=True)
class ClubGameRow:
    game_id: int
    name: str
    status: str
    players: list[tuple[str, int | None]]  # (name, place)
    finished_at: datetime | None
    league: str = ""
    #: The club game this one plays again ("same table again"), if it is a rematch.
    rematch_of: int | None = None
    status_label: str = ""


@dataclass
class ClubPage:
    club: Club
    is_member: bool
    is_admin: bool
    #: A moderator or an admin: sees the club's reports.
    is_moderator: bool = False
    open_reports: int = 0
    members: list[MemberRow] = field(default_factory=list)
    open: list[ClubGameRow] = field(default_factory=list)
    running: list[ClubGameRow] = field(default_factory=list)
    rematches: list[ClubGameRow] = field(default_factory=list)
    recent: list[ClubGameRow] = field(default_factory=list)
    pending_requests: list[JoinRequest] = field(default_factory=list)
    invites: list[Invite] = field(default_factory=list)
    has_pending_request: bool = False


def members(*, club: Club) -> list[MemberRow]:
    rank = Case(
        When(role=Membership.Role.ADMIN, then=Value(0)),
        When(role=Membership.Role.MODERATOR, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    rows = Membership.objects.filter(club=club).select_related("user__profile").order_by(rank, "joined_at")
    return [
        MemberRow(
            user_id=m.user_id,
            name=_name(m.user),
            role=str(m.get_role_display()),
            is_admin=m.role == Membership.Role.ADMIN,
            joined_at=m.joined_at,
            role_value=m.role,
        )
        for m in rows
    ]


def _name(user: Any) -> str:
    profile = getattr(user, "profile", None)
    return profile.display_name if profile is not None else user.get_username()


def club_games(
    *, club: Club, status: str | None = None, limit: int = 20, rematches: bool = False
) -> list[ClubGameRow]:
    """The club's games of one status (or, `rematches`, its games that replay one of its games, of
    any status but abandoned), newest first, with players; two queries."""
    order = "-finished_at" if status == Game.Status.FINISHED else "-created_at"
    games_of = Game.objects.filter(club=club)
    if status is not None:
        games_of = games_of.filter(status=status)
    if rematches:
        games_of = games_of.filter(rematch_of__club=club).exclude(status=Game.Status.ABANDONED)
    games = list(
        games_of.defer("snapshot").select_related("league_table__round__season").order_by(order)[:limit]
    )
    seats = Seat.objects.filter(game__in=games).select_related("user__profile").order_by("place", "index")
    by_game: dict[int, list[tuple[str, int | None]]] = {g.pk: [] for g in games}
    for seat in seats:
        by_game[seat.game_id].append((seat_name(seat) if seat.bot else _name(seat.user), seat.place))
    rows = []
    for g in games:
        table = getattr(g, "league_table", None)
        league = (
            _("%(season)s, round %(number)d")
            % {"season": table.round.season.name, "number": table.round.number}
            if table is not None
            else ""
        )
        rows.append(
            ClubGameRow(
                game_id=g.pk,
                name=engine.get_game(g.slug).name,
                status=g.status,
                players=by_game[g.pk],
                finished_at=g.finished_at,
                league=league,
                rematch_of=g.rematch_of_id,
                status_label=str(g.get_status_display()),
            )
        )
    return rows


def club_page(*, slug: str, user: User) -> ClubPage:
    """The club page: everyone sees the name and description; members see the rest."""
    club = get_club(slug=slug)
    membership = (
        Membership.objects.filter(club=club, user_id=user.pk).first() if user.is_authenticated else None
    )
    page = ClubPage(
        club=club,
        is_member=membership is not None,
        is_admin=membership is not None and membership.role == Membership.Role.ADMIN,
        is_moderator=membership is not None and membership.role in MODERATING_ROLES,
    )
    if membership is None:
        page.has_pending_request = (
            user.is_authenticated
            and JoinRequest.objects.filter(
                club=club, user_id=user.pk, status=JoinRequest.Status.PENDING
            ).exists()
        )
        return page
    page.members = members(club=club)
    page.open = club_games(club=club, status="open")
    page.running = club_games(club=club, status="running")
    page.recent = club_games(club=club, status="finished", limit=10)
    if page.is_moderator:
        page.open_reports = _reports_for(club, user).filter(status=Report.Status.OPEN).count()
    page.rematches = club_games(club=club, rematches=True, limit=10)
    if page.is_admin:
        page.pending_requests = list(
            JoinRequest.objects.filter(club=club, status=JoinRequest.Status.PENDING).select_related(
                "user__profile"
            )
        )
        page.invites = list(Invite.objects.filter(club=club, revoked_at__isnull=True, used_at__isnull=True))
    return page


def clubs_of(*, user: User) -> list[Club]:
    if not user.is_authenticated:
        return []
    return list(Club.objects.filter(memberships__user_id=user.pk).order_by("name"))


def all_clubs() -> list[Club]:
    return list(Club.objects.order_by("name"))


def organises_game(*, game: Any, user: User) -> bool:
    """A club's admins and moderators organise the club's games (`games.hooks.is_organiser`)."""
    return can_manage_seats(club_id=getattr(game, "club_id", None), user=user)


# -- reports ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReportRow:
    id: int
    reported_id: int
    reported: str
    reporter: str
    reason: str
    details: str
    #: The reported message's text as it was, its game, and whether it is hidden now.
    message_text: str
    message_id: int | None
    game_id: int | None
    message_hidden: bool
    #: Whether the message belongs to one of the club's games (its moderators may hide it).
    can_hide: bool
    status: str
    status_label: str
    created_at: datetime
    handled_by: str
    note: str


def _private_talk_of_running_tables(user: User) -> Q:
    """Reports of a private message of a running game at which `user` holds or held a seat."""
    games = set(
        Seat.objects.filter(user_id=user.pk, game__status=Game.Status.RUNNING).values_list(
            "game_id", flat=True
        )
    ) | set(
        SeatChange.objects.filter(from_user_id=user.pk, game__status=Game.Status.RUNNING).values_list(
            "game_id", flat=True
        )
    )
    return Q(message__recipient_seat__isnull=False, message__game_id__in=games)


def reports_readable(*, user: User) -> QuerySet[Report]:
    """The reports `user` may read, as a moderator of their club or as the site's staff: none
    about `user`, and none of a private message of a game `user` plays (or played) while that game
    runs: a report must not show a player private talk of their own table (perhaps to them).
    Once the game is over, such a report is read like any other."""
    return Report.objects.exclude(reported_id=user.pk).exclude(_private_talk_of_running_tables(user))


def _reports_for(club: Club, user: User) -> QuerySet[Report]:
    """The club's reports a moderator may see (`reports_readable`)."""
    return reports_readable(user=user).filter(club=club)


#: Who reads a report of a chat message (`report_readers`).
CLUB, CLUB_NOT_AT_TABLE, STAFF_ONLY, STAFF = "club", "club_not_at_table", "staff_only", "staff"


def report_readers(*, message: Any) -> str:
    """Who will read a report of `message` (a ChatMessage), for the reporter to be told: the
    moderators and admins of its game's club and the site's staff (CLUB); for private talk of a
    running game, only those of them who do not play at that table (CLUB_NOT_AT_TABLE), or the
    site's staff alone when every one of them plays there (STAFF_ONLY); with no club, the site's
    staff (STAFF)."""
    game = message.game
    if game.club_id is None:
        return STAFF
    if not message.is_private or game.status != Game.Status.RUNNING:
        return CLUB
    at_table = set(
        Seat.objects.filter(game=game, user__isnull=False).values_list("user_id", flat=True)
    ) | set(
        SeatChange.objects.filter(game=game, from_user__isnull=False).values_list("from_user_id", flat=True)
    )
    others = Membership.objects.filter(club_id=game.club_id, role__in=MODERATING_ROLES).exclude(
        user_id__in=at_table
    )
    return CLUB_NOT_AT_TABLE if others.exists() else STAFF_ONLY


def club_reports(
    *, club: Club, user: User, status: str = Report.Status.OPEN, limit: int = 100
) -> list[ReportRow]:
    """The club's reports of one status for its moderators and admins, newest first (a report
    about the reader is never among them); Forbidden for anyone else. One query."""
    if not is_moderator(club_id=club.pk, user=user):
        raise Forbidden(_("Only the club's moderators and admins can do that."))
    rows = (
        _reports_for(club, user)
        .filter(status=status)
        .select_related("reported__profile", "reporter__profile", "handled_by__profile", "message__game")
    )[:limit]
    return [
        ReportRow(
            id=r.pk,
            reported_id=r.reported_id,
            reported=_name(r.reported),
            reporter=_name(r.reporter) if r.reporter is not None else "—",
            reason=str(r.get_reason_display()),
            details=r.details,
            message_text=r.message_text,
            message_id=r.message_id,
            game_id=r.message.game_id if r.message is not None else None,
            message_hidden=r.message is not None and r.message.hidden,
            can_hide=r.message is not None and r.message.game.club_id == club.pk and not r.message.hidden,
            status=r.status,
            status_label=str(r.get_status_display()),
            created_at=r.created_at,
            handled_by=_name(r.handled_by) if r.handled_by is not None else "",
            note=r.note,
        )
        for r in rows
    ]


def shared_clubs(*, user: User, other_id: int) -> list[Club]:
    """The clubs both `user` and the player `other_id` belong to (where a report may go)."""
    if not user.is_authenticated:
        return []
    return list(
        Club.objects.filter(memberships__user_id=user.pk)
        .filter(memberships__user_id=other_id)
        .order_by("name")
    )
