"""Replay every running or finished game from its seed and action log; report snapshot drift."""

import copy

from django.core.management.base import BaseCommand, CommandError

from games.models import Action, Game


class Command(BaseCommand):
    help = "Replay every running/finished game and report any whose stored snapshot differs."

    def handle(self, *args, **options) -> None:
        games = Game.objects.filter(status__in=[Game.Status.RUNNING, Game.Status.FINISHED]).order_by("pk")
        bad = checked = 0
        for game in games.iterator(chunk_size=100):
            checked += 1
            problem = self.replay_problem(game)
            if problem:
                bad += 1
                self.stderr.write(f"game {game.pk} ({game.slug}): {problem}")
        if bad:
            raise CommandError(f"{bad} of {checked} games differ from their replay.")
        self.stdout.write(self.style.SUCCESS(f"{checked} games verified."))

    def replay_problem(self, game: Game) -> str | None:
        rules = game.engine
        try:
            state = rules.new_game(game.num_players, game.seed, game.options)
            actions = Action.objects.filter(game=game).order_by("seq").values_list("seat_index", "payload")
            for seat_index, payload in actions.iterator(chunk_size=500):
                rules.apply(state, seat_index, copy.deepcopy(payload))
        except ValueError as exc:
            return f"replay failed: {exc}"
        if rules.to_json(state) != game.snapshot:
            return "stored snapshot differs from the replay"
        return None
