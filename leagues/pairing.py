"""Tables for one league round: pure functions, no Django.

A round seats every signed-up player of a division at tables of `min_size..max_size` seats so
that players meet as few past opponents as possible, and then orders each table's seats so that
nobody keeps the same seat position round after round.

The cost of a set of tables is the number of *repeat meetings*: for each pair sharing a table,
how often they met before. Small fields are solved exactly (branch and bound); large ones by a
seeded local search (pair swaps between tables, with restarts) that reaches zero repeats whenever
the history leaves enough room, which is the common case in a league.

A field no table layout fits (7 players for a 4-6 game, fewer than `min_size`) gives byes: the
players with the fewest byes so far (then the lowest ids) sit out, as few as possible.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

#: Fields up to this size are solved exactly.
EXACT_LIMIT = 12


def pair_key[P: Hashable](a: P, b: P) -> frozenset[P]:
    return frozenset((a, b))


@dataclass
class History:
    """What past rounds say: who met whom, who sat where, who had byes."""

    meetings: Counter = field(default_factory=Counter)  # frozenset({a, b}) -> times at one table
    positions: Counter = field(default_factory=Counter)  # (player, seat index) -> times
    byes: Counter = field(default_factory=Counter)  # player -> byes

    @classmethod
    def from_tables(cls, tables: Iterable[Sequence[Hashable]], byes: Iterable[Hashable] = ()) -> History:
        """History from past tables, each listed in seat order."""
        history = cls()
        for table in tables:
            history.add_table(table)
        history.byes.update(byes)
        return history

    def add_table(self, table: Sequence[Hashable]) -> None:
        for a, b in itertools.combinations(table, 2):
            self.meetings[pair_key(a, b)] += 1
        for index, player in enumerate(table):
            self.positions[(player, index)] += 1


def table_sizes(n: int, min_size: int, max_size: int) -> list[int] | None:
    """Fewest tables whose sizes differ by at most one and lie in bounds; None if impossible.

    Fewer, fuller tables mean fewer games to run; balanced sizes keep the points comparable.
    """
    if n < min_size or min_size < 1 or max_size < min_size:
        return None
    k = -(-n // max_size)
    while k * min_size <= n:
        base, extra = divmod(n, k)
        if base >= min_size and base + (1 if extra else 0) <= max_size:
            return [base + 1] * extra + [base] * (k - extra)
        k += 1
    return None


def bye_count(n: int, min_size: int, max_size: int) -> int:
    """Fewest players who must sit out so the rest fit at tables."""
    for byes in range(n + 1):
        if n - byes == 0 or table_sizes(n - byes, min_size, max_size) is not None:
            return byes
    return n  # pragma: no cover - the loop always returns


def repeats[P: Hashable](tables: Iterable[Sequence[P]], meetings: Mapping[frozenset, int]) -> int:
    """Repeat meetings: over pairs sharing a table, the times they met before."""
    return sum(meetings.get(pair_key(a, b), 0) for t in tables for a, b in itertools.combinations(t, 2))


@dataclass(frozen=True)
class Round:
    tables: list[list]  # each in seat order
    byes: list
    repeats: int


def make_round[P: Hashable](
    players: Sequence[P],
    min_size: int,
    max_size: int,
    history: History | None = None,
    seed: int = 0,
    effort: int = 24,
) -> Round:
    """Seat `players` (distinct, orderable) for one round; deterministic for a given seed."""
    history = history or History()
    players = sorted(set(players))
    if len(players) != len(set(players)):  # pragma: no cover - set() above
        raise ValueError("duplicate players")
    byes_needed = bye_count(len(players), min_size, max_size)
    by_byes = sorted(players, key=lambda p: (history.byes.get(p, 0), p))
    byes = sorted(by_byes[:byes_needed])
    seated = [p for p in players if p not in set(byes)]
    if not seated:
        return Round(tables=[], byes=byes, repeats=0)
    sizes = table_sizes(len(seated), min_size, max_size)
    assert sizes is not None
    rng = random.Random(seed)
    if len(seated) <= EXACT_LIMIT:
        groups = _exact(seated, sizes, history.meetings)
    else:
        groups = _local_search(seated, sizes, history.meetings, rng, effort)
    tables = [order_seats(group, history.positions, rng) for group in groups]
    tables.sort(key=lambda t: min(t))
    return Round(tables=tables, byes=byes, repeats=repeats(tables, history.meetings))


def order_seats[P: Hashable](group: Sequence[P], positions: Mapping[tuple, int], rng: random.Random) -> list:
    """Seat order for one table: fewest past sittings at the same index, ties broken at random.

    Tables hold at most six, so all orders are tried (720 at most).
    """
    group = list(group)
    rng.shuffle(group)
    best, best_cost = group, None
    for perm in itertools.permutations(group):
        cost = sum(positions.get((p, i), 0) ** 2 for i, p in enumerate(perm))
        if best_cost is None or cost < best_cost:
            best, best_cost = list(perm), cost
            if cost == 0:
                break
    return best


def _cost_with[P: Hashable](player: P, others: Iterable[P], meetings: Mapping[frozenset, int]) -> int:
    return sum(meetings.get(pair_key(player, o), 0) for o in others)


def _exact(players: list, sizes: list[int], meetings: Mapping[frozenset, int]) -> list[list]:
    """Branch and bound over all ways to split `players` into tables of `sizes`."""
    n = len(players)
    # Place the most-connected players first so the bound bites early.
    degree = {p: sum(meetings.get(pair_key(p, q), 0) for q in players) for p in players}
    order = sorted(players, key=lambda p: (-degree[p], p))
    tables: list[list] = [[] for _ in sizes]
    best: list = [None, None]  # cost, tables

    def search(i: int, cost: int) -> None:
        if best[0] is not None and cost >= best[0]:
            return
        if i == n:
            best[0], best[1] = cost, [list(t) for t in tables]
            return
        player = order[i]
        seen_empty: set[int] = set()
        for t, size in enumerate(sizes):
            if len(tables[t]) >= size:
                continue
            if not tables[t]:
                # Empty tables of one size are interchangeable: try only the first.
                if size in seen_empty:
                    continue
                seen_empty.add(size)
            added = _cost_with(player, tables[t], meetings)
            tables[t].append(player)
            search(i + 1, cost + added)
            tables[t].pop()
            if best[0] == 0:
                return

    search(0, 0)
    return best[1]


def _local_search(
    players: list, sizes: list[int], meetings: Mapping[frozenset, int], rng: random.Random, effort: int
) -> list[list]:
    """Greedy start, then swap players between tables while it lowers the cost; best of restarts.

    Works on player indices with a dense meeting matrix and, per player, the cost of sitting at
    each table, so a candidate swap is judged in constant time.
    """
    n = len(players)
    index = {p: i for i, p in enumerate(players)}
    matrix = [[0] * n for _ in range(n)]
    for pair, count in meetings.items():
        if count and len(pair) == 2:
            a, b = tuple(pair)
            if a in index and b in index:
                matrix[index[a]][index[b]] = matrix[index[b]][index[a]] = count
    best_tables, best_cost = None, None
    for _attempt in range(max(1, effort)):
        tables = _greedy(n, sizes, matrix, rng)
        cost = _improve(tables, matrix)
        if best_cost is None or cost < best_cost:
            best_tables, best_cost = tables, cost
        if best_cost == 0:
            break
    assert best_tables is not None
    return [[players[i] for i in table] for table in best_tables]


def _greedy(n: int, sizes: list[int], matrix: list[list[int]], rng: random.Random) -> list[list[int]]:
    """Seat players in random order, each at the open table where they met fewest before."""
    order = list(range(n))
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in sizes]
    for player in order:
        row = matrix[player]
        open_tables = [t for t, size in enumerate(sizes) if len(tables[t]) < size]
        choice = min(
            open_tables,
            key=lambda t: (sum(row[q] for q in tables[t]), len(tables[t]) - sizes[t], rng.random()),
        )
        tables[choice].append(player)
    return tables


def _improve(tables: list[list[int]], matrix: list[list[int]]) -> int:
    """Pair swaps between tables while one lowers the cost; returns the final cost.

    `at[p][t]` is what player p would pay at table t (their past meetings with its players);
    a swap of a (table t1) and b (table t2) changes the cost by
    at[a][t2] + at[b][t1] - 2 m(a, b) - at[a][t1] - at[b][t2].
    """
    n = len(matrix)
    k = len(tables)
    at = [[sum(matrix[p][q] for q in table) for table in tables] for p in range(n)]
    improved = True
    while improved:
        improved = False
        for t1 in range(k):
            for t2 in range(t1 + 1, k):
                a_tab, b_tab = tables[t1], tables[t2]
                for i, a in enumerate(a_tab):
                    at_a, row_a = at[a], matrix[a]
                    for j, b in enumerate(b_tab):
                        at_b = at[b]
                        delta = at_a[t2] + at_b[t1] - 2 * row_a[b] - at_a[t1] - at_b[t2]
                        if delta < 0:
                            a_tab[i], b_tab[j] = b, a
                            for p in range(n):
                                row = matrix[p]
                                change = row[a] - row[b]
                                at[p][t1] -= change
                                at[p][t2] += change
                            improved = True
                            break
                    if improved:
                        break
                if improved:
                    break
            if improved:
                break
    return sum(matrix[a][b] for table in tables for a, b in itertools.combinations(table, 2))
