"""Every write to clubs rows. Keyword-only, atomic; refusals raise `refusals.errors.Refusal`.

Moderation (reports, hiding a reported message) is at the end: moderators and admins of a club
handle its reports; the site's staff handle every report in the admin."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.selectors import display_name
from chat import selectors as chat_selectors
from chat import services as chat_services
from notifications.models import Kind
from notifications.outbox import queue_invitation, queue_notice
from refusals.errors import Conflict, Forbidden, Invalid, NotFound

from . import selectors
from .models import Club, Invite, JoinRequest, Membership, Report


def _locked_club(club_id: int) -> Club:
    try:
        return Club.objects.select_for_update().get(pk=club_id)
    except (Club.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no such club.")) from None


def _membership(club: Club, user: AbstractBaseUser) -> Membership | None:
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(club=club, user=user).first()


#: Why a member who is not an admin is refused an admin's page or button.
ADMINS_ONLY = gettext_lazy("Only the club's admins can do that.")


def require_admin(club: Club, user: AbstractBaseUser) -> Membership:
    membership = _membership(club, user)
    if membership is None or membership.role != Membership.Role.ADMIN:
        raise Forbidden(ADMINS_ONLY)
    return membership


def require_moderator(club: Club, user: AbstractBaseUser) -> Membership:
    """A moderator or an admin of the club (admins may do all that moderators may)."""
    membership = _membership(club, user)
    if membership is None or membership.role not in (Membership.Role.ADMIN, Membership.Role.MODERATOR):
        raise Forbidden(_("Only the club's moderators and admins can do that."))
    return membership


def require_member(club: Club, user: AbstractBaseUser) -> Membership:
    membership = _membership(club, user)
    if membership is None:
        raise Forbidden(_("Only members of this club can do that."))
    return membership


@transaction.atomic
def club_create(
    *, user: AbstractBaseUser, name: str, description: str = "", join_policy: str = Club.JoinPolicy.REQUEST
) -> Club:
    """A new club with its creator as its first admin."""
    name = " ".join(name.split())
    slug = slugify(name)
    if not name or not slug:
        raise Invalid(_("Give the club a name with letters or digits."))
    if join_policy not in Club.JoinPolicy.values:
        raise Invalid(_("Unknown joining policy."))
    if Club.objects.filter(slug=slug).exists() or Club.objects.filter(name__iexact=name).exists():
        raise Conflict(_("A club with that name already exists."))
    try:
        with transaction.atomic():
            club = Club.objects.create(
                name=name, slug=slug, description=description, join_policy=join_policy, created_by=user
            )
    except IntegrityError:
        raise Conflict(_("A club with that name already exists.")) from None
    Membership.objects.create(club=club, user=user, role=Membership.Role.ADMIN)
    return club


@transaction.atomic
def club_update(*, club_id: int, user: AbstractBaseUser, description: str, join_policy: str) -> Club:
    club = _locked_club(club_id)
    require_admin(club, user)
    if join_policy not in Club.JoinPolicy.values:
        raise Invalid(_("Unknown joining policy."))
    club.description, club.join_policy = description, join_policy
    club.save(update_fields=["description", "join_policy"])
    return club


# -- invitations ------------------------------------------------------------------------------
@transaction.atomic
def invite_link_create(*, club_id: int, user: AbstractBaseUser) -> Invite:
    """A reusable invite link (revoke it to stop it working)."""
    club = _locked_club(club_id)
    require_admin(club, user)
    return Invite.objects.create(club=club, created_by=user)


@transaction.atomic
def invite_email_send(*, club_id: int, user: AbstractBaseUser, email: str, link_for: Any) -> Invite:
    """A one-use invitation mailed to `email` through the notifications outbox (sent after the
    commit, within the daily limit of invitations per member: else InvitationLimit, nothing made).

    `link_for(invite)` builds the absolute accept URL (views know the host; services do not).
    """
    club = _locked_club(club_id)
    require_admin(club, user)
    email = email.strip()
    if "@" not in email:
        raise Invalid(_("Enter a valid email address."))
    invite = Invite.objects.create(club=club, created_by=user, email=email)
    context = {"club_name": club.name, "link": link_for(invite)}
    queue_invitation(kind=Kind.CLUB_INVITE, sent_by=user, to_email=email, context=context)
    return invite


@transaction.atomic
def invite_revoke(*, club_id: int, user: AbstractBaseUser, invite_id: int) -> None:
    club = _locked_club(club_id)
    require_admin(club, user)
    updated = Invite.objects.filter(club=club, pk=invite_id, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    if not updated:
        raise NotFound(_("There is no such invitation."))


@transaction.atomic
def invite_accept(*, token: str, user: AbstractBaseUser) -> Club:
    """Join the club an invite token belongs to; an emailed invite works once."""
    try:
        invite = Invite.objects.select_for_update().select_related("club").get(token=str(token))
    except Invite.DoesNotExist:
        raise NotFound(_("This invitation does not exist.")) from None
    if not invite.is_usable:
        raise Conflict(_("This invitation is no longer valid."))
    club = invite.club
    if _membership(club, user) is not None:
        return club
    Membership.objects.create(club=club, user=user)
    JoinRequest.objects.filter(club=club, user=user, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.ACCEPTED, decided_at=timezone.now()
    )
    if invite.email:
        invite.used_by, invite.used_at = user, timezone.now()
        invite.save(update_fields=["used_by", "used_at"])
    return club


# -- join requests ----------------------------------------------------------------------------
@transaction.atomic
def join_request_create(*, club_id: int, user: AbstractBaseUser, message: str = "") -> JoinRequest:
    club = _locked_club(club_id)
    if club.join_policy != Club.JoinPolicy.REQUEST:
        raise Forbidden(_("This club takes new members by invitation only."))
    if _membership(club, user) is not None:
        raise Conflict(_("You are already a member."))
    if JoinRequest.objects.filter(club=club, user=user, status=JoinRequest.Status.PENDING).exists():
        raise Conflict(_("You have already asked to join; an admin will answer."))
    join_request = JoinRequest.objects.create(club=club, user=user, message=message[:500])
    context = {
        "player": display_name(user),
        "club_name": club.name,
        "club_path": reverse("clubs:detail", args=[club.slug]),
        "message": join_request.message,
    }
    admins = Membership.objects.filter(club=club, role=Membership.Role.ADMIN)
    for admin_id in admins.values_list("user_id", flat=True):
        queue_notice(
            kind=Kind.JOIN_REQUEST,
            user_id=admin_id,
            game=None,
            seat_index=None,
            context=context,
            dedupe_key=f"join_request:{join_request.pk}:{admin_id}",
        )
    return join_request


@transaction.atomic
def join_request_decide(
    *, club_id: int, user: AbstractBaseUser, request_id: int, accept: bool
) -> JoinRequest:
    club = _locked_club(club_id)
    require_admin(club, user)
    try:
        join_request = JoinRequest.objects.select_for_update().get(
            club=club, pk=request_id, status=JoinRequest.Status.PENDING
        )
    except (JoinRequest.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no such request.")) from None
    join_request.status = JoinRequest.Status.ACCEPTED if accept else JoinRequest.Status.DECLINED
    join_request.decided_by, join_request.decided_at = user, timezone.now()
    join_request.save(update_fields=["status", "decided_by", "decided_at"])
    if accept:
        Membership.objects.get_or_create(club=club, user_id=join_request.user_id)
    queue_notice(
        kind=Kind.JOIN_DECIDED,
        user_id=join_request.user_id,
        game=None,
        seat_index=None,
        context={
            "club_name": club.name,
            "club_path": reverse("clubs:detail", args=[club.slug]),
            "accepted": accept,
        },
        dedupe_key=f"join_decided:{join_request.pk}",
    )
    return join_request


# -- members ----------------------------------------------------------------------------------
@transaction.atomic
def member_set_role(*, club_id: int, user: AbstractBaseUser, member_id: int, role: str) -> Membership:
    """An admin makes a member admin, moderator or plain member; the last admin cannot step down."""
    club = _locked_club(club_id)
    require_admin(club, user)
    if role not in Membership.Role.values:
        raise Invalid(_("Unknown role."))
    membership = _member_row(club, member_id)
    if role != Membership.Role.ADMIN and membership.role == Membership.Role.ADMIN:
        _keep_an_admin(club, membership)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def member_remove(*, club_id: int, user: AbstractBaseUser, member_id: int) -> None:
    """An admin removes a member, or a member (`member_id` = their own id) leaves."""
    club = _locked_club(club_id)
    if member_id != user.pk:
        require_admin(club, user)
    membership = _member_row(club, member_id)
    if membership.role == Membership.Role.ADMIN:
        _keep_an_admin(club, membership)
    membership.delete()


def _member_row(club: Club, member_id: int) -> Membership:
    try:
        return Membership.objects.select_for_update().get(club=club, user_id=member_id)
    except (Membership.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("That person is not a member.")) from None


def _keep_an_admin(club: Club, leaving: Membership) -> None:
    others = Membership.objects.filter(club=club, role=Membership.Role.ADMIN).exclude(pk=leaving.pk)
    if not others.exists():
        raise Conflict(_("A club needs at least one admin: make someone else admin first."))


# -- reports and moderation -------------------------------------------------------------------
def _lock_user(user: AbstractBaseUser) -> None:
    """Serialise one user's writes of a kind (two reports sent at once make one)."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


@transaction.atomic
def report_create(
    *,
    reporter: AbstractBaseUser,
    reason: str,
    details: str = "",
    reported_id: int | None = None,
    message_id: int | None = None,
    club_id: int | None = None,
) -> Report:
    """Report a chat message (`message_id`: one the reporter may read; its game's club, if any,
    hears of it) or a player (`reported_id`; `club_id`: a club both belong to, else the site's
    staff alone). The same open report twice is refused."""
    _lock_user(reporter)
    if reason not in Report.Reason.values:
        raise Invalid(_("Choose a reason."))
    details = (details or "").strip()[:2000]
    message = None
    club = None
    if message_id is not None:
        message = chat_selectors.readable_message(message_id=message_id, user=reporter)
        if message is None:
            raise NotFound(_("There is no such message."))
        reported = message.author
        club = message.game.club
    else:
        User = get_user_model()
        try:
            reported = User.objects.get(pk=int(reported_id))  # type: ignore[arg-type]
        except (User.DoesNotExist, ValueError, TypeError):
            raise NotFound(_("There is no such player.")) from None
        if club_id is not None:
            shared = Membership.objects.filter(club_id=club_id, user_id__in=[reporter.pk, reported.pk])
            if shared.count() != 2:
                raise Invalid(_("Report to a club you both belong to, or to the site's staff."))
            club = Club.objects.get(pk=club_id)
    if reported.pk == reporter.pk:
        raise Invalid(_("You cannot report yourself."))
    duplicate = Report.objects.filter(
        reporter=reporter, reported=reported, message=message, status=Report.Status.OPEN
    )
    if duplicate.exists():
        raise Conflict(_("You have already reported this; the moderators will look at it."))
    return Report.objects.create(
        reporter=reporter,
        reported=reported,
        club=club,
        message=message,
        message_text=message.text if message is not None else "",
        reason=reason,
        details=details,
    )


@transaction.atomic
def report_handle(
    *,
    report_id: int,
    user: AbstractBaseUser,
    outcome: str,
    note: str = "",
    hide_message: bool = False,
    as_staff: bool = False,
    club_id: int | None = None,
) -> Report:
    """A moderator or admin of the report's club (or, `as_staff`, the site's staff) closes an open
    report as dealt with or dismissed, and may hide the reported message (a message of one of the
    club's games). Nobody handles a report about themselves: to them it does not exist. With
    `club_id` (the page it was handled from) the report must be that club's. A report the user
    may not read (`selectors.reports_readable`: private talk of a running game they play) does
    not exist for them either."""
    try:
        report = Report.objects.select_for_update().get(pk=int(report_id))
    except (Report.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no such report.")) from None
    if club_id is not None and report.club_id != club_id:
        raise NotFound(_("There is no such report."))
    if not selectors.reports_readable(user=user).filter(pk=report.pk).exists():
        raise NotFound(_("There is no such report."))
    if as_staff:
        if not user.is_staff:
            raise Forbidden(_("Only the site's staff can do that."))
    else:
        if report.club is None:
            raise NotFound(_("There is no such report."))
        require_moderator(report.club, user)
    if report.status != Report.Status.OPEN:
        raise Conflict(_("This report has already been handled."))
    if outcome not in (Report.Status.RESOLVED, Report.Status.DISMISSED):
        raise Invalid(_("Choose what to do with the report."))
    if hide_message:
        if report.message_id is None:
            raise Invalid(_("This report is about a player, not a message."))
        if not as_staff and report.message.game.club_id != report.club_id:
            raise Forbidden(_("Only the site's staff can hide messages outside the club's games."))
        chat_services.message_set_hidden(message_id=report.message_id, hidden=True)
    report.status = outcome
    report.note = (note or "").strip()[:500]
    report.handled_by, report.handled_at = user, timezone.now()
    report.save(update_fields=["status", "note", "handled_by", "handled_at"])
    return report
