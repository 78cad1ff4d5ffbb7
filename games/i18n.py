"""Action labels and log lines for code outside the table (mails, replies, replays), in the
signatures those callers have used.

Everything is worded by `games.board` from the seat's own view, with Django's translation
machinery; these wrappers only take the view of the seat from a state first, and switch the
language for callers that store a text per site language (a mail is written once and rendered
later in its recipient's language).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation

from games.presentations import label

from .board.log import Played
from .present import news

__all__ = [
    "describe_action",
    "labels_by_language_all",
    "log_lines_by_language",
]


def describe_action(rules: Any, state: Any, seat: int | None, action: dict[str, Any]) -> str:
    """The label of `seat`'s legal `action` in the active language, worded from the seat's view."""
    return label(rules.slug, rules.view(state, seat), action)


def labels_by_language_all(
    rules: Any, state: Any, seat: int | None, actions: list[dict[str, Any]]
) -> list[dict[str, str]]:
    """The label of each action in every site language: `[{"en": ..., "hu": ..., "cs": ...}]`."""
    view = rules.view(state, seat)
    out: list[dict[str, str]] = [{} for _action in actions]
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for labels, action in zip(out, actions, strict=True):
                labels[code] = label(rules.slug, view, action)
    return out


def log_lines_by_language(
    slug: str, events: list[dict[str, Any]], view: dict[str, Any], names: dict[int, str]
) -> dict[str, list[str]]:
    """The events (all visible to the view's seat) worded as the table's log words them, oldest
    first, in every site language; "you" is the view's seat."""
    played = [Played(seat=None, events=list(events))]
    out: dict[str, list[str]] = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            out[code] = news(slug, played, view, names, view.get("seat"))
    return out
