"""Template tags for the pictures (`games.pictures`).

{% load pictures %}
{% card_sprite "lifeboat" as sprite %}
{% lifeboat_board view names sprite changed=changed choosable=choosable %}
{% for face in cards.hand %}{% include "pictures/card.svg" with face=face sprite=sprite %}{% endfor %}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from django import template
from django.utils.safestring import SafeString

from games import pictures

register = template.Library()


@register.simple_tag
def card_sprite(game: str) -> str:
    """The URL of `game`'s card sprite in the active language."""
    return pictures.sprite_url(game)


@register.simple_tag
def lifeboat_board(
    view: dict[str, Any],
    names: Mapping[int, str],
    sprite: str,
    changed: Collection[str] = (),
    choosable: Collection[str] = (),
) -> SafeString:
    return pictures.lifeboat_board(view, names, sprite=sprite, changed=changed, choosable=choosable)


@register.simple_tag
def lifeboats_board(
    view: dict[str, Any],
    names: Mapping[int, str],
    changed: Collection[str] = (),
    choosable: Collection[str] = (),
) -> SafeString:
    return pictures.lifeboats_board(view, names, changed=changed, choosable=choosable)


@register.simple_tag
def lifeboat_cards(view: dict[str, Any]) -> dict[str, list[pictures.CardFace]]:
    """`{% lifeboat_cards view as cards %}`: the cards beside the board (`cards.hand`, ...)."""
    return pictures.lifeboat_cards(view)


@register.simple_tag
def lifeboats_cards(view: dict[str, Any]) -> dict[str, list[pictures.CardFace]]:
    return pictures.lifeboats_cards(view)
