from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from games import hooks


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        from . import selectors  # needs the models, loaded by now

        # Games asks whether a user belongs to a club-only game's club, without importing clubs.
        hooks.register_club_membership(selectors.is_member)
        hooks.register_club_members(selectors.member_ids)
        # A club's admins organise its games: they may open seats to substitutes and cancel them.
        hooks.register_organiser_check("clubs", selectors.organises_game)
