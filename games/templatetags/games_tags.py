"""Readable HTML for an engine's per-seat view and events (a plain rendering; styled later).

Built with `html.escape` and joins rather than `format_html`, which is several times slower on
views of a few hundred values: the table page renders one on every request.
"""

from __future__ import annotations

from html import escape
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()
EMPTY = '<span class="muted">—</span>'


def _label(key: str) -> str:
    return escape(key.replace("_", " ").capitalize())


def _render(value: Any) -> str:
    if value is None or value == [] or value == {}:
        return EMPTY
    if isinstance(value, dict):
        rows = "".join(f"<dt>{_label(str(k))}</dt><dd>{_render(v)}</dd>" for k, v in value.items())
        return f'<dl class="view">{rows}</dl>'
    if isinstance(value, list):
        if all(not isinstance(item, dict | list) for item in value):
            return ", ".join(f'<span class="chip">{_render(item)}</span>' for item in value)
        items = "".join(f"<li>{_render(item)}</li>" for item in value)
        return f'<ol class="view" start="0">{items}</ol>'
    if isinstance(value, bool):
        return "✔" if value else "✘"
    return escape(str(value))


@register.filter
def render_view(view: dict[str, Any]) -> SafeString:
    """A seat's view as nested definition lists (every value escaped)."""
    return mark_safe(_render(view))  # built from escaped parts only


@register.filter
def render_event(event: dict[str, Any]) -> SafeString:
    """One log line: the event type and its data, without the visibility marker."""
    details = {k: v for k, v in event.items() if k not in {"type", "visible_to"}}
    label = _label(str(event.get("type", "")))
    return mark_safe(f"<strong>{label}</strong> {_render(details) if details else ''}")
