"""The one guard in `Game.apply`, checked on a tiny counting game made for this test."""

from dataclasses import dataclass

import pytest

from engine.core import Game, IllegalAction, Rule, event, same_json


@dataclass
class CountState:
    players: int
    total: int = 0


def legal_add(state, seat):
    if state.total >= 3 or seat != state.total % state.players:
        return []
    return [{"type": "add", "by": k} for k in (1, 2)]


def apply_add(state, seat, action, events):
    state.total += action["by"]
    events.append(event("added", seat=seat, by=action["by"]))


def legal_note(state, seat):
    return [{"type": "note", "words": ["hello"], "to": 0}] if state.total == 0 else []


def note_problem(state, seat, action):
    return "Notes are for seat 0 only." if action["to"] != 0 else None


def apply_note(state, seat, action, events):
    events.append(event("noted", [action["to"]], seat=seat, words=action["words"]))


class CountToThree(Game):
    slug = "count"
    name = "Count to three"
    min_players = 2
    max_players = 3
    options = {"step": 1}
    rules = {
        "add": Rule(legal_add, apply_add),
        # free-form: any words, to seat 0 (only one variant is listed)
        "note": Rule(legal_note, apply_note, shape={"words": [str], "to": int}, validate=note_problem),
    }

    def setup(self, num_players, seed, options):
        return CountState(num_players)

    def num_players(self, state):
        return state.players

    def is_over(self, state):
        return state.total >= 3

    def to_act(self, state):
        return [] if self.is_over(state) else [state.total % state.players]


GAME = CountToThree()


def test_options_and_player_counts_are_validated() -> None:
    with pytest.raises(ValueError, match="2 to 3 players"):
        GAME.new_game(4, 1)
    with pytest.raises(ValueError, match="unknown option"):
        GAME.new_game(2, 1, {"speed": 2})
    with pytest.raises(ValueError, match="type int"):
        GAME.new_game(2, 1, {"step": "2"})
    assert GAME.resolve_options({"step": 2}) == {"step": 2}


def test_legal_actions_list_every_rule_in_table_order() -> None:
    state = GAME.new_game(2, 1)
    assert GAME.legal_actions(state, 0) == [
        {"type": "add", "by": 1},
        {"type": "add", "by": 2},
        {"type": "note", "words": ["hello"], "to": 0},
    ]
    assert GAME.legal_actions(state, 1) == [{"type": "note", "words": ["hello"], "to": 0}]


@pytest.mark.parametrize(
    ("seat", "action", "message"),
    [
        (5, {"type": "add", "by": 1}, "no such seat"),
        (True, {"type": "add", "by": 1}, "no such seat"),
        (0, "add", "must be an object"),
        (0, {"kind": "add"}, "must be an object"),
        (0, {"type": 3}, "must be an object"),
        (0, {"type": "subtract"}, "no action 'subtract' in Count to three"),
        (0, {"type": "add", "by": 3}, "cannot do that now \\(add\\)"),
        # exact JSON: a bool is not an int, a float is not an int, no unknown or missing keys
        (0, {"type": "add", "by": True}, "cannot do that"),
        (0, {"type": "add", "by": 1.0}, "cannot do that"),
        (0, {"type": "add", "by": "1"}, "cannot do that"),
        (0, {"type": "add", "by": 1, "twice": False}, "cannot do that"),
        (0, {"type": "add"}, "cannot do that"),
        # free-form: exactly the declared fields and types, then the rule's own check
        (0, {"type": "note", "words": ["hi"]}, "takes exactly: 'words', 'to'"),
        (0, {"type": "note", "words": ["hi"], "to": 0, "loud": True}, "takes exactly"),
        (0, {"type": "note", "words": ("hi",), "to": 0}, "'words' must be a list of strings"),
        (0, {"type": "note", "words": [1], "to": 0}, "'words' must be a list of strings"),
        (0, {"type": "note", "words": ["hi"], "to": False}, "'to' must be a whole number"),
        (0, {"type": "note", "words": ["hi"], "to": 0.0}, "'to' must be a whole number"),
        (0, {"type": "note", "words": ["hi"], "to": 1}, "for seat 0 only"),
    ],
)
def test_refusals_raise_one_error_and_change_nothing(seat, action, message) -> None:
    state = GAME.new_game(2, 1)
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(state, seat, action)
    assert state.total == 0


def test_a_seat_with_nothing_to_do_is_told_it_is_not_its_turn() -> None:
    state = GAME.new_game(2, 1)
    GAME.apply(state, 0, {"type": "add", "by": 1})
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 0, {"type": "add", "by": 1})
    assert state.total == 1


def test_accepted_actions_play_their_rule_and_return_its_events() -> None:
    state = GAME.new_game(2, 1)
    assert GAME.apply(state, 1, {"type": "note", "words": ["any", "words"], "to": 0}) == [
        {"type": "noted", "visible_to": [0], "seat": 1, "words": ["any", "words"]}
    ]
    assert GAME.apply(state, 0, {"type": "add", "by": 1}) == [
        {"type": "added", "visible_to": "all", "seat": 0, "by": 1}
    ]
    assert GAME.apply(state, 1, {"type": "add", "by": 2})[0]["by"] == 2
    assert GAME.is_over(state)
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 1, {"type": "add", "by": 1})
    assert isinstance(IllegalAction("x"), ValueError)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ({"x": 1}, {"x": 1}, True),
        ({"x": 1}, {"x": True}, False),
        ({"x": 1}, {"x": 1.0}, False),
        ({"x": [[0, 1]]}, {"x": [[0, True]]}, False),
        ({"x": [[0, 1]]}, {"x": [(0, 1)]}, False),
        ({"x": None}, {"x": False}, False),
        ({"x": "a"}, {"x": "a", "y": 1}, False),
        ([1, [2, {"z": "w"}]], [1, [2, {"z": "w"}]], True),
    ],
)
def test_same_json_compares_types_all_the_way_down(a, b, same) -> None:
    assert same_json(a, b) is same
