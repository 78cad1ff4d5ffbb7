"""Property: whatever one seat casts, every other seat and the spectator see the same until the reveal."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.lifeboats import LIFEBOATS as GAME

from .builders import dump


def _sees(ev, seat):
    return ev["visible_to"] == "all" or (seat is not None and seat in ev["visible_to"])


@settings(max_examples=25, deadline=None)
@given(n=st.integers(3, 6), seed=st.integers(0, 2**32), steps=st.integers(0, 400), pick=st.randoms())
def test_any_open_vote_hides_each_ballot_from_everyone_else(n, seed, steps, pick) -> None:
    state = GAME.new_game(n, seed)
    votes_seen = 0
    for _ in range(steps):
        if GAME.is_over(state):
            break
        waiting = GAME.to_act(state)
        seat = pick.choice(waiting)
        legal = GAME.legal_actions(state, seat)
        if legal[0]["type"] == "vote" and len(waiting) > 1:
            votes_seen += 1
            base = GAME.to_json(state)
            outcomes = []
            for action in legal:
                copy = GAME.from_json(base)
                events = GAME.apply(copy, seat, action)
                assert GAME.to_act(copy), "the vote is not complete yet"
                outcomes.append(
                    {
                        other: dump(GAME.view(copy, other)) + dump([e for e in events if _sees(e, other)])
                        for other in [*range(n), None]
                        if other != seat
                    }
                )
            assert all(o == outcomes[0] for o in outcomes), "a sealed vote shows in another seat's view"
        GAME.apply(state, seat, pick.choice(legal))
