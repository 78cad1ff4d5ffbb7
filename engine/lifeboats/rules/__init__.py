"""Every Lifeboats action type in one table: its legal variants and its transition.

`RULES` is what the shared guard (`engine.core.Game.apply`) checks actions against and what
`legal_actions` lists; a transition runs only for an action its own `legal` lists (exactly, as
JSON). The flow plays the same steps itself where a seat has one possibility. By theme:

- `placing`: the set-up's boat and figure placements.
- `votes`: casting a vote card, and the decision after a hat or a tie.
- `jumps`: phase 3's jump out and jump in.
"""

from __future__ import annotations

from ...core import Rule
from ..state import LifeboatsState
from . import jumps, placing, votes

RULES: dict[str, Rule[LifeboatsState]] = {
    "place_boat": Rule(placing.legal_place_boat, placing.apply_place_boat),
    "place_figure": Rule(placing.legal_place_figure, placing.apply_place_figure),
    "vote": Rule(votes.legal_vote, votes.apply_vote),
    "decide": Rule(votes.legal_decide, votes.apply_decide),
    "jump_out": Rule(jumps.legal_jump_out, jumps.apply_jump_out),
    "jump_in": Rule(jumps.legal_jump_in, jumps.apply_jump_in),
}

__all__ = ["RULES"]
