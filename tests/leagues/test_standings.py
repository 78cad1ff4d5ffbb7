from fractions import Fraction

from leagues.standings import Finish, TableResult, moves, next_divisions, placement_points, standings


def test_points_by_placement_and_shared_ties():
    assert placement_points([1, 2, 3, 4]) == [3, 2, 1, 0]
    assert placement_points([1, 1, 3, 4]) == [Fraction(5, 2), Fraction(5, 2), 1, 0]
    assert placement_points([2, 1, 2, 2]) == [1, 3, 1, 1]
    assert placement_points([1, 1, 1]) == [1, 1, 1]
    # Ties never create or destroy points: a table always hands out n(n-1)/2.
    for places in ([1, 2, 2, 4, 5], [1, 1, 1, 4, 4, 6], [3, 1, 1]):
        assert sum(placement_points(places)) == len(places) * (len(places) - 1) / 2


def test_standings_rank_by_points_then_wins():
    rows = standings(
        "abcde",
        [
            TableResult(players="abcd", places=[1, 2, 3, 4]),  # a 3, b 2, c 1, d 0
            TableResult(players="bcde", places=[2, 1, 2, 2]),  # b 1, c 3, d 1, e 1 (shared 2nd-4th)
        ],
    )
    by = {r.player: r for r in rows}
    assert [r.player for r in rows[:2]] == ["c", "a"]  # 4 points, then a: 3 points, 1 win
    assert by["c"].points == 4
    assert by["c"].wins == 1
    assert by["b"].points == 3
    assert by["a"].points == 3
    # a and b both have 3 points; a has a win, b has none.
    assert by["a"].rank < by["b"].rank
    assert by["e"].played == 1
    assert by["a"].played == 1


def test_strength_of_schedule_breaks_equal_points_and_wins():
    # x and y each win once at a 3-seat table; x's opponents scored more elsewhere.
    rows = standings(
        "xyabcd",
        [
            TableResult(players="xab", places=[1, 2, 3]),
            TableResult(players="ycd", places=[1, 2, 3]),
            TableResult(players="abc", places=[1, 2, 3]),
        ],
    )
    by = {r.player: r for r in rows}
    assert by["x"].points == by["y"].points
    assert by["x"].wins == by["y"].wins
    assert by["x"].strength > by["y"].strength
    assert by["x"].rank < by["y"].rank


def test_full_ties_share_a_rank_and_the_next_rank_skips():
    rows = standings("pqrs", [TableResult(players="pqrs", places=[1, 1, 3, 3])])
    assert [r.rank for r in rows] == [1, 1, 3, 3]


def test_signed_up_players_without_games_appear_last():
    rows = standings("abcdz", [TableResult(players="abcd", places=[1, 2, 3, 4])])
    assert rows[-1].player == "z"
    assert rows[-1].points == 0
    assert rows[-1].played == 0


def test_promotion_and_relegation_moves():
    ranked = list("abcdef")
    assert moves(ranked, level=1, num_levels=2, promote=2, relegate=2) == {
        "a": 0,
        "b": 0,
        "c": 0,
        "d": 0,
        "e": 1,
        "f": 1,
    }
    assert moves(ranked, level=2, num_levels=2, promote=2, relegate=2) == {
        "a": -1,
        "b": -1,
        "c": 0,
        "d": 0,
        "e": 0,
        "f": 0,
    }


def test_next_divisions_swap_the_boundary_players():
    previous = {p: Finish(level=1, rank=i + 1) for i, p in enumerate("abcdef")}
    previous |= {p: Finish(level=2, rank=i + 1) for i, p in enumerate("ghijkl")}
    divisions = next_divisions(
        list("lkjihgfedcba"), previous, num_previous_levels=2, division_size=6, promote=2, relegate=2
    )
    assert divisions == [list("abcdgh"), list("efijkl")]


def test_newcomers_join_the_bottom_best_rated_first():
    previous = {p: Finish(level=1, rank=i + 1) for i, p in enumerate("abcdef")}
    divisions = next_divisions(
        list("abcdefNMOP"),
        previous,
        num_previous_levels=1,
        division_size=5,
        promote=1,
        relegate=1,
        newcomer_order={"M": 30.0, "N": 10.0, "O": 20.0},
    )
    assert divisions == [list("abcde"), list("fMONP")]


def test_next_divisions_never_leaves_a_division_below_one_table():
    divisions = next_divisions(list(range(9)), {}, 0, division_size=8, promote=1, relegate=1, min_size=4)
    assert [len(d) for d in divisions] == [9]
    divisions = next_divisions(list(range(13)), {}, 0, division_size=6, promote=1, relegate=1, min_size=4)
    assert [len(d) for d in divisions] == [7, 6]
    divisions = next_divisions(list(range(7)), {}, 0, division_size=6, promote=1, relegate=1, min_size=4)
    assert [len(d) for d in divisions] == [7]
