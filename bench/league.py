"""League round set-up speed: a 60-player season round (pairing, 10 games started, their writes
queued for the task that writes the mails) in one transaction, on a throw-away in-memory SQLite
database.

    .venv/bin/python bench/league.py [--players 60] [--rounds 3] [--slug lifeboat]

Target (issue "clubs, league seasons"): well under a second per round. Round 1 is paired from
nothing; later rounds after every table of the previous round finished (places drawn at
random), so the pairing works against a real history of meetings.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lifeboat_site.settings.test")
os.environ["CELERY_BROKER_URL"] = "memory://"  # the game writes are queued; nothing is published

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

from clubs import services as clubs  # noqa: E402
from games.models import Game, Seat  # noqa: E402
from leagues import services as leagues  # noqa: E402
from leagues.models import LeagueTable  # noqa: E402
from leagues.selectors import season_standings  # noqa: E402


def repeat_meetings(season, number: int) -> int:
    """Over the pairs seated together in round `number`, how often they had met before."""
    rows = Seat.objects.filter(
        game__league_table__round__season=season, game__league_table__round__number__lte=number
    ).values_list("game__league_table__round__number", "game_id", "user_id")
    tables: dict[tuple[int, int], list[int]] = {}
    for round_number, game_id, user_id in rows:
        tables.setdefault((round_number, game_id), []).append(user_id)
    met: dict[frozenset, int] = {}
    repeats = 0
    for (round_number, _game_id), players in sorted(tables.items()):
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                key = frozenset((a, b))
                if round_number == number:
                    repeats += met.get(key, 0)
                else:
                    met[key] = met.get(key, 0) + 1
    return repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--slug", default="lifeboat")
    args = parser.parse_args()

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0, keepdb=False)

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    User = get_user_model()
    admin = User.objects.create_user("admin", "admin@example.com", "x")
    club = clubs.club_create(user=admin, name="Bench Club")
    invite = clubs.invite_link_create(club_id=club.pk, user=admin)
    season = leagues.season_create(
        club_id=club.pk,
        user=admin,
        name="Bench",
        slug=args.slug,
        rounds=args.rounds,
        division_size=args.players,
    )
    for i in range(args.players):
        user = User.objects.create_user(f"p{i}", f"p{i}@example.com", "x")
        clubs.invite_accept(token=invite.token, user=user)
        leagues.season_signup(season_id=season.pk, user=user)

    rng = random.Random(1)
    print(f"{args.slug}, {args.players} players, one division")
    for number in range(1, args.rounds + 1):
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            if number == 1:
                leagues.season_start(season_id=season.pk, user=admin)
            else:
                leagues.round_start(season_id=season.pk, user=admin)
            elapsed = time.perf_counter() - t0
        tables = LeagueTable.objects.filter(round__season=season, round__number=number).select_related("game")
        sizes = sorted(t.game.num_players for t in tables)
        print(
            f"round {number}: {elapsed * 1000:.0f} ms, {len(queries)} queries, "
            f"{len(sizes)} tables of {sizes}, {repeat_meetings(season, number)} repeat meetings"
        )
        # Finish the round with random places (test shortcut, not through the engine).
        for table in tables:
            places = list(range(1, table.game.num_players + 1))
            rng.shuffle(places)
            for seat, place in zip(table.game.seats.order_by("index"), places, strict=True):
                Seat.objects.filter(pk=seat.pk).update(place=place, waiting=False)
            Game.objects.filter(pk=table.game_id).update(
                status=Game.Status.FINISHED, finished_at=timezone.now()
            )

    with CaptureQueriesContext(connection) as queries:
        t0 = time.perf_counter()
        standings = season_standings(season=season)
        elapsed = time.perf_counter() - t0
    print(
        f"standings: {elapsed * 1000:.1f} ms, {len(queries)} queries, {len(standings.divisions[0].rows)} rows"
    )


if __name__ == "__main__":
    main()
