"""Replay an exported game (JSON from /games/<id>/export.json) and check its result.

    manage.py import_game game-12.json
    manage.py import_game game-12.json --save --players ann,bob,cy

Without --save nothing is written: the game is replayed from its seed and actions, and the
scores, places and final-state fingerprint are compared with the export. With --save, the
verified game is stored as a new finished, unrated game seated with the given usernames (in
seat order) through `games.services`, and its results are recorded.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from replays.replay import check_import
from replays.services import game_import


class Command(BaseCommand):
    help = "Replay an exported game JSON file and check that it reproduces the stored result."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--save", action="store_true", help="store the verified game")
        parser.add_argument(
            "--players", default="", help="comma-separated usernames in seat order (with --save)"
        )

    def handle(self, *args, file: Path, save: bool, players: str, **options):
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read {file}: {exc}") from None
        try:
            checked = check_import(data)
        except ValueError as exc:
            raise CommandError(f"import check failed: {exc}") from None
        self.stdout.write(
            f"OK: {checked.slug}, {checked.num_players} players, {len(checked.steps)} actions replayed; "
            f"scores {checked.scores}, places {checked.ranking}"
        )
        if not save:
            return
        names = [n.strip() for n in players.split(",") if n.strip()]
        users_by_name = get_user_model().objects.in_bulk(names, field_name="username")
        missing = [n for n in names if n not in users_by_name]
        if missing or len(names) != checked.num_players:
            raise CommandError(
                f"--players needs {checked.num_players} existing usernames; unknown: {missing}"
            )
        game = game_import(checked=checked, users=[users_by_name[n] for n in names])
        self.stdout.write(f"Saved as game #{game.pk}")
