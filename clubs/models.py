"""Clubs: members, admins and moderators, invitations, join requests and reports.

Rows are written only by `clubs.services`; reads go through `clubs.selectors`. A club's games
are `games.Game` rows with `club` set and visibility "club": only members see them.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Club(models.Model):
    class JoinPolicy(models.TextChoices):
        REQUEST = "request", _("Anyone may ask to join; an admin decides")
        INVITE = "invite", _("By invitation only")

    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    description = models.TextField(_("description"), blank=True, max_length=2000)
    join_policy = models.CharField(
        _("joining"), max_length=16, choices=JoinPolicy.choices, default=JoinPolicy.REQUEST
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="clubs_created"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        ADMIN = "admin", _("Admin")
        #: Between admin and member: hides chat messages of the club's games, handles the club's
        #: reports and opens seats for substitutes (`selectors.is_moderator`, `can_manage_seats`).
        MODERATOR = "moderator", _("Moderator")
        MEMBER = "member", _("Member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_unique")]
        ordering = ["joined_at"]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.club_id} ({self.role})"


class Invite(models.Model):
    """A link anyone may use until revoked (no email), or a one-use invitation mailed to `email`."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    email = models.EmailField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"invite to {self.club_id} ({self.email or 'link'})"

    @property
    def is_usable(self) -> bool:
        return self.revoked_at is None and not (self.email and self.used_at)


class JoinRequest(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    message = models.CharField(_("message"), max_length=500, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"], condition=Q(status="pending"), name="join_request_one_pending"
            )
        ]
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.user_id} asks to join {self.club_id}"


class Report(models.Model):
    """A player, or one chat message of theirs, reported to a club's moderators and admins (when
    `club` is set) and always to the site's staff (the admin's moderation queue).

    Never shown to the reported player: the club's reports page and the admin leave out reports
    about the reader (`selectors.club_reports`, `admin.ReportAdmin`). Written only by
    `clubs.services.report_create` / `report_handle`.
    """

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("Abusive or hateful words")
        CHEATING = "cheating", _("Cheating or collusion")
        SPAM = "spam", _("Spam or advertising")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Dealt with")
        DISMISSED = "dismissed", _("Dismissed")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="reports_made"
    )
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    #: The club whose moderators see it; null: the site's staff only.
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports")
    #: The reported chat message, if a message was reported.
    message = models.ForeignKey(
        "chat.ChatMessage", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The message's text when reported (the record, should the message go).
    message_text = models.TextField(blank=True)
    reason = models.CharField(_("reason"), max_length=16, choices=Reason.choices)
    details = models.TextField(_("details"), blank=True, max_length=2000)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    #: What the moderator did or why they dismissed it (for the other moderators).
    note = models.CharField(_("note"), max_length=500, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["club", "status"], name="report_club_status_idx")]

    def __str__(self) -> str:
        return f"report {self.pk} on {self.reported_id} ({self.status})"
