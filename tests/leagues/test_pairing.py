"""Property tests for league tables: bounds, everyone seated once, fewest repeat meetings."""

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leagues.pairing import History, bye_count, make_round, repeats, table_sizes

BOUNDS = [(4, 6), (3, 6)]  # Lifeboat, Lifeboats


def past_rounds(draw, players, min_size, max_size, count):
    tables = []
    for _ in range(count):
        order = draw(st.permutations(players))
        sizes = table_sizes(len(order), min_size, max_size) or []
        start = 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
    return tables


@st.composite
def fields(draw, low=1, high=60, max_rounds=4):
    min_size, max_size = draw(st.sampled_from(BOUNDS))
    n = draw(st.integers(low, high))
    players = list(range(n))
    tables = past_rounds(draw, players, min_size, max_size, draw(st.integers(0, max_rounds)))
    return players, min_size, max_size, tables


def all_splits(players, sizes):
    """Every way to split players into tables of the given sizes (brute force for small fields)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(sizes):
        remaining = list(sizes)
        remaining.remove(size)
        for mates in itertools.combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for split in all_splits(others, remaining):
                yield [[first, *mates], *split]


def assert_valid_round(players, min_size, max_size, result):
    seated = [p for t in result.tables for p in t]
    assert Counter(seated + result.byes) == Counter(players), "everyone seated or on a bye, exactly once"
    assert all(min_size <= len(t) <= max_size for t in result.tables)
    assert len(result.byes) == bye_count(len(players), min_size, max_size)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields())
def test_every_player_seated_once_within_bounds(field):
    players, min_size, max_size, tables = field
    result = make_round(players, min_size, max_size, History.from_tables(tables), seed=7)
    assert_valid_round(players, min_size, max_size, result)


@pytest.mark.parametrize(("min_size", "max_size"), BOUNDS)
def test_byes_only_where_no_layout_fits(min_size, max_size):
    needing_byes = {n for n in range(1, 61) if bye_count(n, min_size, max_size)}
    assert needing_byes == ({1, 2, 3, 7} if min_size == 4 else {1, 2})


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(low=3, high=10, max_rounds=5))
def test_small_fields_have_the_fewest_possible_repeats(field):
    players, min_size, max_size, tables = field
    history = History.from_tables(tables)
    result = make_round(players, min_size, max_size, history, seed=1)
    seated = sorted(p for t in result.tables for p in t)
    sizes = table_sizes(len(seated), min_size, max_size)
    best = min(repeats(split, history.meetings) for split in all_splits(seated, sizes))
    assert result.repeats == best


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(low=13, high=60, max_rounds=1))
def test_no_repeats_after_one_round_when_tables_outnumber_a_table(field):
    """After one round, prior tables can always be spread over >= max-table-size new tables."""
    players, min_size, max_size, tables = field
    result = make_round(players, min_size, max_size, History.from_tables(tables), seed=3)
    assume_room = len(result.tables) >= max((len(t) for t in tables), default=0)
    if assume_room:
        assert result.repeats == 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(low=13, high=60, max_rounds=4), st.randoms(use_true_random=False))
def test_large_fields_beat_random_tables(field, rnd):
    players, min_size, max_size, tables = field
    history = History.from_tables(tables)
    result = make_round(players, min_size, max_size, history, seed=5)
    assert_valid_round(players, min_size, max_size, result)
    seated = [p for t in result.tables for p in t]
    for _ in range(5):
        rnd.shuffle(seated)
        start, random_tables = 0, []
        for t in result.tables:
            random_tables.append(seated[start : start + len(t)])
            start += len(t)
        assert result.repeats <= repeats(random_tables, history.meetings)


def test_a_season_of_rounds_meets_the_pigeonhole_minimum():
    """24 players at four tables of six: each past table of six must leave at least two pairs
    together among four new tables, so a round can do no better than 8 repeats per past round."""
    players = list(range(24))
    history = History()
    for rnd in range(5):
        result = make_round(players, 4, 6, history, seed=rnd)
        assert result.repeats == 8 * rnd
        for table in result.tables:
            history.add_table(table)
    # Nobody sat in the same seat position more than twice in five rounds.
    assert max(history.positions.values()) <= 2


def test_a_large_season_has_no_repeats_for_four_rounds():
    players = list(range(48))
    history = History()
    for rnd in range(4):
        result = make_round(players, 4, 6, history, seed=rnd)
        assert result.repeats == 0
        for table in result.tables:
            history.add_table(table)


def test_rounds_are_deterministic_for_a_seed():
    history = History.from_tables([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]])
    players = list(range(20))
    assert make_round(players, 4, 6, history, seed=11) == make_round(players, 4, 6, history, seed=11)


def test_bye_goes_to_who_had_fewest():
    history = History(byes=Counter({0: 1, 1: 1}))
    result = make_round(list(range(7)), 4, 6, history)
    assert result.byes == [2]


def test_table_sizes_are_balanced():
    assert table_sizes(13, 4, 6) == [5, 4, 4]
    assert table_sizes(60, 4, 6) == [6] * 10
    assert table_sizes(7, 4, 6) is None
    assert table_sizes(7, 3, 6) == [4, 3]


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_seat_positions_rotate_through_every_seat(size):
    """The same table met `size` times: everyone sits in every position exactly once."""
    players = list(range(size))
    history = History()
    for rnd in range(size):
        (table,) = make_round(players, 3, 6, history, seed=rnd).tables
        history.add_table(table)
    assert all(history.positions[(p, i)] == 1 for p in players for i in range(size))
