"""A game's options in plain words: a label and a one-line explanation each (each game's package
words its own: `Presentation.OPTIONS`), in the reader's language, for the create form, the open
game and the lobby."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class OptionText:
    label: Promise | str
    help: Promise | str


def option_text(texts: Mapping[str, OptionText], name: str) -> OptionText:
    """An option in words, from its game's `texts` (`Presentation.OPTIONS`)."""
    found = texts.get(name)
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


def game_options(
    texts: Mapping[str, OptionText], defaults: Mapping[str, Any], options: dict[str, Any]
) -> list[ShownOption]:
    """A game's options as a reader sees them: label, explanation (from the game's `texts`),
    value, and whether it is the game's default."""
    return [
        ShownOption(
            label=str(option_text(texts, name).label),
            help=str(option_text(texts, name).help),
            value=value_text(value),
            default=defaults.get(name) == value,
        )
        for name, value in options.items()
    ]
