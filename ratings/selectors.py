"""Reads for leaderboards, rating history, player pages and reliability.

Every function runs a fixed number of queries whatever the number of players or games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, F, Q

import engine
from games.models import Action
from games.presentations import role_name

from .chart import rating_svg
from .models import Rating, Result


def _name(user) -> str:
    profile = getattr(user, "profile", None)
    return profile.display_name if profile is not None else user.get_username()


def game_name(slug: str) -> str:
    try:
        return engine.get_game(slug).name
    except KeyError:
        return slug


@dataclass(frozen=True)
class BoardRow:
    rank: int
    user_id: int
    name: str
    rating: float
    games: int


def leaderboard(*, slug: str, club_id: int | None = None, limit: int = 50) -> list[BoardRow]:
    """Best rated players of a game type, optionally only a club's members; one query."""
    ratings = Rating.objects.filter(slug=slug, games__gt=0)
    if club_id is not None:
        ratings = ratings.filter(user__memberships__club_id=club_id)
    ratings = ratings.select_related("user__profile").order_by("-ordinal", "user_id")[:limit]
    rows, previous = [], None
    for i, r in enumerate(ratings, start=1):
        rank = previous.rank if previous is not None and previous.rating == round(r.ordinal, 1) else i
        previous = BoardRow(
            rank=rank, user_id=r.user_id, name=_name(r.user), rating=round(r.ordinal, 1), games=r.games
        )
        rows.append(previous)
    return rows


# -- reliability ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reliability:
    decisions: int
    on_time: int

    @property
    def share(self) -> float | None:
        """Share of decisions made before the deadline; None without any decision yet."""
        return self.on_time / self.decisions if self.decisions else None

    @property
    def percent(self) -> int | None:
        return None if self.share is None else round(100 * self.share)


def reliability_for(user_ids: Iterable[int]) -> dict[int, Reliability]:
    """{user id: Reliability} over every action the user played; one query.

    A decision is any action played while the user held its seat (`Action.user`: a seat that
    changed hands counts for each holder only their own turns), except the site's plays for a
    seat its player resigned; it was on time unless the deadline played it
    (`Action.source == "timeout"`).
    """
    ids = list(user_ids)
    out = {uid: Reliability(0, 0) for uid in ids}
    if not ids:
        return out
    rows = (
        Action.objects.filter(user_id__in=ids)
        .exclude(source=Action.Source.RESIGNED)
        .values("user_id")
        .annotate(total=Count("id"), late=Count("id", filter=Q(source=Action.Source.TIMEOUT)))
        .order_by()
    )
    for row in rows:
        out[row["user_id"]] = Reliability(row["total"], row["total"] - row["late"])
    return out


def reliability_percents(user_ids: list[int]) -> dict[int, int | None]:
    """{user id: percent or None}: what games asks through `games.hooks.reliability_percent`."""
    return {uid: rel.percent for uid, rel in reliability_for(user_ids).items()}


def reliability(user_id: int) -> Reliability:
    return reliability_for([user_id])[user_id]


# -- player page ------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameTypeStats:
    slug: str
    name: str
    played: int
    wins: int
    places: list[tuple[int, int]]  # (place, count), best first
    rating: float | None
    rated_games: int
    chart_svg: str
    #: (the character's name in the reader's language, games played as it), most played first.
    favourite_characters: list[tuple[str, int]]


@dataclass(frozen=True)
class RecentResult:
    game_id: int
    slug: str
    name: str
    place: int
    num_players: int
    character: str
    rating_after: float | None
    finished_at: object


@dataclass(frozen=True)
class PlayerPage:
    user_id: int
    name: str
    played: int
    reliability: Reliability
    per_game: list[GameTypeStats] = field(default_factory=list)
    recent: list[RecentResult] = field(default_factory=list)


def player_page(*, user_id: int, viewer: Any = None, recent: int = 20) -> PlayerPage | None:
    """Everything the player page shows; five queries. None for an unknown user.

    Totals and ratings count every game; the list of recent games shows only those `viewer`
    may see (public ones, their clubs' games, and all of them to the player themself).
    """
    user = get_user_model().objects.select_related("profile").filter(pk=user_id).first()
    if user is None:
        return None
    results = list(
        Result.objects.filter(user_id=user_id)
        .annotate(visibility=F("game__visibility"), club_id=F("game__club_id"))
        .order_by("finished_at", "game_id")
    )
    is_self = viewer is not None and viewer.is_authenticated and viewer.pk == user_id
    viewer_clubs = set()
    if viewer is not None and viewer.is_authenticated and not is_self:
        # the clubs' memberships through the user (as `leaderboard` filters by them): one query,
        # and ratings imports nothing of the clubs app above it
        viewer_clubs = set(viewer.memberships.values_list("club_id", flat=True))

    def visible(r: Result) -> bool:
        return is_self or r.visibility == "public" or (r.visibility == "club" and r.club_id in viewer_clubs)

    ratings = {r.slug: r for r in Rating.objects.filter(user_id=user_id)}
    per_game = []
    for slug in sorted({r.slug for r in results} | set(ratings)):
        mine = [r for r in results if r.slug == slug]
        rated = [r for r in mine if r.rated and r.mu_after is not None]
        places = Counter(r.place for r in mine)
        characters = Counter(r.character for r in mine if r.character)
        rating = ratings.get(slug)
        history = [r.ordinal_after for r in rated]
        per_game.append(
            GameTypeStats(
                slug=slug,
                name=game_name(slug),
                played=len(mine),
                wins=places.get(1, 0),
                places=sorted(places.items()),
                rating=round(rating.ordinal, 1) if rating is not None and rating.games else None,
                rated_games=len(rated),
                chart_svg=rating_svg([0.0, *history], title=f"{game_name(slug)} rating") if history else "",
                favourite_characters=[(role_name(slug, c), n) for c, n in characters.most_common(3)],
            )
        )
    recent_rows = [
        RecentResult(
            game_id=r.game_id,
            slug=r.slug,
            name=game_name(r.slug),
            place=r.place,
            num_players=r.num_players,
            character=role_name(r.slug, r.character) if r.character else "",
            rating_after=None if r.ordinal_after is None else round(r.ordinal_after, 1),
            finished_at=r.finished_at,
        )
        for r in reversed([r for r in results if visible(r)][-recent:])
    ]
    return PlayerPage(
        user_id=user.pk,
        name=_name(user),
        played=len(results),
        reliability=reliability(user.pk),
        per_game=per_game,
        recent=recent_rows,
    )
