"""Template helpers of the rules help: the games' numbers, read from the engines' data tables."""

from __future__ import annotations

from typing import Any

from django import template

from games.board.rules import reference

register = template.Library()


@register.simple_tag
def rules_reference(slug: str) -> dict[str, Any] | None:
    """Card and character numbers for the rules help of a game."""
    return reference(slug)
