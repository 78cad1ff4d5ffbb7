"""Reads of the chat: what one user may read at one table, and whom a message concerns.

A reader never gets a message by a player they blocked (`accounts.Block`), in the panel or by
mail; a message a moderator hid shows as hidden, its text to nobody."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from accounts.selectors import blocked_ids, blockers_of, display_name
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
    #: Hidden by a moderator: shown as such, without its text.
    hidden: bool
    text: str
    created_at: datetime


def seat_index(*, game_id: int, user: AbstractBaseUser | AnonymousUser) -> int | None:
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(game_id=game_id, user=user).values_list("index", flat=True).first()


def _visible(game_id: int, seat: int | None, user: AbstractBaseUser | AnonymousUser | None = None):
    """Table messages for everyone, private ones for their two seats; none by a player the reader
    has blocked. Hidden ones stay in the list (shown as hidden, without their text)."""
    visible = Q(recipient_seat__isnull=True)
    if seat is not None:
        visible |= Q(author_seat=seat) | Q(recipient_seat=seat)
    rows = ChatMessage.objects.filter(visible, game_id=game_id)
    blocked = blocked_ids(user) if user is not None else set()
    return rows.exclude(author_id__in=blocked) if blocked else rows


def has_news(
    *, game_id: int, seat: int | None, after: int, user: AbstractBaseUser | AnonymousUser | None = None
) -> bool:
    """Whether a message newer than `after` is visible to the seat (two cheap queries)."""
    return _visible(game_id, seat, user).filter(id__gt=after).exists()


def lines_for(
    *, game_id: int, seat: int | None, after: int = 0, user: AbstractBaseUser | AnonymousUser | None = None
) -> list[ChatLine]:
    """The latest messages `user` (at `seat`) may read newer than `after` (a message id), oldest
    first: none by a player they have blocked; a hidden one without its text. Three queries
    whatever the chat's length."""
    visible = _visible(game_id, seat, user).filter(id__gt=after)
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
            hidden=m.hidden,
            text="" if m.hidden else m.text,
            created_at=m.created_at,
        )
        for m in reversed(rows)
    ]


def readable_message(*, message_id: int, user: AbstractBaseUser) -> ChatMessage | None:
    """The message if `user` is seated at its table and may read it now (not hidden, not by a
    player they blocked, a private one only between its two seats); else None."""
    try:
        message = ChatMessage.objects.select_related("game").get(pk=int(message_id))
    except (ChatMessage.DoesNotExist, ValueError, TypeError):
        return None
    seat = seat_index(game_id=message.game_id, user=user)
    if seat is None or message.hidden:
        return None
    if not _visible(message.game_id, seat, user).filter(pk=message.pk).exists():
        return None
    return message


def recipients(*, message_id: int) -> list[AbstractBaseUser]:
    """The users a new message concerns, for notifications: the other seats, or the one addressee."""
    message = ChatMessage.objects.select_related("game").get(pk=message_id)
    if message.hidden:
        return []
    seats = Seat.objects.filter(game=message.game).exclude(index=message.author_seat).select_related("user")
    if message.recipient_seat is not None:
        seats = seats.filter(index=message.recipient_seat)
    users = [s.user for s in seats if s.user is not None]  # bots get no notice
    blocking = blockers_of(user_id=message.author_id, among=[u.pk for u in users])
    return [u for u in users if u.pk not in blocking]  # who blocked the author hears nothing of it
