import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings.chart import rating_svg
from ratings.skill import Skill, rate


def test_winner_rises_and_loser_falls():
    after = rate([Skill()] * 4, [1, 2, 3, 4])
    assert after[0].mu > 25 > after[3].mu
    assert after[0].ordinal > Skill().ordinal
    assert [s.mu for s in after] == sorted((s.mu for s in after), reverse=True)


def test_tied_players_move_together():
    after = rate([Skill()] * 4, [1, 1, 3, 4])
    assert after[0] == after[1]
    assert after[0].mu > 25


def test_upset_moves_more_than_expected_win():
    strong, weak = Skill(mu=35, sigma=3), Skill(mu=20, sigma=3)
    expected = rate([strong, weak, Skill(), Skill()], [1, 2, 3, 4])
    upset = rate([strong, weak, Skill(), Skill()], [2, 1, 3, 4])
    assert upset[1].mu - weak.mu > expected[0].mu - strong.mu


@given(st.lists(st.integers(1, 6), min_size=3, max_size=6))
def test_uncertainty_never_grows(places):
    skills = [Skill(mu=25 + i, sigma=8 - i) for i in range(len(places))]
    for before, after in zip(skills, rate(skills, places), strict=True):
        assert after.sigma <= before.sigma + 1e-9


def test_place_count_must_match():
    with pytest.raises(ValueError, match="one place"):
        rate([Skill()] * 3, [1, 2])


def test_chart_draws_points_and_escapes_title():
    svg = rating_svg([0.0, 2.5, 1.0], title="<b>Ann</b>")
    assert svg.startswith("<svg")
    assert svg.count("<circle") == 3
    assert "<b>" not in svg
    assert "&lt;b&gt;" in svg
    assert rating_svg([]) == ""
    assert rating_svg([5.0]).count("<circle") == 1
