"""Pictures of the games as SVG, drawn only from a seat's engine view: what every game's pictures
share.

- `markup` (safe SVG elements), `fit` (text fitted into a width), `icons`, `palette`, `words`
  (the names pictures write), `hooks` (the `data-*` hooks and marks on a picture's parts).
- `faces`: a card as a picture shows it (`CardFace`), the frame and words every face uses, backs.
- `pieces`: the shared sprite pieces and `use`.
- `sprite`: where a game's sprite is (`sprite_url(game)`); `games.sprites` draws the files.

Each game draws its own board, faces and pieces in its package (`games/<slug>/picture.py`,
`faces.py`, `pieces.py`), and says there which parts a click chooses and which changed
(`parts.py`).
"""
