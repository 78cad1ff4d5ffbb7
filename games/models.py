"""A game is its seed plus its action log; the snapshot is a cache of replaying them.

Rows are written only by `games.services`; pages and the API read them through
`games.selectors`, which hand templates the per-seat engine view and never the snapshot.
`GameWrite` rows are games' note of a write whose follow-up (another app's) is still to do.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

import engine


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


def new_seed() -> int:
    """Server-side randomness for a game's seed; fits a signed 64-bit column."""
    return secrets.randbits(62)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")

    class Pace(models.TextChoices):
        HOURS_12 = "12h", _("12 hours per decision")
        HOURS_24 = "24h", _("24 hours per decision")
        HOURS_72 = "72h", _("72 hours per decision")
        #: A shorter deadline for a small question (a decision of a *minor* kind, as the engine
        #: says: answering a swap, joining a fight, ...): see MINOR_DELTAS.
        HOURS_12_MINOR_3 = "12h/3h", _("12 hours per decision, 3 for a small question")
        HOURS_24_MINOR_6 = "24h/6h", _("24 hours per decision, 6 for a small question")
        HOURS_72_MINOR_12 = "72h/12h", _("72 hours per decision, 12 for a small question")
        #: A chess-clock bank per seat: see BANK_START, BANK_INCREMENT and BANK_CAP.
        BANK = "bank", _("Time bank: 3 days, +12 hours per decision, up to 7 days")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public")
        PRIVATE = "private", _("Private (invite link)")
        #: Seen and joined only by members of `club` (clubs app).
        CLUB = "club", _("Club members only")

    PACE_DELTAS = {
        Pace.HOURS_12: timedelta(hours=12),
        Pace.HOURS_24: timedelta(hours=24),
        Pace.HOURS_72: timedelta(hours=72),
        Pace.HOURS_12_MINOR_3: timedelta(hours=12),
        Pace.HOURS_24_MINOR_6: timedelta(hours=24),
        Pace.HOURS_72_MINOR_12: timedelta(hours=72),
        Pace.BANK: timedelta(days=3),  # the start bank (a deadline set after a vacation, say)
    }
    #: The time for a decision of a minor kind, in the paces that give one less time.
    MINOR_DELTAS = {
        Pace.HOURS_12_MINOR_3: timedelta(hours=3),
        Pace.HOURS_24_MINOR_6: timedelta(hours=6),
        Pace.HOURS_72_MINOR_12: timedelta(hours=12),
    }
    #: The time-bank pace: a seat starts with BANK_START; whenever it becomes waited for its bank
    #: gains BANK_INCREMENT (up to BANK_CAP) and its deadline is now + bank; the time a decision
    #: takes is spent from the bank (a timeout spends it all).
    BANK_START = timedelta(days=3)
    BANK_INCREMENT = timedelta(hours=12)
    BANK_CAP = timedelta(days=7)

    slug = models.CharField(_("game"), max_length=32)
    options = models.JSONField(_("options"), default=dict, blank=True)
    seed = models.BigIntegerField(default=new_seed)
    num_players = models.PositiveSmallIntegerField(_("players"))
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    #: Bumped by every write; clients send it back so a stale page cannot act twice.
    version = models.PositiveIntegerField(default=1)
    #: Number of actions in the log; the next action gets seq = move_count + 1.
    move_count = models.PositiveIntegerField(default=0)
    #: `engine.get_game(slug).to_json(state)` after the last action; null until started.
    snapshot = models.JSONField(null=True, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="games_created"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    pace = models.CharField(_("pace"), max_length=8, choices=Pace.choices, default=Pace.HOURS_24)
    visibility = models.CharField(
        _("visibility"), max_length=16, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    invite_token = models.CharField(max_length=64, unique=True, default=new_invite_token, editable=False)
    rated = models.BooleanField(_("rated"), default=True)
    #: The game starts by itself once its last seat is taken (`games.services.lobby.game_join`).
    auto_start = models.BooleanField(_("start when full"), default=False)
    #: A rated game stays rated when bots sit at it: whoever joins agrees to that in advance (the
    #: lobby and the table say so). Without it any bot seat makes the game unrated (ratings app).
    bots_rated = models.BooleanField(_("rated even with bots"), default=False)
    #: Minimum reliability (0-100 %) to take a seat (`hooks.reliability_percent`: the ratings app's
    #: share of decisions made before the deadline); null: anyone may. Players with no decision
    #: yet pass, as in league sign-ups.
    min_reliability = models.PositiveSmallIntegerField(
        _("minimum reliability (%)"), null=True, blank=True, validators=[MaxValueValidator(100)]
    )
    #: The club a club game (or league table) belongs to; see `hooks.can_see_game`.
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    #: Timeouts in a row after which a seat is marked absent (the idle ladder: `services.turns`);
    #: null: the site's default (`GAMES_IDLE_TIMEOUTS`).
    idle_limit = models.PositiveSmallIntegerField(null=True, blank=True)
    #: A quick game: every seat's minor kinds of decision go to its assistant unless its player
    #: changes that (`services.turns`).
    quick = models.BooleanField(_("quick game"), default=False)
    #: Whether players may hand decisions to their assistant (the game's bot, deciding from the
    #: seat's view) at this table; a league or club may forbid it for its rated games.
    assistants = models.BooleanField(_("assistants allowed"), default=True)
    #: The finished game this one replays with the same table ("same table again":
    #: `services.lobby.game_rematch`).
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )

    class Meta:
        indexes = [models.Index(fields=["status", "visibility", "-created_at"], name="game_lobby_idx")]

    def __str__(self) -> str:
        return f"{self.slug} #{self.pk} ({self.status})"

    @property
    def engine(self) -> engine.Game:
        return engine.get_game(self.slug)

    @property
    def pace_delta(self) -> timedelta:
        return self.PACE_DELTAS[self.Pace(self.pace)]

    def delta_for(self, *, minor: bool) -> timedelta:
        """The time a decision gets: the pace's, or its shorter one for a minor kind."""
        return self.MINOR_DELTAS.get(self.Pace(self.pace), self.pace_delta) if minor else self.pace_delta


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    #: The player; null while a bot holds the seat (`bot`).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )
    #: The bot that plays the seat (a name of `games.seats.BOT_NAMES`), "" for a person.
    bot = models.CharField(max_length=16, blank=True, default="")
    #: Offered to a substitute: another member may take the seat over (`services.seat_take`).
    offered = models.BooleanField(default=False)
    #: The game's move count when the seat's holder took it over (0: from the start); they read
    #: the moves before as a spectator does.
    held_since = models.PositiveIntegerField(default=0)
    #: Assigned at start by a server-side shuffle; null while the game is open.
    index = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    #: A resigned seat is auto-played with the engine's default action whenever waited for.
    resigned = models.BooleanField(default=False)
    #: Kept equal to `index in engine.to_act(state)` by the services after every write.
    waiting = models.BooleanField(default=False)
    due_at = models.DateTimeField(null=True, blank=True)
    #: Time-bank games only: the seat's bank as of its last prompt or decision; null before its
    #: first prompt (then it holds Game.BANK_START).
    time_bank = models.DurationField(null=True, blank=True)
    #: The seat's decision (games.decisions): the fingerprint of what it is asked now ("" when not
    #: waited for) and the game version at which that decision began.
    decision = models.CharField(max_length=32, blank=True, default="", editable=False)
    decision_since = models.PositiveIntegerField(default=0, editable=False)
    #: The kinds of decision (keys of the engine's `decision_kinds`) this seat's player hands to
    #: their assistant at this table (`services.turns`), changeable at any time.
    assistant = models.JSONField(default=list, blank=True)
    #: Kept by the services after every write: whether the decision the seat is asked now is played
    #: at once by games (its assistant's, or an absent player's: a task plays it after the commit;
    #: no prompt mail is sent for it).
    assisted = models.BooleanField(default=False, editable=False)
    #: The idle ladder (`services.turns`): the seat's timeouts in a row, and whether that many
    #: marked it absent (then its decisions are played at once until its player acts again).
    timeouts = models.PositiveSmallIntegerField(default=0, editable=False)
    absent = models.BooleanField(default=False, editable=False)
    absent_since = models.DateTimeField(null=True, blank=True, editable=False)
    #: Answers given ahead, secret to the seat: {decision kind: plan} (`engine` answer ahead),
    #: played when a decision of that kind comes if still legal, withdrawable until then.
    plans = models.JSONField(default=dict, blank=True, editable=False)
    #: Filled when the game finishes.
    score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_user"),
            models.UniqueConstraint(
                fields=["game", "index"], condition=Q(index__isnull=False), name="seat_index_unique"
            ),
            models.CheckConstraint(
                condition=(Q(user__isnull=False) & Q(bot="")) | (Q(user__isnull=True) & ~Q(bot="")),
                name="seat_person_or_bot",
            ),
        ]
        indexes = [
            models.Index(fields=["user", "waiting"], name="seat_user_waiting_idx"),
            models.Index(fields=["due_at"], condition=Q(waiting=True), name="seat_due_idx"),
        ]
        ordering = ["index", "joined_at"]

    def __str__(self) -> str:
        return f"seat {self.index} of game {self.game_id}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)


class SecretAssignment(models.Model):
    """A secret card dealt to a seat at start (Lifeboat's love and hate)."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="secrets")
    kind = models.CharField(max_length=16)
    card = models.CharField(max_length=64)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["seat", "kind", "card"], name="secret_unique")]

    def __str__(self) -> str:
        return f"{self.kind} {self.card}"


class Action(models.Model):
    class Source(models.TextChoices):
        WEB = "web", _("Web")
        API = "api", _("API")
        TIMEOUT = "timeout", _("Deadline")
        EMAIL = "email", _("Email")
        RESIGNED = "resigned", _("Played for a resigned seat")
        BOT = "bot", _("Bot")
        #: The seat's assistant decided (a kind its player handed it, or a player away).
        ASSISTANT = "assistant", _("Assistant")
        #: The seat's answer given ahead was played when its decision came.
        AHEAD = "ahead", _("Answered ahead")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat_index = models.PositiveSmallIntegerField()
    #: Who held the seat when it was played (none: a bot): a seat can change hands, and a
    #: player's record (reliability) is the actions of their own turns, not the seat's.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    payload = models.JSONField()
    events = models.JSONField(default=list)
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.WEB)
    #: The client's id of the answer that played this action (a table form's, an API request's
    #: Idempotency-Key): the same answer sent again (its first answer lost) is answered as played,
    #: not played twice nor refused (`services.moves.action_submit`). Empty for the site's plays.
    answer_key = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="action_seq_unique"),
            models.UniqueConstraint(
                fields=["game", "seat_index", "answer_key"],
                condition=~models.Q(answer_key=""),
                name="action_answer_key_unique",
            ),
        ]
        ordering = ["game", "seq"]

    def __str__(self) -> str:
        return f"game {self.game_id} #{self.seq}: seat {self.seat_index} {self.payload.get('type')}"


class GameWrite(models.Model):
    """One game write (a move, a start, a resignation) whose follow-up is still to do.

    Inserted by the games services in the write's own transaction (`services.writes.note_writes`),
    so a move costs one insert here and imports no mail code; `signals.game_writes_committed` names
    the games after the commit. The app that follows writes up (notifications: prompts, mails, the
    idle ladder) reads them with `services.writes.pending_writes` and deletes them once done.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    #: The game's version after the write.
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=16)
    #: The seat whose player acted, if any (its open prompt is answered, not kept).
    acted_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The actions the write added: [[seq, seat index, source], ...].
    actions = models.JSONField(default=list)
    #: The seats this write marked absent (the idle ladder), each told so by mail.
    absent = models.JSONField(default=list)
    created_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"game {self.game_id} v{self.version}: {self.kind}"


class AssistantDefault(models.Model):
    """A player's choice, per game, of the kinds of decision their assistant takes at every new
    table (each table's seat starts with it and may change it there)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    slug = models.CharField(_("game"), max_length=32)
    kinds = models.JSONField(default=list)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "slug"], name="assistant_default_once")]

    def __str__(self) -> str:
        return f"{self.slug} for user {self.user_id}"


class LearnPanelDismissal(models.Model):
    """A player closed the "new to this game" panel of a game type: it is not shown to them again."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    slug = models.CharField(_("game"), max_length=32)
    dismissed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "slug"], name="learn_dismissal_once")]

    def __str__(self) -> str:
        return f"{self.slug} panel dismissed by user {self.user_id}"


class SeatChange(models.Model):
    """A seat changed hands during the game: a substitute took it over, or a bot (and back).

    `at_move` is the game's move count then: the actions up to it were the earlier holder's. Shown
    in the table's and the replay's history; ratings read it (`selectors.seat_changes`)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_changes")
    seat_index = models.PositiveSmallIntegerField()
    at_move = models.PositiveIntegerField()
    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    from_bot = models.CharField(max_length=16, blank=True, default="")
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    to_bot = models.CharField(max_length=16, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "at_move", "pk"]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat_index} after move {self.at_move}"


class GameVote(models.Model):
    """A player's vote to abandon a running game, or to hand a seat to a bot (`seat_index`)."""

    class Kind(models.TextChoices):
        ABANDON = "abandon", _("Abandon the game")
        BOT = "bot", _("Hand the seat to a bot")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="votes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    #: The seat a BOT vote is about; -1 for ABANDON (a number, so the unique constraint holds).
    seat_index = models.SmallIntegerField(default=-1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user", "kind", "seat_index"], name="vote_one_per_player")
        ]

    def __str__(self) -> str:
        return f"game {self.game_id}: {self.kind} {self.seat_index} by {self.user_id}"
