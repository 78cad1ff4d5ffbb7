"""Draw the card sprites (`games/static/games/pictures/<game>-<language>.svg`) from each game's faces
(`games/<slug>/faces.py`) and the compiled catalogues; run it after changing a face or a translation of
a word on one (a test fails until the committed files match)."""

from django.conf import settings
from django.core.management.base import BaseCommand

from games.sprites import write_sprites


class Command(BaseCommand):
    help = "Draw every card face of every game, per language, into the static sprites."
    requires_system_checks: list[str] = []  # pictures only: no database

    def handle(self, *args, **options) -> None:
        for path in write_sprites():
            self.stdout.write(str(path.relative_to(settings.BASE_DIR)))
