"""Writes for ratings: one call when a game finishes."""

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
            rated=bool(game.rated),
            finished_at=finished_at,
        )
        for s, place, character in zip(seats, places, characters, strict=True)
    ]
    if game.rated and len(seats) >= 2:
        user_ids = [s.user_id for s in seats]
        for user_id in user_ids:
            Rating.objects.get_or_create(user_id=user_id, slug=game.slug)
        current = {
            r.user_id: r
            for r in Rating.objects.select_for_update().filter(slug=game.slug, user_id__in=user_ids)
        }
        before = [Skill(current[u].mu, current[u].sigma) for u in user_ids]
        after = rate(before, places)
        for result, old, new in zip(results, before, after, strict=True):
            result.mu_before, result.sigma_before = old.mu, old.sigma
            result.mu_after, result.sigma_after = new.mu, new.sigma
            rating = current[result.user_id]
            rating.mu, rating.sigma, rating.ordinal = new.mu, new.sigma, new.ordinal
            rating.games += 1
            rating.updated_at = finished_at
        Rating.objects.bulk_update(current.values(), ["mu", "sigma", "ordinal", "games", "updated_at"])
    return Result.objects.bulk_create(results)
