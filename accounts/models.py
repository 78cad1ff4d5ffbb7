"""Per-user settings (Profile) and personal API tokens (ApiToken).

Both are written only through accounts.services and read through accounts.selectors.
"""

import datetime as dt
import zoneinfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from .names import normalise, skeleton

DISPLAY_NAME_MAX_LENGTH = 40


def validate_time_zone(value: str) -> None:
    """Accept only IANA zone names that zoneinfo can load (e.g. "Europe/Budapest")."""
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
        raise ValidationError(_("%(value)s is not a known time zone."), params={"value": value}) from None


class Language(models.TextChoices):
    ENGLISH = "en", "English"
    HUNGARIAN = "hu", "Magyar"
    CZECH = "cs", "Čeština"


class NotifyMode(models.TextChoices):
    EACH = "each", _("An email for each turn")
    DIGEST = "digest", _("One daily digest")
    NONE = "none", _("No turn emails")


class ProfileQuerySet(models.QuerySet["Profile"]):
    def named_like(self, name: str) -> "ProfileQuerySet":
        """Profiles whose display name is `name` or looks like it (`names.skeleton`: case, spaces,
        invisible characters and look-alike letters from other scripts ignored)."""
        return self.filter(models.Q(name_key=skeleton(name)) | models.Q(display_name__iexact=normalise(name)))


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(
        _("display name"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        help_text=_("Shown to other players instead of your email address."),
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="UTC", validators=[validate_time_zone]
    )
    language = models.CharField(_("language"), max_length=8, choices=Language, default=Language.ENGLISH)
    notify_mode = models.CharField(
        _("turn notifications"), max_length=8, choices=NotifyMode, default=NotifyMode.EACH
    )
    quiet_hours_start = models.TimeField(
        _("quiet hours start"), null=True, blank=True, help_text=_("In your time zone.")
    )
    quiet_hours_end = models.TimeField(_("quiet hours end"), null=True, blank=True)
    email_opt_out = models.BooleanField(
        _("no game email at all"),
        default=False,
        help_text=_("Account emails (sign-in codes, password resets) are still sent."),
    )
    #: `accounts.names.skeleton(display_name)`: names that look alike share it (the uniqueness check).
    name_key = models.CharField(max_length=160, db_index=True, default="", editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ProfileQuerySet.as_manager()

    class Meta:
        constraints = [
            # Case-insensitively unique, so nobody can pose as another player at a hidden-information table.
            models.UniqueConstraint(
                Lower("display_name"),
                name="accounts_profile_display_name_ci_unique",
                violation_error_message=_("Another player already uses that display name."),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    def save(self, *args, **kwargs) -> None:
        self.name_key = skeleton(self.display_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def clean(self) -> None:
        if (self.quiet_hours_start is None) != (self.quiet_hours_end is None):
            raise ValidationError(_("Give both ends of the quiet hours, or neither."))
        if self.quiet_hours_start is not None and self.quiet_hours_start == self.quiet_hours_end:
            raise ValidationError(_("Quiet hours must start and end at different times."))

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.time_zone)

    def in_quiet_hours(self, when: dt.datetime) -> bool:
        """Whether the aware datetime `when` falls in the quiet hours, read in the user's time zone.

        Quiet hours may wrap midnight (22:00-07:00). The start is inside, the end is not.
        """
        start, end = self.quiet_hours_start, self.quiet_hours_end
        if start is None or end is None:
            return False
        local = when.astimezone(self.zone).time().replace(tzinfo=None)
        if start < end:
            return start <= local < end
        return local >= start or local < end


class ApiTokenQuerySet(models.QuerySet["ApiToken"]):
    def active(self) -> "ApiTokenQuerySet":
        return self.filter(revoked_at__isnull=True)


class ApiToken(models.Model):
    """A personal bearer token for the JSON API. Only a SHA-256 of the secret is stored."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=60)
    prefix = models.CharField(max_length=16, db_index=True, editable=False)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class Block(models.Model):
    """`blocker` does not play with, hear from or get private messages from `blocked`.

    Games refuse a seat to either of them while the other sits at the table (both ways: a blocked
    player cannot join your games, nor you theirs); the table chat hides the blocked player's
    messages from the blocker and refuses private messages between them. Written only through
    `accounts.services.block_user` / `unblock_user`.
    """

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_unique"),
            models.CheckConstraint(condition=~models.Q(blocker=models.F("blocked")), name="block_not_self"),
        ]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"
