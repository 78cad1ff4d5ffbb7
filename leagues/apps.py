from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from clubs import hooks as club_hooks
from games import hooks
from games.signals import game_changed


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        from .selectors import club_seasons, organises_game
        from .signals import on_game_changed

        # A season's organiser organises its tables' games (substitutes, bots, cancelling).
        hooks.register_organiser_check("leagues", organises_game)

        # The club page lists the club's seasons.
        club_hooks.register_seasons(club_seasons)

        game_changed.connect(on_game_changed, dispatch_uid="leagues.advance_after_game")
