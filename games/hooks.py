"""What games asks of the apps above it, without importing them.

Games knows no other app of ours; the apps that sit above it answer its questions by registering
here in their `AppConfig.ready` (what games tells them goes through `games.signals`):

- club membership (clubs): `register_club_membership(check)`; games asks `is_club_member` and
  `can_see_game` for club-only games. Without a registered check nobody is a member, so a
  club-only game is seen by its seated players alone. `register_club_members(lookup)` lists a
  club's members (a seat offered to substitutes is mailed to them).
- reliability (ratings): `register_reliability(lookup)`; games asks `reliability_percent` for the
  lobby's players and for a game's minimum reliability to join. Without one nobody has a score
  (every join passes, nothing is shown).
- invitations by mail (notifications' outbox): `register_invitation_sender(sender)`, where
  `sender(kind=..., sent_by=..., to_email=..., context=..., game=..., to_user=...)` queues an
  invitation worded when sent, in the recipient's language, and may refuse it with a
  `refusals.errors.Refusal` (a daily limit); without one nothing is sent.
- organisers (clubs: a club's admins; leagues: a season's organiser):
  `register_organiser_check(name, check)`; games asks `is_organiser` (the creator always is).
- notices to a player (notifications' outbox): `register_notice_sender(sender)`, where
  `sender(kind=..., user_id=..., game=..., seat_index=..., context=..., dedupe_key=...)` writes one
  mail row in the caller's transaction, to go out after the commit per the player's preferences
  (chat's private messages); without one nothing is sent.
- the table's notices (notifications): `register_table_notices(lookup)`; the table view asks
  `table_notices` for who is away and the reader's own mute and "I'm back", and hands them to its
  template (without one the table shows none).

A registry, not Django signals, because games needs the answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser

    from .models import Game


class ClubMembership(Protocol):
    """Whether the user belongs to the club (clubs)."""

    def __call__(self, *, club_id: int, user: AbstractBaseUser) -> bool: ...


class ClubMembers(Protocol):
    """The user ids of a club's members (clubs)."""

    def __call__(self, *, club_id: int) -> list[int]: ...


class InvitationSender(Protocol):
    """Queue an invitation mail of `kind` ("game_invite", "rematch", "club_invite") to an address
    (and the account behind it, if known), worded from `context` in the recipient's language when
    it is sent (notifications' outbox); a refusal (a daily limit) raises a `refusals.errors.Refusal`."""

    def __call__(
        self,
        *,
        kind: str,
        sent_by: AbstractBaseUser,
        to_email: str,
        context: dict[str, Any],
        game: Game | None = None,
        to_user: AbstractBaseUser | None = None,
    ) -> object: ...


class NoticeSender(Protocol):
    """Write one notice row to a player in the caller's transaction (notifications' outbox)."""

    def __call__(
        self,
        *,
        kind: str,
        user_id: int,
        game: Game,
        seat_index: int | None,
        context: dict[str, Any],
        dedupe_key: str,
    ) -> object: ...


class NoticeWithdrawer(Protocol):
    """A notice not sent yet is no longer to be sent (notifications' outbox)."""

    def __call__(self, *, dedupe_key: str) -> object: ...


class ReliabilityLookup(Protocol):
    """{user id: percent of decisions made before the deadline, None if none yet} (ratings)."""

    def __call__(self, user_ids: list[int], /) -> dict[int, int | None]: ...


class TableNotices(Protocol):
    """What a started table shows of its players' absences (notifications), for its template
    `notifications/_table_notices.html`; None: nothing to show."""

    def __call__(self, *, game_id: int, seat: int | None, user: Any) -> dict[str, Any] | None: ...


class OrganiserCheck(Protocol):
    """Whether the user organises the game (a club's admins, a league's organiser)."""

    def __call__(self, *, game: Game, user: AbstractBaseUser) -> bool: ...


_club_membership: list[ClubMembership] = []
_club_members: list[ClubMembers] = []
_invitation_senders: list[InvitationSender] = []
_reliability: list[ReliabilityLookup] = []
_notice_senders: list[NoticeSender] = []
_notice_withdrawers: list[NoticeWithdrawer] = []


def register_club_membership(check: ClubMembership) -> None:
    """The one check of club membership (the clubs app's); registering again replaces it."""
    _club_membership[:] = [check]


def is_club_member(*, club_id: int | None, user: Any) -> bool:
    if club_id is None or not user.is_authenticated or not _club_membership:
        return False
    return bool(_club_membership[0](club_id=club_id, user=user))


def register_club_members(lookup: ClubMembers) -> None:
    """The one list of a club's members (the clubs app's); registering again replaces it."""
    _club_members[:] = [lookup]


def club_member_ids(*, club_id: int | None) -> list[int]:
    """A club's members (none without a club, or without a registered lookup)."""
    if club_id is None or not _club_members:
        return []
    return list(_club_members[0](club_id=club_id))


def can_see_game(*, game: Any, user: Any) -> bool:
    """A club-only game is seen by its club's members (seated players are checked by games)."""
    if getattr(game, "visibility", None) != "club":
        return True
    return is_club_member(club_id=game.club_id, user=user)


def register_invitation_sender(sender: InvitationSender) -> None:
    """The one sender of invitation mails (the notifications outbox); registering again replaces it."""
    _invitation_senders[:] = [sender]


def send_invitation(
    *,
    kind: str,
    sent_by: Any,
    to_email: str,
    context: dict[str, Any],
    game: Any = None,
    to_user: Any = None,
) -> None:
    """An invitation by mail, through the registered sender; without one nothing is sent."""
    if _invitation_senders:
        _invitation_senders[0](
            kind=kind, sent_by=sent_by, to_email=to_email, context=context, game=game, to_user=to_user
        )


# -- the table's notices -----------------------------------------------------------------------
_table_notices: list[TableNotices] = []


def register_table_notices(lookup: TableNotices) -> None:
    """The one reader of the table's notices (notifications'); registering again replaces it."""
    _table_notices[:] = [lookup]


def table_notices(*, game_id: int, seat: int | None, user: Any) -> dict[str, Any] | None:
    """Who is away from the table and the reader's own mute (None without a registered reader)."""
    return _table_notices[0](game_id=game_id, seat=seat, user=user) if _table_notices else None


# -- organisers and absences (substitutes, bots, cancelling) -----------------------------------
#: every registered organiser check is asked, so clubs and leagues each register one
_organiser_checks: dict[str, OrganiserCheck] = {}


def register_organiser_check(name: str, check: OrganiserCheck) -> None:
    """One organiser check per app (`name`); registering the same name again replaces it."""
    _organiser_checks[name] = check


def is_organiser(*, game: Any, user: Any) -> bool:
    """The game's creator, or whoever an app above says organises it (club admins, league
    organisers) may open seats to substitutes, hand them to bots and cancel the game."""
    if not getattr(user, "is_authenticated", False):
        return False
    if game.created_by_id is not None and game.created_by_id == user.pk:
        return True
    return any(check(game=game, user=user) for check in _organiser_checks.values())


def register_reliability(lookup: ReliabilityLookup) -> None:
    """The one reliability lookup (the ratings app's); registering again replaces it."""
    _reliability[:] = [lookup]


def reliability_percent(user_ids: list[int]) -> dict[int, int | None]:
    """{user id: reliability in percent, or None (no decision yet, or no lookup registered)}."""
    ids = list(user_ids)
    if not _reliability or not ids:
        return dict.fromkeys(ids)
    found = _reliability[0](ids)
    return {uid: found.get(uid) for uid in ids}


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


def register_notice_withdrawer(withdraw: NoticeWithdrawer) -> None:
    """The one way back of `send_notice` (the notifications outbox); registering again replaces it."""
    _notice_withdrawers[:] = [withdraw]


def withdraw_notice(*, dedupe_key: str) -> None:
    """The notice of that key, if it is not sent yet, is not to be sent (in the caller's transaction):
    what it said is no longer for its reader (a private message a moderator hid)."""
    if _notice_withdrawers:
        _notice_withdrawers[0](dedupe_key=dedupe_key)
