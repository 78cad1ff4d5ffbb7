from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from . import tasks
        from .signals import game_writes_committed

        # The decisions a write handed to seats' assistants are played after its commit.
        game_writes_committed.connect(tasks.on_writes, dispatch_uid="games_play_assisted_seats")
