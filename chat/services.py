"""Every write to chat rows goes through these functions; a private message is announced to its
one reader through `games.hooks.send_notice` (the notifications outbox), in the same transaction."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.selectors import blocks_between, display_name
from games import hooks
from games.errors import GameNotFound, InvalidRequest, NotAllowed, WrongStatus
from games.models import Game, Seat
from games.services.notices import game_context

from .models import MAX_LENGTH, ChatMessage
from .signals import chat_posted


@transaction.atomic
def message_post(
    *, game_id: int, user: AbstractBaseUser, text: str, to_seat: int | None = None
) -> ChatMessage:
    """Post to the table (to_seat None) or privately to one other seat of a started game."""
    try:
        game = Game.objects.defer("snapshot").get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound() from None
    seats = {s.user_id: s.index for s in Seat.objects.filter(game=game)}
    users = {index: user_id for user_id, index in seats.items()}
    if user.pk not in seats:
        if game.visibility != Game.Visibility.PUBLIC:
            raise GameNotFound()
        raise NotAllowed(_("Only the players at this table may write here."))
    if game.status not in (Game.Status.RUNNING, Game.Status.FINISHED) or seats[user.pk] is None:
        raise WrongStatus(_("The chat opens when the game starts."))
    text = (text or "").strip()
    if not text:
        raise InvalidRequest(_("Write a message first."))
    if len(text) > MAX_LENGTH:
        raise InvalidRequest(_("A message has at most %(max)d characters.") % {"max": MAX_LENGTH})
    if to_seat is not None and (to_seat == seats[user.pk] or to_seat not in seats.values()):
        raise InvalidRequest(_("Write privately to another seat at this table."))
    if to_seat is not None:
        recipient = next(uid for uid, index in seats.items() if index == to_seat)
        mine, theirs = blocks_between(user_id=user.pk, others=[recipient])
        if mine or theirs:
            raise NotAllowed(_("You cannot write privately to this player."))
    message = ChatMessage.objects.create(
        game=game, author=user, author_seat=seats[user.pk], recipient_seat=to_seat, text=text
    )
    if to_seat is not None:
        _announce(message, game, users[to_seat])
    message_id = message.pk
    transaction.on_commit(lambda: chat_posted.send(sender=ChatMessage, message_id=message_id))
    return message


@transaction.atomic
def message_set_hidden(*, message_id: int, hidden: bool = True) -> ChatMessage:
    """Hide a message (shown as hidden by a moderator, its text to nobody) or show it again. The
    caller has checked who may (`clubs.services.report_handle`: the club's moderators); the
    message row is locked."""
    try:
        message = ChatMessage.objects.select_for_update().get(pk=int(message_id))
    except (ChatMessage.DoesNotExist, ValueError, TypeError):
        raise GameNotFound(_("There is no such message.")) from None
    if message.hidden != hidden:
        message.hidden = hidden
        message.save(update_fields=["hidden"])
    if hidden:  # its announcement, if not sent yet, is not sent (shown again, it is not sent again)
        hooks.withdraw_notice(dedupe_key=_notice_key(message))
    return message


def _notice_key(message: ChatMessage) -> str:
    """The one key of a private message's announcement."""
    return f"message:{message.pk}"


def _announce(message: ChatMessage, game: Game, user_id: int) -> None:
    """A private message is announced to the one seat it is for (a mail of its own or a line in
    the digest, per that player's preferences): its author, the table and the text, which only
    the two seats read."""
    hooks.send_notice(
        kind="message",
        user_id=user_id,
        game=game,
        seat_index=message.recipient_seat,
        context={
            "game": game_context(game),
            "author": display_name(message.author),
            "text": message.text,
            "message": message.pk,
        },
        dedupe_key=_notice_key(message),
    )
