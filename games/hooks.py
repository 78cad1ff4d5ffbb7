"""What games asks of the apps above it, without importing them.

Games knows no other app of ours; the apps that sit above it answer its questions by registering
here in their `AppConfig.ready` (what games tells them goes through `games.signals`):

- club membership (clubs): `register_club_membership(check)`; games asks `is_club_member` and
  `can_see_game` for club-only games. Without a registered check nobody is a member, so a
  club-only game is seen by its seated players alone.

A registry, not Django signals, because games needs the answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: `check(club_id=..., user=...)`: whether the user belongs to the club.
ClubMembership = Callable[..., bool]

_club_membership: list[ClubMembership] = []


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
