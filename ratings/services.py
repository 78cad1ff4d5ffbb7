"""Writes for ratings: one call when a game finishes.

Bots and substitutes (the rule chosen for issues 18 and 19):
- A bot has no rating and no result. A game in which a bot held a seat at any time is unrated,
  unless it was created "rated even if bots fill seats" (`Game.bots_rated`): everyone who joined
  it agreed to that in advance by joining. Then its people are rated against each other by their
  places (the bots' seats are left out of the calculation).
- A seat's result goes to whoever finished it. A substitute is rated for it only if they took it
  over before half of the game's actions were played (they played most of it); otherwise their
  result is recorded unrated and the seat is left out of the others' calculation. The player who
  left gets no result for the game (quitting is counted by the reliability score instead).
- An abandoned game (a vote, an organiser, every player resigned) never finishes: not rated.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from .models import Rating, Result
from .skill import Skill, rate


def characters_from_view(view: dict[str, Any], num_players: int) -> list[str]:
    """Each seat's character from a final (public) view; blanks where the game has none.

    Reads `view["seats"]` or `view["players"]`: a list, one dict per seat, with "character".
    """
    for key in ("seats", "players"):
        rows = view.get(key)
        if isinstance(rows, list) and len(rows) == num_players:
            out = []
            for row in rows:
                character = row.get("character") if isinstance(row, dict) else None
                if isinstance(character, dict):
                    character = character.get("slug") or character.get("id")
                out.append(str(character) if isinstance(character, str) else "")
            return out
    return [""] * num_players


@transaction.atomic
def rate_finished_game(*, game: Any) -> list[Result]:
    """Record each seat's result of a finished game and, if the game is rated, update ratings.

    Called on `games.signals.game_finished`, inside the transaction that finishes the game;
    calling it again for the same game changes nothing. Places come from the seats (the engine's
    `ranking`, ties sharing a place).
    """
    if game.status != "finished" or Result.objects.filter(game=game).exists():
        return []
    seats = sorted(game.seats.all(), key=lambda s: s.index)
    if any(s.index is None for s in seats):
        return []
    rules = game.engine
    places = [s.place for s in seats]
    if any(p is None for p in places):
        places = rules.ranking(rules.from_json(game.snapshot))
    try:
        final_view = rules.view(rules.from_json(game.snapshot), None)
        characters = characters_from_view(final_view, len(seats))
    except Exception:  # characters are decoration here: never block finishing a game
        characters = [""] * len(seats)
    finished_at = game.finished_at or timezone.now()
    changes = list(game.seat_changes.order_by("at_move", "pk"))
    with_bots = any(s.bot for s in seats) or any(c.to_bot for c in changes)
    game_rated = bool(game.rated) and (not with_bots or bool(game.bots_rated))
    taken_at = {c.seat_index: c.at_move for c in changes if c.to_user_id is not None}

    def fair(seat: Any) -> bool:
        """The seat's holder played most of the game in it."""
        return seat.index not in taken_at or 2 * taken_at[seat.index] <= game.move_count

    results = [
        Result(
            game=game,
            user_id=s.user_id,
            slug=game.slug,
            seat_index=s.index,
            num_players=len(seats),
            place=place,
            score=s.score,
            character=character,
            rated=game_rated and fair(s),
            finished_at=finished_at,
        )
        for s, place, character in zip(seats, places, characters, strict=True)
        if s.user_id is not None  # bots have no results
    ]
    rated_results = [r for r in results if r.rated]
    if len(rated_results) >= 2:
        results_by_user = {r.user_id: r for r in rated_results}
        user_ids = list(results_by_user)
        places = [results_by_user[u].place for u in user_ids]
        for user_id in user_ids:
            Rating.objects.get_or_create(user_id=user_id, slug=game.slug)
        current = {
            r.user_id: r
            for r in Rating.objects.select_for_update().filter(slug=game.slug, user_id__in=user_ids)
        }
        before = [Skill(current[u].mu, current[u].sigma) for u in user_ids]
        after = rate(before, places)
        for result, old, new in zip(rated_results, before, after, strict=True):
            result.mu_before, result.sigma_before = old.mu, old.sigma
            result.mu_after, result.sigma_after = new.mu, new.sigma
            rating = current[result.user_id]
            rating.mu, rating.sigma, rating.ordinal = new.mu, new.sigma, new.ordinal
            rating.games += 1
            rating.updated_at = finished_at
        Rating.objects.bulk_update(current.values(), ["mu", "sigma", "ordinal", "games", "updated_at"])
    else:  # nobody to be rated against
        for result in rated_results:
            result.rated = False
    return Result.objects.bulk_create(results)
