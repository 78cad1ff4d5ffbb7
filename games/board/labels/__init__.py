"""Action labels (buttons, menus, mails) in the reader's language, from the seat's own view.

One module per game, each a dictionary from action type to the function that words it. A label
reads only the action and the view of the seat that may take it, never a state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import lifeboat, lifeboats

Label = Callable[[dict[str, Any], dict[str, Any]], str]

LABELS: dict[str, dict[str, Label]] = {"lifeboat": lifeboat.LABELS, "lifeboats": lifeboats.LABELS}


def label(slug: str, view: dict[str, Any], action: dict[str, Any]) -> str:
    """The label of one of the seat's legal actions; `view` is that seat's view."""
    word = LABELS.get(slug, {}).get(str(action.get("type")))
    if word is None:  # a type no table words (the labels test lists every type both engines offer)
        return str(action.get("type", "")).replace("_", " ").capitalize()
    return word(view, action)


__all__ = ["LABELS", "label"]
