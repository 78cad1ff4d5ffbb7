"""What every game's presentation shares (`games/<slug>/` build on it): the forms a game's names
take and the seats' names (`names`), prompts and their questions (`prompt`), the log's sentence
base and sections (`log`), and the options in words (`options`).

The one path from state to page is `games.present`: `games.selectors.table` reads the game and
gives the seat's view, legal actions and log; `present_table` turns them into plain dataclasses,
asking the game's own package (`games.presentations`) for what only that game knows; the template
`games/table.html` renders them, with the game's own templates (`games/<slug>/`). Nothing here
reads a state, a snapshot or another seat's secrets.
"""
