"""Clubs: members, admins, invitations and join requests.

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
