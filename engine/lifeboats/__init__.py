"""Lifeboats (Ronald Wetterling, 1993), 3-6 players: the rules in `shared/rules/lifeboats.md`.

The layout is the same as `engine.lifeboat`'s: `data` (colours, lanes, islands and points,
figure counts), `state` (dataclasses with a JSON round trip), `board` (queries on a state, the
possibilities of the placement and jump steps), `flow` (set-up steps, the round's phases, votes,
sinking, the end; who is waited for, the kind of its decision, the defaults), `rules` (one table
entry per action type: its legal variants and its transition; by theme in `rules/placing.py`,
`votes.py`, `jumps.py`), `scoring` (points and places), `view` (per-seat views and secrets),
`ahead` (answering the next placement or jump ahead), `game` (`LifeboatsGame`, the set-up).
Imports go one way: game -> rules -> flow -> board -> state. Sealed votes use the shared
`engine.core.votes.SealedVote`.

Options (`LifeboatsGame.options`):
- `island_lanes` (default `[2, 2, 3]`): lanes per island, left, middle, right; sum 7.
- `four_sailors_from` (default 5): from this many players each has 4 sailors, not 5 (3..7).
- `jump_needs_exit` (default False): in phase 3, a figure may only be taken out of a boat when
  some *other* boat at sea has an empty seat at that moment; a player with no such figure is
  skipped.

Seats play colours in order: 0 red, 1 blue, 2 green, 3 yellow, 4 purple, 5 orange; plus the
ownerless black boat. Ids: figures `fig-<seat>-<officer|sailor>-<k>`, leaks `leak-001`...,
colour cards `card-<seat>-<colour>`, hats `hat-<seat>-<k>`.

Actions:
- `{"type": "place_boat", "lane": 3}`: set-up, own boat, or the black boat for the start player.
- `{"type": "place_figure", "rank": "sailor", "boat": "red"}`: set-up; the figure takes the
  boat's first empty seat (a seat's position in a boat matters to no rule).
- `{"type": "vote", "card": "red"}` / `{"card": "hat"}` / `{"card": None}` (no card). In an
  ejection vote a colour names the player of that colour.
- `{"type": "decide", "choice": "red"}`: the single hat's owner (any valid choice) or the start
  player breaking a tie (among the tied).
- `{"type": "jump_out", "boat": "red", "rank": "sailor"}`, `{"type": "jump_in", "boat": "blue"}`.

Forced steps are played by the engine and logged with `auto: True`: a boat placement with one
free lane (the black boat with 6 players), a figure placement, jump out or jump in with exactly
one possibility; a player with no figure to take out is skipped; a jumper with no seat drowns.
Votes with one valid choice are not held (`vote_not_held`), and an ejection from a boat where
only one player has figures takes that player's figure without a vote.
"""

from .game import LifeboatsGame

LIFEBOATS = LifeboatsGame()

__all__ = ["LIFEBOATS", "LifeboatsGame"]
