"""The games' options in plain words: a label and a one-line explanation each, in the reader's
language, for the create form, the open game and the lobby."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import engine


@dataclass(frozen=True)
class OptionText:
    label: Promise | str
    help: Promise | str


OPTIONS: dict[tuple[str, str], OptionText] = {
    ("lifeboat", "sharks"): OptionText(
        gettext_lazy("Shark variant"),
        gettext_lazy(
            "Every character's Size is one higher, and the ghosts of the dead may rile the sharks "
            "whenever someone goes overboard."
        ),
    ),
    ("lifeboat", "ambivalent_scores"): OptionText(
        gettext_lazy("Ambivalent players score"),
        gettext_lazy(
            "A player whose Love and Hate name the same other character scores its Survival if it "
            "lives and its Size if it dies; off: neither counts (the Czech rules)."
        ),
    ),
    ("lifeboats", "island_lanes"): OptionText(
        gettext_lazy("Lanes per island"),
        gettext_lazy("How many of the seven lanes lead to the left, middle and right island."),
    ),
    ("lifeboats", "four_sailors_from"): OptionText(
        gettext_lazy("Four sailors each, from this many players"),
        gettext_lazy(
            "With this many players or more each player has 4 sailors instead of 5 (the printed "
            "rules say 5; the Hungarian text says 6; 7 means never)."
        ),
    ),
    ("lifeboats", "jump_needs_exit"): OptionText(
        gettext_lazy("Stay put when no other boat has room"),
        gettext_lazy(
            "In phase 3 a player is skipped when no other boat at sea has an empty place; off: "
            "they must still take a figure out, and it drowns."
        ),
    ),
}


#: Options that take one of a few values (the create form offers a menu).
CHOICES: dict[tuple[str, str], list[Any]] = {
    ("lifeboats", "four_sailors_from"): [3, 4, 5, 6, 7],
    # every way of sharing the seven lanes out among three islands, the rules' own first
    ("lifeboats", "island_lanes"): [[2, 2, 3]]
    + [[a, b, 7 - a - b] for a in range(1, 6) for b in range(1, 7 - a) if [a, b, 7 - a - b] != [2, 2, 3]],
}


def option_text(slug: str, name: str) -> OptionText:
    found = OPTIONS.get((slug, name))
    if found is None:  # an option no table words yet (the options test lists every option)
        return OptionText(name.replace("_", " ").capitalize(), "")
    return found


def value_text(value: Any) -> str:
    """An option's value in words: on/off, a number, a list of numbers."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


@dataclass(frozen=True)
class ShownOption:
    label: str
    help: str
    value: str
    default: bool


def game_options(slug: str, options: dict[str, Any]) -> list[ShownOption]:
    """A game's options as a reader sees them: label, explanation, value, and whether it is the
    game's default."""
    defaults = engine.GAMES[slug].options if slug in engine.GAMES else {}
    return [
        ShownOption(
            label=str(option_text(slug, name).label),
            help=str(option_text(slug, name).help),
            value=value_text(value),
            default=defaults.get(name) == value,
        )
        for name, value in options.items()
    ]
