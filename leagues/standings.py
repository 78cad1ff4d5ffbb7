"""League points, standings with tie-breaks, and divisions between seasons: pure functions.

Points by placement: at a table of `n`, the k-th position is worth `n - k` points (the last
scores 0). Players who tie share the points of the positions they cover, so two players tied
for first at four seats get (3 + 2) / 2 = 2.5 each. Points are kept as `Fraction` here and shown
with one decimal.

Tie-breaks, in order: points, wins (first places, shared or not), strength of schedule (the sum
of the final points of every opponent met, once per meeting), then fewer games played (a bye
does not count). Players equal on all of these share a rank.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


def placement_points(places: Sequence[int]) -> list[Fraction]:
    """Points per seat from 1-based places with ties sharing the best place (`[1, 1, 3, 4]`)."""
    n = len(places)
    counts: dict[int, int] = defaultdict(int)
    for place in places:
        counts[place] += 1
    points = []
    for place in places:
        covered = range(place, place + counts[place])  # positions place .. place + count - 1
        points.append(Fraction(sum(n - k for k in covered), counts[place]))
    return points


@dataclass
class TableResult:
    """One finished league table: players in seat order and their places."""

    players: Sequence[Hashable]
    places: Sequence[int]


@dataclass
class Row:
    player: Hashable
    points: Fraction = Fraction(0)
    wins: int = 0
    played: int = 0
    strength: Fraction = Fraction(0)
    places: list[int] = field(default_factory=list)
    rank: int = 0

    @property
    def key(self) -> tuple:
        return (-self.points, -self.wins, -self.strength, self.played)

    @property
    def average_place(self) -> float | None:
        return sum(self.places) / len(self.places) if self.places else None


def standings(players: Iterable[Hashable], results: Iterable[TableResult]) -> list[Row]:
    """Rows ranked best first; `players` lists everyone signed up (they appear with 0 points)."""
    rows: dict[Hashable, Row] = {p: Row(player=p) for p in players}
    opponents: dict[Hashable, list[Hashable]] = defaultdict(list)
    for result in results:
        if len(result.players) != len(result.places):
            raise ValueError("one place per player")
        for player, place, points in zip(
            result.players, result.places, placement_points(result.places), strict=True
        ):
            row = rows.setdefault(player, Row(player=player))
            row.points += points
            row.played += 1
            row.wins += place == 1
            row.places.append(place)
            opponents[player].extend(o for o in result.players if o != player)
    for player, row in rows.items():
        row.strength = sum((rows[o].points for o in opponents[player]), Fraction(0))
    ordered = sorted(rows.values(), key=lambda r: (r.key, str(r.player)))
    for i, row in enumerate(ordered):
        row.rank = ordered[i - 1].rank if i and ordered[i - 1].key == row.key else i + 1
    return ordered


# -- divisions between seasons ---------------------------------------------------------------


@dataclass(frozen=True)
class Finish:
    """Where a player ended a season: division level (1 = top) and rank in it."""

    level: int
    rank: int


def moves(
    division_rows: Sequence[Hashable], level: int, num_levels: int, promote: int, relegate: int
) -> dict:
    """Level change per player of one finished division (ranked best first): -1 up, +1 down, 0."""
    change = {p: 0 for p in division_rows}
    n = len(division_rows)
    if level > 1:
        for p in division_rows[: min(promote, n)]:
            change[p] = -1
    if level < num_levels:
        for p in division_rows[max(0, n - relegate) :]:
            if change[p] == 0:
                change[p] = +1
    return change


def next_divisions(
    signups: Sequence[Hashable],
    previous: Mapping[Hashable, Finish],
    num_previous_levels: int,
    division_size: int,
    promote: int,
    relegate: int,
    newcomer_order: Mapping[Hashable, float] | None = None,
    min_size: int = 1,
) -> list[list]:
    """Split this season's sign-ups into divisions (top first) after promotion and relegation.

    Returning players are ordered by their new level; within a level, players relegated into it
    come first, then those who stayed (by last season's rank), then those promoted into it.
    Newcomers follow, best `newcomer_order` (e.g. rating) first. The ordered list is then cut
    into `round(n / division_size)` divisions of near-equal size, fewer if a division would
    otherwise hold fewer than `min_size` players (one table's worth).
    """
    if division_size < 1:
        raise ValueError("division_size must be positive")
    newcomer_order = newcomer_order or {}
    by_level: dict[int, list] = defaultdict(list)
    for p, finish in previous.items():
        by_level[finish.level].append(p)
    change: dict[Hashable, int] = {}
    for level, members in by_level.items():
        ranked = sorted(members, key=lambda p: (previous[p].rank, str(p)))
        change.update(moves(ranked, level, num_previous_levels, promote, relegate))

    def key(p: Hashable) -> tuple:
        if p in previous:
            finish = previous[p]
            new_level = finish.level + change[p]
            group = {+1: 0, 0: 1, -1: 2}[change[p]]  # came down, stayed, came up
            return (0, new_level, group, finish.rank, str(p))
        return (1, 0, 0, -newcomer_order.get(p, 0.0), str(p))

    ordered = sorted(dict.fromkeys(signups), key=key)
    if not ordered:
        return []
    count = max(1, round(len(ordered) / division_size))
    while count > 1 and len(ordered) // count < min_size:
        count -= 1
    base, extra = divmod(len(ordered), count)
    divisions, start = [], 0
    for i in range(count):
        size = base + (1 if i < extra else 0)
        divisions.append(ordered[start : start + size])
        start += size
    return divisions
