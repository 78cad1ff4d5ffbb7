from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from games import hooks
from games.signals import game_finished


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from .receivers import on_game_finished  # needs the models, loaded by now
        from .selectors import reliability_percents

        # Games asks a player's reliability (the lobby, a game's minimum) without importing ratings.
        hooks.register_reliability(reliability_percents)

        game_finished.connect(on_game_finished, dispatch_uid="ratings.rate_finished_game")
