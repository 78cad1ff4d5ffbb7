"""Events carry their own visibility; a seat's log is built by the same rule as its view."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

ALL = "all"


def event(kind: str, visible_to: str | list[int] = ALL, **data: Any) -> dict[str, Any]:
    """An event dict: `type`, `visible_to` ("all" or a list of seats), then its data."""
    seats: str | list[int] = visible_to if isinstance(visible_to, str) else sorted(set(visible_to))
    return {"type": kind, "visible_to": seats, **data}


def is_visible(ev: dict[str, Any], seat: int | None) -> bool:
    vis = ev["visible_to"]
    return vis == ALL or (seat is not None and seat in vis)


def events_for(
    events: Iterable[dict[str, Any]], seat: int | None, *, game_over: bool = False
) -> list[dict[str, Any]]:
    """The events a seat (or the spectator, `None`) may read; after the end, all of them."""
    if game_over:
        return list(events)
    return [ev for ev in events if is_visible(ev, seat)]
