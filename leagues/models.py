"""League seasons of a club: sign-ups, divisions, rounds and the tables (games) of each round.

Rows are written only by `leagues.services`. Points and standings are not stored: they are
computed from the seats' places of the season's finished games (`leagues.selectors`), except
each entry's final division rank, frozen when the season closes so the next season can
promote and relegate from it.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _


class Season(models.Model):
    class Status(models.TextChoices):
        SIGNUP = "signup", _("Open for sign-up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=80)
    slug = models.CharField(_("game"), max_length=32)
    options = models.JSONField(_("options"), default=dict, blank=True)
    pace = models.CharField(_("pace"), max_length=8, default="24h")
    rated = models.BooleanField(_("rated"), default=True)
    #: The season's tables are quick games (minor kinds to the assistants), and whether players
    #: may hand decisions to their assistant at all (`games.models.Game.quick`, `.assistants`).
    quick = models.BooleanField(_("quick game"), default=False)
    assistants = models.BooleanField(_("assistants allowed"), default=True)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=5, validators=[MinValueValidator(1), MaxValueValidator(30)]
    )
    division_size = models.PositiveSmallIntegerField(
        _("players per division"), default=12, validators=[MinValueValidator(3), MaxValueValidator(500)]
    )
    promote = models.PositiveSmallIntegerField(_("promoted per division"), default=2)
    relegate = models.PositiveSmallIntegerField(_("relegated per division"), default=2)
    #: Minimum reliability (0-100 %) to sign up; null: anyone may.
    min_reliability = models.PositiveSmallIntegerField(
        _("minimum reliability (%)"), null=True, blank=True, validators=[MaxValueValidator(100)]
    )
    #: Start the next round (or close the season after the last) when a round's last game ends.
    auto_advance = models.BooleanField(_("advance rounds automatically"), default=True)
    previous = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_seasons"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SIGNUP)
    current_round = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Division(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    #: 1 is the top division.
    level = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "level"], name="division_level_unique")]
        ordering = ["season", "level"]

    def __str__(self) -> str:
        return f"{self.season} division {self.level}"


class Entry(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_entries"
    )
    division = models.ForeignKey(
        Division, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries"
    )
    signed_up_at = models.DateTimeField(auto_now_add=True)
    #: Rank within the division when the season closed.
    final_rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="entry_one_per_season")]
        ordering = ["signed_up_at"]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.season_id}"


class Round(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField(auto_now_add=True)
    #: Users who sat this round out (no table layout fitted everyone).
    byes = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="round_number_unique")]
        ordering = ["season", "number"]

    def __str__(self) -> str:
        return f"{self.season} round {self.number}"


class LeagueTable(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="tables")
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="league_table")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["round", "division", "number"]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"
