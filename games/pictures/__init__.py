"""Pictures of the games as SVG, drawn only from a seat's engine view.

- Card faces: `lifeboat_card(card_id)`, `lifeboats_card(card_id)`, `character_card(slug)` give a
  `CardFace` (the card id, the sprite symbol, a sentence for screen readers); the faces
  themselves are drawn once per game and language into a static sprite (`sprite_url(game)`).
- Boards: `lifeboat_board(view, names, sprite=...)` and `lifeboats_board(view, names)` return
  inline SVG (a `SafeString`) with a title and description, `data-*` hooks on every part a
  player might choose, and markers on the parts listed as changed.
- `lifeboat_cards(view)`, `lifeboats_cards(view)`: the cards a view shows beside the board
  (hand, draft, Row stack, reveal, ...), as `CardFace`s for a template.
- `changes(slug, before, after)`: the part keys that differ between two views of one seat.
- `choices(slug, view, legal)`: part key -> the legal actions a click on that part would take.
"""

from .changes import changes
from .choices import choices
from .faces import CardFace, character_card, lifeboat_card, lifeboats_card
from .lifeboat import lifeboat_board, lifeboat_cards
from .lifeboats import lifeboats_board, lifeboats_cards
from .sprite import sprite_url

__all__ = [
    "CardFace",
    "changes",
    "character_card",
    "choices",
    "lifeboat_board",
    "lifeboat_card",
    "lifeboat_cards",
    "lifeboats_board",
    "lifeboats_card",
    "lifeboats_cards",
    "sprite_url",
]
