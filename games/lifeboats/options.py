"""Lifeboats' options in plain words (label and explanation), and those that take one of a few
values."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from games.board.options import OptionText

OPTIONS: dict[str, OptionText] = {
    "island_lanes": OptionText(
        gettext_lazy("Lanes per island"),
        gettext_lazy("How many of the seven lanes lead to the left, middle and right island."),
    ),
    "four_sailors_from": OptionText(
        gettext_lazy("Four sailors each, from this many players"),
        gettext_lazy(
            "With this many players or more each player has 4 sailors instead of 5 (the printed "
            "rules say 5; the Hungarian text says 6; 7 means never)."
        ),
    ),
    "jump_needs_exit": OptionText(
        gettext_lazy("Stay put when no other boat has room"),
        gettext_lazy(
            "In phase 3 a player is skipped when no other boat at sea has an empty place; off: "
            "they must still take a figure out, and it drowns."
        ),
    ),
}

#: Options that take one of a few values (the create form offers a menu).
OPTION_CHOICES: dict[str, list[Any]] = {
    "four_sailors_from": [3, 4, 5, 6, 7],
    # every way of sharing the seven lanes out among three islands, the rules' own first
    "island_lanes": [[2, 2, 3]]
    + [[a, b, 7 - a - b] for a in range(1, 6) for b in range(1, 7 - a) if [a, b, 7 - a - b] != [2, 2, 3]],
}
