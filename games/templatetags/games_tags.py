"""Readable HTML for an engine's per-seat view and events (a plain rendering; styled later)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

register = template.Library()
EMPTY = mark_safe('<span class="muted">—</span>')


def _label(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _render(value: Any) -> SafeString:
    if isinstance(value, dict):
        if not value:
            return EMPTY
        rows = format_html_join(
            "", "<dt>{}</dt><dd>{}</dd>", ((_label(str(k)), _render(v)) for k, v in value.items())
        )
        return format_html('<dl class="view">{}</dl>', rows)
    if isinstance(value, list):
        if not value:
            return EMPTY
        if all(not isinstance(item, dict | list) for item in value):
            return format_html_join(
                ", ", '<span class="chip">{}</span>', ((_render(item),) for item in value)
            )
        return format_html(
            '<ol class="view" start="0">{}</ol>',
            format_html_join("", "<li>{}</li>", ((_render(i),) for i in value)),
        )
    if value is None:
        return EMPTY
    if isinstance(value, bool):
        return format_html("{}", "✔" if value else "✘")
    return format_html("{}", value)


@register.filter
def render_view(view: dict[str, Any]) -> SafeString:
    """A seat's view as nested definition lists."""
    return _render(view)


@register.filter
def render_event(event: dict[str, Any]) -> SafeString:
    """One log line: the event type and its data, without the visibility marker."""
    details = {k: v for k, v in event.items() if k not in {"type", "visible_to"}}
    return format_html(
        "<strong>{}</strong> {}", _label(str(event.get("type", ""))), _render(details) if details else ""
    )
