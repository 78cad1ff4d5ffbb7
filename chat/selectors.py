"""Reads of the chat: what one user may read at one table, and whom a message concerns."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from accounts.selectors import display_name
from games.models import Seat
from games.seats import seat_name

from .models import ChatMessage

#: How many of the latest messages a table shows.
CHAT_LINES = 50


@dataclass(frozen=True)
class ChatLine:
    id: int
    author: str
    author_seat: int
    to: str | None
    to_me: bool
    mine: bool
    text: str
    created_at: datetime


def seat_index(*, game_id: int, user: AbstractBaseUser | AnonymousUser) -> int | None:
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(game_id=game_id, user=user).values_list("index", flat=True).first()


def _visible(game_id: int, seat: int | None):
    """Table messages for everyone, private ones for their two seats; hidden ones for nobody."""
    visible = Q(recipient_seat__isnull=True)
    if seat is not None:
        visible |= Q(author_seat=seat) | Q(recipient_seat=seat)
    return ChatMessage.objects.filter(visible, game_id=game_id, hidden=False)


def has_news(*, game_id: int, seat: int | None, after: int) -> bool:
    """Whether a message newer than `after` is visible to the seat (one cheap query)."""
    return _visible(game_id, seat).filter(id__gt=after).exists()


def lines_for(*, game_id: int, seat: int | None, after: int = 0) -> list[ChatLine]:
    """The latest visible messages newer than `after` (a message id), oldest first; two queries
    whatever the chat's length."""
    visible = _visible(game_id, seat).filter(id__gt=after)
    rows = list(visible.select_related("author__profile").order_by("-id")[:CHAT_LINES])
    names = {
        s.index: seat_name(s) for s in Seat.objects.filter(game_id=game_id).select_related("user__profile")
    }
    return [
        ChatLine(
            id=m.pk,
            author=display_name(m.author),
            author_seat=m.author_seat,
            to=None if m.recipient_seat is None else names.get(m.recipient_seat, f"seat {m.recipient_seat}"),
            to_me=seat is not None and m.recipient_seat == seat,
            mine=seat is not None and m.author_seat == seat,
            text=m.text,
            created_at=m.created_at,
        )
        for m in reversed(rows)
    ]


def recipients(*, message_id: int) -> list[AbstractBaseUser]:
    """The users a new message concerns, for notifications: the other seats, or the one addressee."""
    message = ChatMessage.objects.select_related("game").get(pk=message_id)
    if message.hidden:
        return []
    seats = Seat.objects.filter(game=message.game).exclude(index=message.author_seat).select_related("user")
    if message.recipient_seat is not None:
        seats = seats.filter(index=message.recipient_seat)
    return [s.user for s in seats if s.user is not None]  # bots get no notice
