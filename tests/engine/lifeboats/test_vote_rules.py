"""Votes inside the game: hats, ties to the start player, spent hats, returning cards, no card."""

from __future__ import annotations

from engine.lifeboats import LIFEBOATS as GAME

from .builders import assert_refused, build, dump, leaks, one, vote

BOATS = {
    "red": (1, ["0s", "1s"]),
    "blue": (3, ["1s", "2s"]),
    "green": (6, ["2s", "3s"]),
}


def hand_names(state, seat):
    return [c.split("-")[-1] if c.startswith("card") else "hat" for c in state.hands[seat]]


def test_leak_vote_majority_gets_the_leak_and_colour_cards_return() -> None:
    state, events = build(4, boats=BOATS)
    opened = one(events, "vote_opened")
    assert opened["choices"] == ["red", "blue", "green"]  # by lane
    assert GAME.to_act(state) == [0, 1, 2, 3]
    hand_before = list(state.hands[0])
    GAME.apply(state, 0, {"type": "vote", "card": "blue"})
    assert "card-0-blue" not in state.hands[0]
    assert state.cast[0] == "card-0-blue"
    events = vote(state, {1: "blue", 2: "red"})
    assert leaks(state, "blue") == 1
    assert leaks(state, "red") == 0
    assert state.hands[0] == hand_before
    assert all(c is None for c in state.cast)
    assert state.phase == "move"


def test_no_card_counts_for_nothing() -> None:
    state, _ = build(4, boats=BOATS)
    vote(state, {0: "green"})
    assert leaks(state, "green") == 1


def test_two_hats_cancel_are_spent_and_colour_cards_decide() -> None:
    state, _ = build(4, boats=BOATS)
    events = vote(state, {0: "hat", 1: "hat", 2: "red", 3: None})
    reveal = one(events, "votes_revealed")
    assert reveal["hats"] == [0, 1]
    assert reveal["hats_cancelled"]
    assert leaks(state, "red") == 1
    assert state.discard == ["hat-0-1", "hat-1-1"]
    assert hand_names(state, 0).count("hat") == 2
    assert GAME.view(state, 3)["players"][0]["hats"] == 2


def test_a_single_hat_owner_chooses_any_boat() -> None:
    state, _ = build(4, boats=BOATS, start=0)
    vote(state, {0: "red", 1: "red", 2: "red", 3: "hat"})
    assert GAME.to_act(state) == [3]
    assert GAME.legal_actions(state, 3) == [{"type": "decide", "choice": c} for c in ("red", "blue", "green")]
    assert GAME.default_action(state, 3) == {"type": "decide", "choice": "red"}
    assert_refused(state, 0, {"type": "decide", "choice": "green"})
    events = GAME.apply(state, 3, {"type": "decide", "choice": "green"})
    assert one(events, "vote_decided")["reason"] == "hat"
    assert leaks(state, "green") == 1
    assert leaks(state, "red") == 0
    assert state.discard == ["hat-3-1"]


def test_single_hat_default_on_a_colour_tie_is_the_first_tied_boat_by_lane() -> None:
    state, _ = build(4, boats=BOATS)
    vote(state, {0: "green", 1: "blue", 2: "hat"})
    assert GAME.default_action(state, 2) == {"type": "decide", "choice": "blue"}


def test_a_tie_goes_to_the_start_player_among_the_tied_only() -> None:
    state, _ = build(4, boats=BOATS, start=2)
    vote(state, {0: "red", 1: "green", 2: None, 3: None})
    assert GAME.to_act(state) == [2]
    assert GAME.legal_actions(state, 2) == [
        {"type": "decide", "choice": "red"},
        {"type": "decide", "choice": "green"},
    ]
    assert GAME.default_action(state, 2) == {"type": "decide", "choice": "red"}
    GAME.apply(state, 2, {"type": "decide", "choice": "green"})
    assert leaks(state, "green") == 1


def test_nobody_counting_is_a_tie_of_all_boats_for_the_start_player() -> None:
    state, _ = build(4, boats=BOATS, start=3)
    vote(state, {})
    assert GAME.to_act(state) == [3]
    assert len(GAME.legal_actions(state, 3)) == 3


def test_start_player_breaks_the_tie_even_when_own_hat_was_cancelled() -> None:
    state, _ = build(4, boats=BOATS, start=1)
    vote(state, {0: "hat", 1: "hat", 2: "red", 3: "blue"})
    assert GAME.to_act(state) == [1]
    assert {a["choice"] for a in GAME.legal_actions(state, 1)} == {"red", "blue"}
    assert "hat-1-1" in state.discard
    assert "hat-0-1" in state.discard


def test_a_seat_without_hats_cannot_play_one_and_a_cast_is_final() -> None:
    state, _ = build(4, boats=BOATS, hats={2: 0})
    assert {"type": "vote", "card": "hat"} not in GAME.legal_actions(state, 2)
    assert_refused(state, 2, {"type": "vote", "card": "hat"})
    GAME.apply(state, 2, {"type": "vote", "card": "red"})
    assert GAME.legal_actions(state, 2) == []
    assert_refused(state, 2, {"type": "vote", "card": "blue"})
    assert_refused(state, 2, {"type": "vote", "card": None})


def test_hat_counts_change_only_at_the_reveal() -> None:
    state, _ = build(4, boats=BOATS)
    GAME.apply(state, 1, {"type": "vote", "card": "hat"})
    for seat in (0, 2, None):
        assert GAME.view(state, seat)["players"][1]["hats"] == 3
    assert GAME.view(state, 1)["you"]["hats"] == 2
    vote(state, {})
    assert GAME.view(state, 0)["players"][1]["hats"] == 2


def test_a_vote_with_one_boat_at_sea_is_not_held() -> None:
    state, events = build(4, boats={"red": (2, ["0s", "1s", "2o"])})
    not_held = [e for e in events if e["type"] == "vote_not_held"]
    assert [(e["vote"], e["result"]) for e in not_held[:2]] == [("leak", "red"), ("move", "red")]
    assert not [e for e in events if e["type"] in ("vote_opened", "votes_revealed")]
    assert state.discard == []
    assert all(len(h) == 8 for h in state.hands)
    # Alone at sea, the first player in turn order with a figure in it must jump, and drowns.
    drowned = [e for e in events if e["type"] == "drowned"]
    assert drowned[0]["seat"] == 0


def test_votes_are_private_until_the_reveal_in_every_other_view() -> None:
    """Two games differing only in seat 1's sealed vote look identical to everyone else."""
    a, _ = build(4, boats=BOATS)
    b, _ = build(4, boats=BOATS)
    GAME.apply(a, 0, {"type": "vote", "card": "green"})
    GAME.apply(b, 0, {"type": "vote", "card": "green"})
    for card_a, card_b in [("red", "hat"), ("red", None), ("hat", None), ("red", "blue")]:
        a2, b2 = GAME.from_json(GAME.to_json(a)), GAME.from_json(GAME.to_json(b))
        ev_a = GAME.apply(a2, 1, {"type": "vote", "card": card_a})
        ev_b = GAME.apply(b2, 1, {"type": "vote", "card": card_b})
        for seat in (0, 2, 3, None):
            assert dump(GAME.view(a2, seat)) == dump(GAME.view(b2, seat))
            assert dump([e for e in ev_a if _sees(e, seat)]) == dump([e for e in ev_b if _sees(e, seat)])
            for secret in GAME.secrets_from(a2, seat):
                assert dump(secret) not in dump(GAME.view(a2, seat))
        assert GAME.view(a2, 1)["you"]["cast"] == card_a
        assert one(ev_a, "you_cast")["visible_to"] == [1]
        GAME.apply(a2, 2, {"type": "vote", "card": None})
        GAME.apply(b2, 2, {"type": "vote", "card": None})
        assert dump(GAME.view(a2, 3)) == dump(GAME.view(b2, 3))
        # the last cast reveals everything, attributed, in one public event
        reveal = one(GAME.apply(a2, 3, {"type": "vote", "card": None}), "votes_revealed")
        assert reveal["visible_to"] == "all"
        assert {"seat": 1, "card": card_a} in reveal["ballots"]
        GAME.apply(b2, 3, {"type": "vote", "card": None})
        assert dump(GAME.view(a2, 3)["last_reveal"]) != dump(GAME.view(b2, 3)["last_reveal"])


def _sees(ev, seat):
    return ev["visible_to"] == "all" or (seat is not None and seat in ev["visible_to"])
