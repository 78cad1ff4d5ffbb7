"""Lifeboat (Jeff Siadek, 4-6 players): the rules engine.

The rules are `shared/rules/lifeboat.md`; the contract `shared/ENGINE_API.md`. Modules: `data`
(characters and cards as tables), `state` (plain data, JSON round trip), `board` (queries),
`flow` (the turn: Quartermaster, Actions, fights, Navigation, overboard, thirst), `moves`
(legal actions, checks, transitions, defaults), `view` (per-seat views and secrets),
`scoring` (`final_scores`), `game` (`LifeboatGame`).

Options: `sharks` (shark variant, default False), `ambivalent_scores` (Love = Hate of another
character scores both lines, default True; False follows the Czech text).

Seats are players; `boat` in the state and the view lists seats from bow to stern. Actions:

- Draft: `{"type": "keep", "card": id}`.
- Actions phase, the actor: `{"type": "nothing"}`, `{"type": "row"}`, `{"type": "swap",
  "target": seat}`, `{"type": "mug", "target": seat, "card": id | "hand"}`, `{"type": "flare"}`,
  `{"type": "parasol"}`, `{"type": "medkit", "target": seat}`.
- The rower: `{"type": "place_rowed", "to_stack": [ids in the order drawn]}` (the rest go to the
  bottom of the deck, in the order drawn).
- The target of a swap or mug: `{"type": "accept"}` / `{"type": "refuse"}`.
- A fight round: `{"type": "fight", "side": "attacker" | "defender" | "out", "weapons": [hand
  weapon ids, in hand order], "flare": bool}`; fighters answer with their own side.
- The navigator: `{"type": "compass"}`, `{"type": "navigate", "card": id}`.
- Overboard reactions: `{"type": "react", "preserver": None | "wear" | seat, "buckets": [ids],
  "rile": bool}` (`rile` only for ghosts in the shark variant).
- Thirst: `{"type": "water", "cover": [[seat, count], ...]}`, seats ascending, each count at most
  that character's uncovered thirst, the total at most the Water the seat holds.
- Any time, a conscious player: `{"type": "play", "card": id, "for": seat}` (self or an
  unconscious character in the boat; not while fighting: fighters play weapons in their answer).
- Actions phase (not during a fight or a pending answer): `{"type": "offer_trade", "to": seat,
  "give": [own ids, hand or face up], "take": [the other's face-up ids, or kind slugs such as
  "water" for hand cards]}` (a new offer to the same seat replaces the old one; only one-card
  gifts are listed in `legal_actions`), `{"type": "answer_trade", "offer": id, "accept": bool}`.
"""

from .game import LifeboatGame
from .scoring import final_scores

LIFEBOAT = LifeboatGame()

__all__ = ["LIFEBOAT", "LifeboatGame", "final_scores"]
