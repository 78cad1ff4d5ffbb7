"""Every Lifeboat action type in one table: its legal variants and its transition.

`RULES` is what the shared guard (`engine.core.Game.apply`) checks actions against and what
`legal_actions` lists, in this order; a transition runs only for an action its own `legal` lists
(exactly, as JSON) or, for a trade offer, one with exactly `OFFER_SHAPE` that `offer_problem`
accepts. By theme:

- `actions`: the drafter's keep; the actor's nothing, row, flare, parasol, medkit; the rower's
  placement of the rowed cards.
- `attacks`: swap and mug, the target's accept or refuse, the fight a refusal starts.
- `navigation`: the navigator's compass and card; answers to the overboard and thirst windows.
- `cards`: playing a card face up, and trades: the any-time types (`any_time`), open to seats
  whether or not the game waits for them.
"""

from __future__ import annotations

from ...core import Rule
from ..state import State
from . import actions, attacks, cards, navigation
from .cards import prune_offers

RULES: dict[str, Rule[State]] = {
    "keep": Rule(actions.legal_keep, actions.apply_keep),
    "nothing": Rule(actions.legal_nothing, actions.apply_nothing),
    "row": Rule(actions.legal_row, actions.apply_row),
    "swap": Rule(attacks.legal_swap, attacks.apply_swap),
    "mug": Rule(attacks.legal_mug, attacks.apply_mug),
    "flare": Rule(actions.legal_flare, actions.apply_flare),
    "parasol": Rule(actions.legal_parasol, actions.apply_parasol),
    "medkit": Rule(actions.legal_medkit, actions.apply_medkit),
    "place_rowed": Rule(actions.legal_place_rowed, actions.apply_place_rowed),
    "accept": Rule(attacks.legal_accept, attacks.apply_answer),
    "refuse": Rule(attacks.legal_refuse, attacks.apply_answer),
    "fight": Rule(attacks.legal_fight, attacks.apply_fight),
    "compass": Rule(navigation.legal_compass, navigation.apply_compass),
    "navigate": Rule(navigation.legal_navigate, navigation.apply_navigate),
    "react": Rule(navigation.legal_react, navigation.apply_react),
    "water": Rule(navigation.legal_water, navigation.apply_water),
    "play": Rule(cards.legal_play, cards.apply_play, any_time=True),
    "offer_trade": Rule(
        cards.legal_offer_trade,
        cards.apply_offer_trade,
        shape=cards.OFFER_SHAPE,
        validate=cards.offer_problem,
        any_time=True,
    ),
    "answer_trade": Rule(cards.legal_answer_trade, cards.apply_answer_trade, any_time=True),
}

__all__ = ["RULES", "prune_offers"]
