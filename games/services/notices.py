"""What games tells a player by mail about a game or a seat of theirs, besides its turns: the
game abandoned, a seat offered to substitutes, a seat handed on. Each is a notice row written in
the caller's transaction (`hooks.send_notice`: notifications' outbox), sent after the commit."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from accounts.selectors import blocked_with

from .. import hooks
from ..models import Game, Seat


def game_context(game: Game) -> dict[str, Any]:
    """What a mail says of a game, for every mail of one (prompts, notices, invitations): its id,
    game and name (`[Lifeboat Club] Lifeboat #12: ...`) and the version it was written at."""
    return {"id": game.pk, "slug": game.slug, "name": game.engine.name, "version": game.version}


def game_abandoned(game: Game, seats: list[Seat], *, why: str) -> None:
    """Every player of a game just abandoned is told why ("vote", "cancelled", "resigned")."""
    for user_id in sorted({seat.user_id for seat in seats if seat.user_id is not None}):
        hooks.send_notice(
            kind="game_abandoned",
            user_id=user_id,
            game=game,
            seat_index=None,
            context={"game": game_context(game), "why": why},
            dedupe_key=f"game_abandoned:{game.pk}:{user_id}",
        )


def seat_offered(game: Game, seats: list[Seat], seat: Seat) -> None:
    """A club game's seat offered to substitutes: its club's members who might take it (not
    seated at the game, and no block either way with anyone who is) are told where."""
    if game.club_id is None:
        return
    seated = {s.user_id for s in seats if s.user_id is not None}
    kept_apart = blocked_with(user_ids=seated)
    context = {
        "game": game_context(game),
        "club_name": game.club.name,
        "seats_path": reverse("games:seats", args=[game.pk]),
    }
    for user_id in sorted(set(hooks.club_member_ids(club_id=game.club_id)) - seated - kept_apart):
        hooks.send_notice(
            kind="seat_offered",
            user_id=user_id,
            game=game,
            seat_index=None,
            context=context,
            dedupe_key=f"seat_offered:{game.pk}:{seat.index}:{game.version}:{user_id}",
        )


def seat_handed(game: Game, seat: Seat, *, from_user_id: int | None, to_name: str, to_bot: bool) -> None:
    """The player who held a seat is told who holds it now (a substitute, or a bot)."""
    if from_user_id is None:
        return
    hooks.send_notice(
        kind="seat_handed",
        user_id=from_user_id,
        game=game,
        seat_index=None,
        context={"game": game_context(game), "to_name": to_name, "to_bot": to_bot},
        dedupe_key=f"seat_handed:{game.pk}:{seat.index}:{game.move_count}:{from_user_id}",
    )
