"""Tags for every page: the unreachable-mail banner."""

from __future__ import annotations

from typing import Any

from django import template

from notifications.bounces import unreachable_address

register = template.Library()


@register.inclusion_tag("notifications/_mail_banner.html", takes_context=True)
def mail_banner(context: dict[str, Any]) -> dict[str, Any]:
    """On every page of a signed-in player whose mail bounces: "We cannot reach you at …", with a
    link to fix it. Read from the cache (`bounces.unreachable_address`), so a page costs no query."""
    request = context.get("request")
    return {"address": unreachable_address(getattr(request, "user", None))}
