"""The tags of the table's parts (`games/table.html#table`, the replay's `games/partials/board.html`):
each writes its part of `#table` whole, from the presenters (`games.board`) and their markup
(`games.board.markup`)."""

from __future__ import annotations

from html import escape
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from games import i18n
from games.board import markup, present_table
from games.board.links import game_links
from games.board.log import sections
from games.board.present import Presented, player_names
from games.board.rules import reference

register = template.Library()


@register.simple_tag
def players(table: Any) -> SafeString:
    with i18n.one_language():
        return markup.players(table)


@register.simple_tag(takes_context=True)
def table_board(context: template.Context, table: Any) -> SafeString:
    """The board and the seat's private corner; for a seat still playing, its prompt too, whose
    forms carry the reader's CSRF field as `{% csrf_token %}` renders it."""
    with i18n.one_language():
        presented = present_table(table)
        if presented is None:
            return SafeString()
        html = markup.board(presented) + "\n"  # and the line end of `board`'s partial (the replay's)
        if table.is_member and table.game.is_running and not table.resigned:
            token = context.get("csrf_token")
            csrf_input = (
                f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(str(token))}">'
                if token and token != "NOTPROVIDED"
                else ""
            )
            html += markup.prompt(presented, table.game, game_links(table.game.id), csrf_input)
    return mark_safe(html)  # the board, the line end and the prompt: built escaped


@register.simple_tag
def board(presented: Presented) -> SafeString:
    """The board and private corner of a presented table (`Presented.template`: the replay)."""
    with i18n.one_language():
        return markup.board(presented)


@register.simple_tag
def game_log(table: Any) -> SafeString:
    """The log section: headed sections of sentences, newest first."""
    with i18n.one_language():
        return markup.log(sections(table.game.slug, table.log, table.view, player_names(table)))


@register.simple_tag
def live_updates(table: Any, invite_token: str) -> SafeString:
    return markup.live_updates(table, game_links(table.game.id), invite_token)


@register.simple_tag
def rules_reference(slug: str) -> dict[str, Any] | None:
    """Card and character numbers for the rules help of a game."""
    return reference(slug)


@register.filter
def card_name(card: str) -> str:
    """A card id as a reader names it, in their language (`love-kid`: "Love: The Kid")."""
    return i18n.card_name(card)
