"""Ratings per game type and one result row per seat of every finished game.

`Result` is written once, when a game finishes (`ratings.services.rate_finished_game`, on
`games.signals.game_finished` in the finishing transaction): place, character and, for rated games, the
rating before and after. Player pages, leaderboards and charts read only these rows, so they
never replay or load snapshots. `Rating` holds each player's current skill per game type.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .skill import DEFAULT_MU, DEFAULT_SIGMA


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    slug = models.CharField(_("game"), max_length=32)
    mu = models.FloatField(default=DEFAULT_MU)
    sigma = models.FloatField(default=DEFAULT_SIGMA)
    #: mu - 3 sigma, stored for ordering leaderboards by an index.
    ordinal = models.FloatField(default=DEFAULT_MU - 3 * DEFAULT_SIGMA)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "slug"], name="rating_one_per_game")]
        indexes = [models.Index(fields=["slug", "-ordinal"], name="rating_board_idx")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.slug} {self.ordinal:.1f}"


class Result(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="results")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="results")
    slug = models.CharField(max_length=32)
    seat_index = models.PositiveSmallIntegerField()
    num_players = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    score = models.IntegerField(null=True)
    #: The character the seat played (Lifeboat), read from the final public view; blank if none.
    character = models.CharField(max_length=32, blank=True)
    rated = models.BooleanField(default=False)
    mu_before = models.FloatField(null=True)
    sigma_before = models.FloatField(null=True)
    mu_after = models.FloatField(null=True)
    sigma_after = models.FloatField(null=True)
    finished_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="result_one_per_seat")]
        indexes = [models.Index(fields=["user", "slug", "finished_at"], name="result_history_idx")]
        ordering = ["finished_at", "game_id"]

    def __str__(self) -> str:
        return f"{self.user_id} place {self.place} in game {self.game_id}"

    @property
    def ordinal_after(self) -> float | None:
        return None if self.mu_after is None else self.mu_after - 3 * self.sigma_after
