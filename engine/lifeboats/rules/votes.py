"""The three votes of a round (leak, ejection, move): every eligible seat casts a colour card, a
captain's hat or no card, face down; after the reveal a single hat's owner, or the start player
breaking a tie, decides (`decide`). The flow opens, reveals and resolves votes
(`engine.core.votes.SealedVote`); a vote with one valid choice is not held."""

from __future__ import annotations

from ...core import event
from ...core.votes import HAT
from ..board import Action, Events
from ..data import card_id, is_hat
from ..state import VOTE_PHASES, LifeboatsState


def legal_vote(state: LifeboatsState, seat: int) -> list[Action]:
    vote = state.vote
    if state.phase not in VOTE_PHASES or vote is None or vote.revealed:
        return []
    return [{"type": "vote", "card": b} for b in vote.ballots(seat)]


def apply_vote(state: LifeboatsState, seat: int, a: Action, ev: Events) -> None:
    vote = state.vote
    assert vote is not None
    ballot = a["card"]
    vote.cast(seat, ballot)
    if ballot is not None:
        hand = state.hands[seat]
        card = next(c for c in hand if is_hat(c)) if ballot == HAT else card_id(seat, ballot)
        hand.remove(card)
        state.cast[seat] = card
    ev.append(event("vote_cast", seat=seat, vote=vote.kind))
    ev.append(event("you_cast", [seat], seat=seat, vote=vote.kind, card=ballot))


def legal_decide(state: LifeboatsState, seat: int) -> list[Action]:
    vote = state.vote
    if state.phase not in VOTE_PHASES or vote is None or not vote.revealed or seat not in vote.waiting():
        return []
    return [{"type": "decide", "choice": c} for c in vote.among]


def apply_decide(state: LifeboatsState, seat: int, a: Action, ev: Events) -> None:
    vote = state.vote
    assert vote is not None
    vote.decide(seat, a["choice"])
    ev.append(event("vote_decided", seat=seat, choice=a["choice"], reason=vote.reason, vote=vote.kind))
