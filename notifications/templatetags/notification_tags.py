"""Tags for the table and every page: who is away from a table, and the unreachable-mail banner."""

from __future__ import annotations

from typing import Any

from django import template

from notifications.bounces import unreachable_address
from notifications.selectors import seat_badges

register = template.Library()


@register.inclusion_tag("notifications/_table_notices.html", takes_context=True)
def table_notices(context: dict[str, Any], game_id: int, seat: int | None = None) -> dict[str, Any]:
    """For the game table: who is away (vacation, absent), and the viewer's mute / "I'm back".

    Usage in a table template: `{% load notification_tags %}{% table_notices game.id seat %}`.
    """
    request = context.get("request")
    user = getattr(request, "user", None)
    badges = seat_badges(game_id=game_id)
    signed_in = bool(user is not None and user.is_authenticated and seat is not None)
    me = badges.get(seat) if seat is not None else None
    return {
        "game_id": game_id,
        "badges": sorted(
            (i, b) for i, b in badges.items() if b["absent"] or b["vacation_until"] or b.get("unreachable")
        ),
        "me": me,
        "muted": signed_in and me is not None and me["muted"],
        "signed_in": signed_in,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("notifications/_mail_banner.html", takes_context=True)
def mail_banner(context: dict[str, Any]) -> dict[str, Any]:
    """On every page of a signed-in player whose mail bounces: "We cannot reach you at …", with a
    link to fix it. Read from the cache (`bounces.unreachable_address`), so a page costs no query."""
    request = context.get("request")
    return {"address": unreachable_address(getattr(request, "user", None))}
