"""The one guard in `Game.apply`, checked on a tiny counting game made for this test."""

from dataclasses import dataclass

import pytest

from engine.core import Game, IllegalAction, event


@dataclass
class CountState:
    players: int
    total: int = 0


class CountToThree(Game):
    slug = "count"
    name = "Count to three"
    min_players = 2
    max_players = 3
    options = {"step": 1}

    def setup(self, num_players, seed, options):
        return CountState(num_players)

    def num_players(self, state):
        return state.players

    def is_over(self, state):
        return state.total >= 3

    def to_act(self, state):
        return [] if self.is_over(state) else [state.total % state.players]

    def legal_actions(self, state, seat):
        return [{"type": "add"}] if seat in self.to_act(state) else []

    def transition(self, state, seat, action):
        state.total += 1
        return [event("added", seat=seat)]


GAME = CountToThree()


def test_options_and_player_counts_are_validated() -> None:
    with pytest.raises(ValueError, match="2 to 3 players"):
        GAME.new_game(4, 1)
    with pytest.raises(ValueError, match="unknown option"):
        GAME.new_game(2, 1, {"speed": 2})
    with pytest.raises(ValueError, match="type int"):
        GAME.new_game(2, 1, {"step": "2"})
    assert GAME.resolve_options({"step": 2}) == {"step": 2}


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (5, {"type": "add"}, "no such seat"),
        (True, {"type": "add"}, "no such seat"),
        (0, "add", "must be an object"),
        (0, {"kind": "add"}, "must be an object"),
        (1, {"type": "add"}, "not your turn"),
        (0, {"type": "subtract"}, "cannot do that"),
    ],
)
def test_refusals_raise_one_error_and_change_nothing(seat, action, message) -> None:
    state = GAME.new_game(2, 1)
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(state, seat, action)
    assert state.total == 0


def test_finished_game_refuses_everything() -> None:
    state = GAME.new_game(2, 1)
    for seat in (0, 1, 0):
        events = GAME.apply(state, seat, {"type": "add"})
        assert events == [{"type": "added", "visible_to": "all", "seat": seat}]
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 1, {"type": "add"})
    assert isinstance(IllegalAction("x"), ValueError)
