"""The board presenters and their markup for the table's partials (`games/partials/*.html`)."""

from __future__ import annotations

from html import escape
from typing import Any

from django import template
from django.template.base import Node, NodeList, Parser, TextNode, Token, Variable
from django.templatetags.i18n import TranslateNode
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games import i18n
from games.board import markup
from games.board import present_table as _present_table
from games.board.links import GameLinks
from games.board.links import game_links as _game_links
from games.board.log import sections
from games.board.present import Presented, player_names
from games.board.rules import reference

register = template.Library()


@register.simple_tag
def present_table(table: Any) -> Presented | None:
    return _present_table(table)


@register.simple_tag
def game_links(game_id: int) -> GameLinks:
    return _game_links(game_id)


@register.simple_tag
def game_log(table: Any) -> SafeString:
    """The table's log as headed sections of sentences, newest first ("" when there is none)."""
    if table.view is None:
        return SafeString()
    return markup.log_sections(sections(table.game.slug, table.log, table.view, player_names(table)))


@register.simple_tag
def player_rows(table: Any) -> SafeString:
    return markup.player_rows(table)


@register.simple_tag(takes_context=True)
def prompt(context: template.Context, presented: Presented, table: Any) -> SafeString:
    """The seat's questions and forms, each with the reader's CSRF field as `{% csrf_token %}`
    renders it."""
    token = context.get("csrf_token")
    csrf_input = (
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(str(token))}">'
        if token and token != "NOTPROVIDED"
        else ""
    )
    return markup.prompt(presented, table.game, _game_links(table.game.id), csrf_input)


register.simple_tag(markup.list_items)
register.simple_tag(markup.lifeboat_seats)
register.simple_tag(markup.lifeboat_final)
register.simple_tag(markup.rowed)
register.simple_tag(markup.offers)
register.simple_tag(markup.lifeboats_players)
register.simple_tag(markup.lifeboats_final)


@register.tag
def per_language(parser: Parser, token: Token) -> Node:
    """`{% per_language %}…{% endper_language %}`: markup and `{% translate "…" %}` rendered once per
    language, then reused (a translate node costs some ten microseconds on every render).

    Anything else inside (a variable, another tag), which could differ between readers of one
    language, is refused when the template is parsed.
    """
    nodelist = parser.parse(("endper_language",))
    parser.delete_first_token()
    for node in nodelist:
        if not isinstance(node, TextNode) and not _constant_translation(node):
            found = node.token.contents if node.token else type(node).__name__
            raise template.TemplateSyntaxError(
                f'{{% per_language %}} holds only text and {{% translate "…" %}}, not {found!r}'
            )
    return PerLanguageNode(nodelist)


def _constant_translation(node: Node) -> bool:
    if not isinstance(node, TranslateNode) or node.asvar is not None:
        return False
    message, context = node.filter_expression, node.message_context
    return (
        isinstance(message.var, Variable)
        and message.var.literal is not None
        and not message.filters
        and (context is None or not context.is_var)
    )


class PerLanguageNode(Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist
        self.rendered: dict[str | None, SafeString] = {}

    def render(self, context: template.Context) -> SafeString:
        language = get_language()
        if language not in self.rendered:
            self.rendered[language] = self.nodelist.render(context)
        return self.rendered[language]


@register.simple_tag
def rules_reference(slug: str) -> dict[str, Any] | None:
    """Card and character numbers for the rules help of a game."""
    return reference(slug)


@register.filter
def card_name(card: str) -> str:
    """A card id as a reader names it, in their language (`love-kid`: "Love: The Kid")."""
    return i18n.card_name(card)
