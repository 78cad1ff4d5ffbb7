from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from games.signals import game_changed


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        from .signals import on_game_changed

        game_changed.connect(on_game_changed, dispatch_uid="leagues.advance_after_game")
