"""Lifeboat (Jeff Siadek, 4-6 players): the rules engine.

The rules are `shared/rules/lifeboat.md`; the contract `shared/ENGINE_API.md`. The layout is
the same as `engine.lifeboats`'s: `data` (characters and cards as tables), `state` (plain data,
JSON round trip), `board` (queries and card moves on a state), `flow` (the turn: Quartermaster,
Actions, Navigation with its overboard and thirst windows; who is waited for, the kind of its
decision, the defaults), `rules` (one table entry per action type: its legal variants and its
transition; by theme in `rules/actions.py`, `attacks.py` (swaps, mugs and their fights),
`navigation.py`, `cards.py` (playing face up, trades)), `scoring` (`final_scores`), `view`
(per-seat views and secrets), `ahead` (answering the draft and the action ahead), `game`
(`LifeboatGame`, the deal). Imports go one way: game -> rules -> flow -> board -> state.

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

Choices where the rules file is silent (beyond its own Decisions):

- A Life Preserver played for an unconscious character protects it through the overboard step
  that names it, then goes back face up to the lender if the lender is still in the boat. Once
  that Navigation card is revealed it is too late: it cannot be played for him that turn.
- After the end every view shows everything, the Row stack too (`deck_order.row_stack`: the
  Flare Gun's fourth bird can end the game while cards lie on it).
- Trades: hand cards asked for are named by kind (the asker cannot see ids); accepting gives the
  lowest-value matching card. Trades are open while a rower places cards, closed in fights and
  pending answers. Offers lapse when a named card moves away, a side is knocked out, or the phase
  ends.
- Fighters play weapons only in their round answers (no `play` while in a fight); a joiner may
  play weapons and declare the Flare Gun (from hand or face up) in the answer that joins.
  A round in which nobody has anything to decide is a quiet round.
- A face-up Compass is used by itself; one in hand may be played by the navigator (`compass`).
  The rest of the Row stack goes under the deck in stack order; rowed cards not stacked in draw
  order.
- Water pledges are counts per character; spent Water comes face up first, then from the hand.
- The reaction window opens only when a living character falls; in the shark variant, Bucket and
  rile choices are not asked once a face-up Bucket already triggers.
- Ghosts (shark variant) are inactive seats except while the reaction window asks them.
"""

from .game import LifeboatGame
from .scoring import final_scores

LIFEBOAT = LifeboatGame()

__all__ = ["LIFEBOAT", "LifeboatGame", "final_scores"]
