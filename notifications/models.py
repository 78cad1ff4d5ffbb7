"""The outbox and the rows deadlines and email play need.

- `Notification`: one mail to send, written in the same transaction as the write that causes it,
  with a unique `dedupe_key`; the send task moves it PENDING -> SENDING -> SENT (or SKIPPED,
  DIGESTED, CANCELLED, FAILED). `send_after` holds mails for quiet hours, reminders and retries.
- `Prompt`: one decision a seat is asked for (the game version it was issued at, the legal actions
  then, the deadline). Signed links and reply addresses point at it; it is spent once used.
- `SeatStatus`: a seat's open prompt (the idle ladder and absence are games': `games.models.Seat`).
- `GameMute`, `Vacation`: a user's per-game mute and their days away.
- `AddressStatus`: what bounces said of an address (`bounces`): undeliverable, soft bounces in a row.

Rows are written only by this app's job modules (`outbox`, `progress`, `prompts`, `answers`,
`preferences`, `inbound`, `bounces`); the game writes they follow up are games' own `games.models.GameWrite`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    PROMPT = "prompt", _("Your turn")
    REMINDER = "reminder", _("Reminder")
    GAME_START = "game_start", _("Game started")
    GAME_END = "game_end", _("Game over")
    DIGEST = "digest", _("Daily digest")
    REPLY_OK = "reply_ok", _("Move by email played")
    REPLY_ERROR = "reply_error", _("Move by email refused")
    ACCOUNT = "account", _("Account email")
    ABSENT = "absent", _("Marked absent")
    #: A private message to the player at a table (written by chat through `games.hooks.send_notice`).
    MESSAGE = "message", _("Message")
    INVITATION = "invitation", _("Invitation")
    ADDRESS_CHECK = "address_check", _("Address check")
    #: A trade offered to the player's seat (`progress`, from that seat's view).
    TRADE_OFFER = "trade_offer", _("Trade offer")
    #: A browser push of a prompt ("Your move in <game>"), sent to the player's subscriptions (`push`).
    PUSH = "push", _("Browser notification")
    #: The day before a vacation ends (`preferences.mail_vacations_ending`).
    VACATION_ENDS = "vacation_ends", _("Vacation ends")
    #: Invitations, rendered when sent in the recipient's language (the inviter's for an address
    #: with no account): `outbox.queue_invitation`, within the inviter's daily limit.
    GAME_INVITE = "game_invite", _("Invitation to a game")
    REMATCH = "rematch", _("Same table again")
    CLUB_INVITE = "club_invite", _("Invitation to a club")
    #: What happened to a game or a seat of the player's (games, through `games.hooks.send_notice`).
    GAME_ABANDONED = "game_abandoned", _("Game abandoned")
    SEAT_OFFERED = "seat_offered", _("Seat offered to substitutes")
    SEAT_HANDED = "seat_handed", _("Seat handed on")
    #: A club's join requests (clubs): to its admins, and the answer to the player.
    JOIN_REQUEST = "join_request", _("Request to join a club")
    JOIN_DECIDED = "join_decided", _("Answer to a join request")


#: Invitations, counted together against the inviter's daily limit (`INVITATION`: rows written
#: rendered, before invitations were rendered when sent).
INVITATION_KINDS = {Kind.INVITATION, Kind.GAME_INVITE, Kind.REMATCH, Kind.CLUB_INVITE}
#: Kinds that the per-user turn preference (each / digest / none) governs.
TURN_KINDS = {Kind.PROMPT, Kind.REMINDER}
#: What others did that concerns the player (a trade offered, a private message): the turn
#: preference governs them too (each: a mail of its own; digest: a line in the daily digest).
ANNOUNCE_KINDS = {Kind.TRADE_OFFER, Kind.MESSAGE}
#: Kinds that are not mail (no address, bounces do not stop them, nor opting out of mail).
NOT_MAIL_KINDS = {Kind.PUSH}
#: Kinds sent whatever the game preferences say (the user asked for them or they are account mail).
ALWAYS_KINDS = {Kind.ACCOUNT, Kind.REPLY_OK, Kind.REPLY_ERROR, Kind.ADDRESS_CHECK}
#: Kinds sent even to an address that bounced: account mail (sign-in codes, a new address's
#: verification) and the check a player asked for.
TO_UNDELIVERABLE_KINDS = {Kind.ACCOUNT, Kind.ADDRESS_CHECK}


class Status(models.TextChoices):
    PENDING = "pending", _("Pending")
    SENDING = "sending", _("In flight")
    SENT = "sent", _("Sent")
    SKIPPED = "skipped", _("Skipped (preferences)")
    DIGEST = "digest", _("Waiting for the digest")
    DIGESTED = "digested", _("Sent in a digest")
    CANCELLED = "cancelled", _("Cancelled (no longer relevant)")
    FAILED = "failed", _("Failed")


class Notification(models.Model):
    kind = models.CharField(max_length=16, choices=Kind.choices)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    dedupe_key = models.CharField(max_length=200, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    #: Allauth mails may go to an address no user has yet; game mails use the user's address.
    to_email = models.EmailField(blank=True)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    seat_index = models.PositiveSmallIntegerField(null=True, blank=True)
    prompt = models.ForeignKey("Prompt", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    #: Who had it sent (invitations: the daily limit counts them per member).
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: Template context built from the seat's view only (JSON); rendered when sent.
    context = models.JSONField(default=dict, blank=True)
    #: Pre-rendered mails (allauth's): sent as they are.
    subject = models.CharField(max_length=300, blank=True)
    body_text = models.TextField(blank=True)
    body_html = models.TextField(blank=True)
    send_after = models.DateTimeField()
    enqueued_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["send_after"],
                condition=Q(status="pending"),
                name="notif_pending_idx",
            ),
            models.Index(fields=["claimed_at"], condition=Q(status="sending"), name="notif_inflight_idx"),
            models.Index(fields=["user", "status"], name="notif_user_status_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} to user {self.user_id} ({self.status})"


class Prompt(models.Model):
    """A decision a seat was asked for; signed links and reply addresses name it."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat_index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    #: The game version the prompt was made for; links act with it.
    version = models.PositiveIntegerField()
    #: The latest game version at which the prompt was found unchanged (other seats may have acted
    #: since it was issued without changing this seat's choices); links act with this version.
    valid_version = models.PositiveIntegerField()
    #: The legal actions at that version, in the order the mail numbers them.
    actions = models.JSONField(default=list)
    issued_at = models.DateTimeField()
    #: The seat's deadline; links expire then (kept in step when the deadline moves).
    due_at = models.DateTimeField(null=True, blank=True)
    #: Set once a link or a reply acted on it.
    used_at = models.DateTimeField(null=True, blank=True)
    #: Set when the seat is no longer asked this (it acted, the deadline played, a new prompt).
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat_index", "version"], name="prompt_unique"),
        ]

    def __str__(self) -> str:
        return f"prompt {self.pk}: game {self.game_id} seat {self.seat_index} v{self.version}"


class SeatStatus(models.Model):
    """A seat's open prompt: the decision it was last asked by mail (the idle ladder and absence
    are games' own: `games.models.Seat`)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    seat_index = models.PositiveSmallIntegerField()
    open_prompt = models.ForeignKey(
        Prompt, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat_index"], name="seat_status_unique"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat_index}: prompt {self.open_prompt_id}"


class GameMute(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="game_mute_unique")]

    def __str__(self) -> str:
        return f"user {self.user_id} muted game {self.game_id}"


class Vacation(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    #: Set when the user comes back early; the unused days return to the budget.
    ended_early_at = models.DateTimeField(null=True, blank=True)
    #: Whether the deadlines of the player's waiting seats were moved by it: at once for a vacation
    #: taken now, when it begins for one booked ahead (`preferences.begin_booked_vacations`).
    deadlines_moved = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["user", "ends_at"], name="vacation_user_idx")]

    def __str__(self) -> str:
        return f"vacation of user {self.user_id}: {self.starts_at:%Y-%m-%d} to {self.ends_at:%Y-%m-%d}"


class AddressStatus(models.Model):
    """What delivery reports told of one address (stored lower-cased, as `User.email` compares).

    A hard bounce, or NOTIFICATIONS_SOFT_BOUNCES_TO_HARD soft ones in a row, marks it undeliverable:
    no game mail goes to it until its owner changes the address or confirms it (`bounces`).
    """

    email = models.CharField(max_length=254, unique=True)
    undeliverable_since = models.DateTimeField(null=True, blank=True)
    #: Soft bounces since the last delivery or hard bounce.
    soft_bounces = models.PositiveSmallIntegerField(default=0)
    last_event_at = models.DateTimeField(null=True, blank=True)
    #: The mail server's words of the last bounce (for the admin; the player is told no more
    #: than that mail does not reach them).
    last_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name_plural = "address statuses"

    def __str__(self) -> str:
        state = "undeliverable" if self.undeliverable_since else f"{self.soft_bounces} soft bounces"
        return f"{self.email}: {state}"


class PushSubscription(models.Model):
    """One browser's Web Push subscription of a user (the endpoint and keys its push service gave
    it); deleted when the user turns pushes off there, or when the push service says it is gone."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of user {self.user_id}"

    @property
    def info(self) -> dict[str, object]:
        """What pywebpush takes."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
