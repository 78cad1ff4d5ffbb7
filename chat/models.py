"""Negotiation at a game table: messages to the whole table, or private between two seats.

Rows are written only by `chat.services`; staff (the admin) and club moderators (reports) hide them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The longest message a player may post.
MAX_LENGTH = 1000


class ChatMessage(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    #: The author's seat index when posted (seats are fixed once a game runs).
    author_seat = models.PositiveSmallIntegerField()
    #: None: the whole table; else the one seat this private message is for.
    recipient_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField(_("message"), max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    #: Set by staff (the admin) or a club's moderator (a report): a hidden message shows as hidden,
    #: its text to nobody (it stays for the record).
    hidden = models.BooleanField(_("hidden by a moderator"), default=False)

    class Meta:
        ordering = ["game", "id"]
        indexes = [models.Index(fields=["game", "id"], name="chat_game_idx")]

    def __str__(self) -> str:
        to = "table" if self.recipient_seat is None else f"seat {self.recipient_seat}"
        return f"game {self.game_id}: seat {self.author_seat} to {to}"

    @property
    def is_private(self) -> bool:
        return self.recipient_seat is not None
