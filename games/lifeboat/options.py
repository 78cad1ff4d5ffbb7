"""Lifeboat's options in plain words (label and explanation), and those that take one of a few
values."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from games.board.options import OptionText

OPTIONS: dict[str, OptionText] = {
    "sharks": OptionText(
        gettext_lazy("Shark variant"),
        gettext_lazy(
            "Every character's Size is one higher, and the ghosts of the dead may rile the sharks "
            "whenever someone goes overboard."
        ),
    ),
    "ambivalent_scores": OptionText(
        gettext_lazy("Ambivalent players score"),
        gettext_lazy(
            "A player whose Love and Hate name the same other character scores its Survival if it "
            "lives and its Size if it dies; off: neither counts (the Czech rules)."
        ),
    ),
}

#: Options that take one of a few values (the create form offers a menu).
OPTION_CHOICES: dict[str, list[Any]] = {}
