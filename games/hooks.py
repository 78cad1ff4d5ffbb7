"""What games asks of the apps above it, without importing them.

Games knows no other app of ours; the apps that sit above it answer its questions by registering
here in their `AppConfig.ready` (what games tells them goes through `games.signals`):

- club membership (clubs): `register_club_membership(check)`; games asks `is_club_member` and
  `can_see_game` for club-only games. Without a registered check nobody is a member, so a
  club-only game is seen by its seated players alone.
- invitations by mail (notifications' outbox): `register_invitation_sender(sender)`, where
  `sender(message=..., sent_by=...)` queues a rendered `EmailMessage` and may refuse it with a
  `games.errors.GameError` (a daily limit); without one the message is sent at once.
- notices to a player (notifications' outbox): `register_notice_sender(sender)`, where
  `sender(kind=..., user_id=..., game=..., seat_index=..., context=..., dedupe_key=...)` writes one
  mail row in the caller's transaction, to go out after the commit per the player's preferences
  (chat's private messages); without one nothing is sent.

A registry, not Django signals, because games needs the answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: `check(club_id=..., user=...)`: whether the user belongs to the club.
ClubMembership = Callable[..., bool]
#: `sender(message=..., sent_by=...)`: queue an invitation mail (refusals raise a GameError).
InvitationSender = Callable[..., Any]
#: `sender(kind=..., user_id=..., game=..., seat_index=..., context=..., dedupe_key=...)`.
NoticeSender = Callable[..., Any]

_club_membership: list[ClubMembership] = []
_invitation_senders: list[InvitationSender] = []
_notice_senders: list[NoticeSender] = []


def register_club_membership(check: ClubMembership) -> None:
    """The one check of club membership (the clubs app's); registering again replaces it."""
    _club_membership[:] = [check]


def is_club_member(*, club_id: int | None, user: Any) -> bool:
    if club_id is None or not user.is_authenticated or not _club_membership:
        return False
    return bool(_club_membership[0](club_id=club_id, user=user))


def can_see_game(*, game: Any, user: Any) -> bool:
    """A club-only game is seen by its club's members (seated players are checked by games)."""
    if getattr(game, "visibility", None) != "club":
        return True
    return is_club_member(club_id=game.club_id, user=user)


def register_invitation_sender(sender: InvitationSender) -> None:
    """The one sender of invitation mails (the notifications outbox); registering again replaces it."""
    _invitation_senders[:] = [sender]


def send_invitation(*, message: Any, sent_by: Any) -> None:
    if _invitation_senders:
        _invitation_senders[0](message=message, sent_by=sent_by)
    else:
        message.send()


def register_notice_sender(sender: NoticeSender) -> None:
    """The one sender of notices to players (the notifications outbox); registering again replaces it."""
    _notice_senders[:] = [sender]


def send_notice(
    *, kind: str, user_id: int, game: Any, seat_index: int | None, context: dict[str, Any], dedupe_key: str
) -> None:
    """A notice to one player (what it says must be theirs to see), in the caller's transaction."""
    if _notice_senders:
        _notice_senders[0](
            kind=kind,
            user_id=user_id,
            game=game,
            seat_index=seat_index,
            context=context,
            dedupe_key=dedupe_key,
        )
