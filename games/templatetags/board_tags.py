"""`{% present_table t as b %}`: the board presenters for the table page's context object."""

from __future__ import annotations

from typing import Any

from django import template

from games import i18n
from games.board import present_table as _present_table
from games.board.log import Section, sections
from games.board.present import Presented, player_names
from games.board.rules import reference

register = template.Library()


@register.simple_tag
def present_table(table: Any) -> Presented | None:
    return _present_table(table)


@register.simple_tag
def game_log(table: Any) -> list[Section]:
    """The table's log as headed sections of sentences, newest first."""
    if table.view is None:
        return []
    return sections(table.game.slug, table.log, table.view, player_names(table))


@register.simple_tag
def rules_reference(slug: str) -> dict[str, Any] | None:
    """Card and character numbers for the rules help of a game."""
    return reference(slug)


@register.filter
def card_name(card: str) -> str:
    """A card id as a reader names it, in their language (`love-kid`: "Love: The Kid")."""
    return i18n.card_name(card)
