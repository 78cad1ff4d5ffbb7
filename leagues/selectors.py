"""Reads for seasons: standings per division (a fixed number of queries), rounds, the archive."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count

import engine
from clubs.models import Club
from games.models import Game, Seat
from games.seats import seat_name
from ratings.selectors import reliability_for
from refusals.errors import NotFound

from .models import Entry, LeagueTable, Round, Season
from .standings import TableResult, moves, standings


@dataclass(frozen=True)
class StandingRow:
    rank: int
    user_id: int
    name: str
    points: float
    wins: int
    played: int
    strength: float
    average_place: float | None
    reliability: int | None  # percent
    movement: int = 0  # -1 promoted, +1 relegated (finished seasons), 0 otherwise


@dataclass(frozen=True)
class DivisionStandings:
    level: int
    rows: list[StandingRow]


@dataclass(frozen=True)
class Standings:
    season: Season
    divisions: list[DivisionStandings]
    unassigned: list[str] = field(default_factory=list)  # sign-ups before the season starts


def _name(user) -> str:
    profile = getattr(user, "profile", None)
    return profile.display_name if profile is not None else user.get_username()


def season_standings(*, season: Season, with_reliability: bool = True) -> Standings:
    """Ranked rows per division from the finished games of the season: three queries (four
    with reliability) whatever the number of players, rounds or games."""

    entries = list(Entry.objects.filter(season=season).select_related("user__profile", "division"))
    seats = (
        Seat.objects.filter(
            game__league_table__round__season=season, game__status=Game.Status.FINISHED, place__isnull=False
        )
        .order_by("game_id", "index")
        .values_list("game__league_table__division_id", "game_id", "user_id", "place")
    )
    results: dict[int, dict[int, TableResult]] = defaultdict(dict)
    for division_id, game_id, user_id, place in seats:
        table = results[division_id].setdefault(game_id, TableResult(players=[], places=[]))
        table.players.append(user_id)
        table.places.append(place)
    reliability = reliability_for([e.user_id for e in entries]) if with_reliability else {}
    names = {e.user_id: _name(e.user) for e in entries}
    by_division: dict[int, list[Entry]] = defaultdict(list)
    unassigned = []
    for entry in entries:
        if entry.division is None:
            unassigned.append(names[entry.user_id])
        else:
            by_division[entry.division_id].append(entry)
    levels = {e.division_id: e.division.level for e in entries if e.division is not None}
    divisions = []
    for division_id in sorted(by_division, key=levels.__getitem__):
        ranked = standings([e.user_id for e in by_division[division_id]], results[division_id].values())
        # A seat finished by a substitute or a bot keeps its place in its table (the others' points
        # stand), but only the season's entrants are ranked.
        ranked = [r for r in ranked if r.player in names]
        for i, row in enumerate(ranked):
            row.rank = ranked[i - 1].rank if i and ranked[i - 1].key == row.key else i + 1
        change = {}
        if season.status == Season.Status.FINISHED:
            change = moves(
                [r.player for r in ranked],
                levels[division_id],
                len(set(levels.values())),
                season.promote,
                season.relegate,
            )
        rows = []
        for r in ranked:
            rel = reliability.get(r.player)
            rows.append(
                StandingRow(
                    rank=r.rank,
                    user_id=r.player,
                    name=names[r.player],
                    points=float(r.points),
                    wins=r.wins,
                    played=r.played,
                    strength=float(r.strength),
                    average_place=r.average_place,
                    reliability=rel.percent if rel is not None else None,
                    movement=change.get(r.player, 0),
                )
            )
        divisions.append(DivisionStandings(level=levels[division_id], rows=rows))
    return Standings(season=season, divisions=divisions, unassigned=sorted(unassigned))


def get_season(*, season_id: int, club: Club) -> Season:
    season = Season.objects.filter(pk=season_id, club=club).first()
    if season is None:
        raise NotFound()
    return season


@dataclass(frozen=True)
class SeasonSummary:
    id: int
    name: str
    game_name: str
    status: str
    status_label: str
    current_round: int
    rounds: int
    entries: int
    created_at: datetime
    finished_at: datetime | None


def club_seasons(*, club: Club) -> list[SeasonSummary]:
    """All seasons of a club, newest first (running and open ones, then the archive); one query."""
    seasons = Season.objects.filter(club=club).annotate(num_entries=Count("entries")).order_by("-created_at")
    return [
        SeasonSummary(
            id=s.pk,
            name=s.name,
            game_name=engine.get_game(s.slug).name,
            status=s.status,
            status_label=str(s.get_status_display()),
            current_round=s.current_round,
            rounds=s.rounds,
            entries=s.num_entries,
            created_at=s.created_at,
            finished_at=s.finished_at,
        )
        for s in seasons
    ]


@dataclass(frozen=True)
class RoundTable:
    division: int
    number: int
    game_id: int
    status: str
    players: list[tuple[str, int | None]]


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: list[RoundTable]
    byes: list[str]


def season_rounds(*, season: Season) -> list[RoundView]:
    """Every round's tables with players in seat order, and byes; three queries."""
    tables = list(
        LeagueTable.objects.filter(round__season=season)
        .select_related("round", "division", "game")
        .defer("game__snapshot")
        .order_by("round__number", "division__level", "number")
    )
    seats = (
        Seat.objects.filter(game__league_table__round__season=season)
        .select_related("user__profile")
        .order_by("game_id", "index")
    )
    players: dict[int, list[tuple[str, int | None]]] = defaultdict(list)
    for seat in seats:
        players[seat.game_id].append((seat_name(seat) if seat.bot else _name(seat.user), seat.place))
    byes: dict[int, list[str]] = defaultdict(list)
    for row in Round.byes.through.objects.filter(round__season=season).select_related(
        "user__profile", "round"
    ):
        byes[row.round.number].append(_name(row.user))
    rounds: dict[int, list[RoundTable]] = defaultdict(list)
    for t in tables:
        rounds[t.round.number].append(
            RoundTable(
                division=t.division.level,
                number=t.number,
                game_id=t.game_id,
                status=t.game.status,
                players=players[t.game_id],
            )
        )
    numbers = sorted(set(rounds) | set(byes))
    return [RoundView(number=n, tables=rounds[n], byes=sorted(byes[n])) for n in reversed(numbers)]


def organises_game(*, game: Any, user: Any) -> bool:
    """A season's organiser organises the games of its tables (`games.hooks.is_organiser`)."""
    return (
        user.is_authenticated
        and LeagueTable.objects.filter(game_id=game.pk, round__season__created_by_id=user.pk).exists()
    )
