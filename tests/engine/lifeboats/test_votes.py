"""The reusable sealed vote (engine/core/votes.py), tested directly, free of any game."""

from __future__ import annotations

import json

import pytest

from engine.core.votes import HAT, SealedVote


def open_vote(**kw):
    args = {
        "kind": "leak",
        "seats": [0, 1, 2, 3],
        "choices": ["red", "blue", "black"],
        "tie_breaker": 2,
        "hat_holders": [0, 1, 2, 3],
    }
    args.update(kw)
    return SealedVote.open(args.pop("kind"), args.pop("seats"), args.pop("choices"), **args)


def cast_all(vote: SealedVote, ballots: dict[int, str | None]) -> dict:
    for seat in vote.waiting():
        vote.cast(seat, ballots.get(seat))
    return vote.reveal()


def test_a_vote_with_one_choice_is_not_held() -> None:
    with pytest.raises(ValueError, match="not held"):
        open_vote(choices=["red"])


def test_everyone_eligible_is_waited_for_until_cast_and_a_cast_is_final() -> None:
    vote = open_vote()
    assert vote.waiting() == [0, 1, 2, 3]
    vote.cast(1, "red")
    assert vote.waiting() == [0, 2, 3]
    assert vote.ballots(1) == []
    with pytest.raises(ValueError, match="cannot cast"):
        vote.cast(1, "blue")
    assert vote.window.answer_of(1) == "red"


def test_ballots_are_choices_hat_if_held_and_no_card() -> None:
    vote = open_vote(hat_holders=[0])
    assert vote.ballots(0) == ["red", "blue", "black", HAT, None]
    assert vote.ballots(1) == ["red", "blue", "black", None]
    assert not vote.can_cast(1, HAT)
    assert not vote.can_cast(1, "green")
    assert not vote.can_cast(7, "red")


def test_before_the_reveal_others_see_only_who_cast() -> None:
    vote = open_vote()
    vote.cast(0, "blue")
    other, own, spectator = vote.view(1), vote.view(0), vote.view(None)
    assert other["cast"] == [0]
    assert spectator["cast"] == [0]
    assert "blue" not in json.dumps(other["cast"])
    assert "my_ballot" not in other
    assert "ballots" not in other
    assert "ballots" not in spectator
    assert own["my_ballot"] == "blue"
    assert json.dumps(vote.view(1), sort_keys=True) == json.dumps(
        _with_other_ballot(0, "red").view(1), sort_keys=True
    )


def _with_other_ballot(seat: int, ballot: str) -> SealedVote:
    vote = open_vote()
    vote.cast(seat, ballot)
    return vote


def test_majority_wins_and_the_reveal_is_attributed() -> None:
    vote = open_vote()
    record = cast_all(vote, {0: "red", 1: "red", 2: "blue", 3: None})
    assert vote.outcome == "red"
    assert record["ballots"] == [
        {"seat": 0, "card": "red"},
        {"seat": 1, "card": "red"},
        {"seat": 2, "card": "blue"},
        {"seat": 3, "card": None},
    ]
    assert record["tally"] == {"red": 2, "blue": 1, "black": 0}
    assert vote.waiting() == []


def test_exactly_one_hat_lets_its_owner_choose_anything() -> None:
    vote = open_vote()
    record = cast_all(vote, {0: "red", 1: "red", 2: "red", 3: HAT})
    assert record["hats"] == [3]
    assert record["decider"] == 3
    assert record["reason"] == "hat"
    assert vote.waiting() == [3]
    assert vote.among == ["red", "blue", "black"]
    assert vote.fallback == "red"  # what the colour cards alone give
    vote.decide(3, "black")
    assert vote.outcome == "black"
    assert vote.waiting() == []


def test_two_hats_cancel_and_colour_cards_decide() -> None:
    vote = open_vote()
    record = cast_all(vote, {0: HAT, 1: HAT, 2: "blue", 3: None})
    assert record["hats"] == [0, 1]
    assert record["hats_cancelled"]
    assert vote.outcome == "blue"
    assert vote.decider is None


def test_a_tie_goes_to_the_tie_breaker_among_the_tied() -> None:
    vote = open_vote()
    cast_all(vote, {0: "red", 1: "blue", 2: None, 3: "black"})
    assert vote.decider == 2
    assert vote.reason == "tie"
    assert vote.among == ["red", "blue", "black"]
    vote2 = open_vote()
    cast_all(vote2, {0: "red", 1: "blue", 2: "blue", 3: "red"})
    assert vote2.among == ["red", "blue"]
    assert vote2.fallback == "red"
    with pytest.raises(ValueError, match="cannot decide"):
        vote2.decide(2, "black")
    with pytest.raises(ValueError, match="cannot decide"):
        vote2.decide(0, "red")
    vote2.decide(2, "blue")
    assert vote2.outcome == "blue"


def test_nothing_counting_is_a_tie_of_all_choices_even_when_hats_cancel() -> None:
    vote = open_vote(tie_breaker=1)
    cast_all(vote, {0: None, 1: HAT, 2: HAT, 3: None})
    assert vote.decider == 1
    assert vote.among == ["red", "blue", "black"]


def test_weights_count_per_voter_whomever_they_name() -> None:
    vote = SealedVote.open(
        "eject", [0, 1, 2], ["red", "blue", "green"], tie_breaker=0, weights={0: 1, 1: 4, 2: 2}
    )
    record = cast_all(vote, {0: "blue", 1: "blue", 2: "red"})
    assert record["tally"] == {"red": 2, "blue": 5, "green": 0}
    assert vote.outcome == "blue"


def test_round_trip() -> None:
    vote = open_vote()
    vote.cast(0, HAT)
    again = SealedVote.from_json(json.loads(json.dumps(vote.to_json())))
    assert again.to_json() == vote.to_json()
    again.cast(1, "red")
    assert vote.window.answer_of(1) is None
