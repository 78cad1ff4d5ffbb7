from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from games.signals import game_finished


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from .receivers import on_game_finished  # needs the models, loaded by now

        game_finished.connect(on_game_finished, dispatch_uid="ratings.rate_finished_game")
