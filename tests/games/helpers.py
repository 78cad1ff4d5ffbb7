"""Builders and named assertions for the games tests."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from django.urls import reverse

import engine
from accounts.services import create_api_token
from games import services
from games.lifeboat.faces import lifeboat_card
from games.lifeboats.faces import lifeboats_card
from games.models import Game, Seat
from games.pictures import faces
from tests.factories import GameFactory, UserFactory


def start_game(slug: str = "lifeboats", num_players: int | None = None, **kwargs: Any) -> tuple[Game, list]:
    """A running game built through the services; returns it and its users in seat order."""
    rules = engine.get_game(slug)
    n = num_players or rules.min_players
    users = [UserFactory() for _ in range(n - 1)]
    game = GameFactory(slug=slug, num_players=n, players=users, **kwargs)
    game = services.game_start(game_id=game.pk, user=game.created_by)
    seats = Seat.objects.filter(game=game).select_related("user").order_by("index")
    return game, [seat.user for seat in seats]


def state_of(game: Game) -> Any:
    game.refresh_from_db()
    return game.engine.from_json(game.snapshot)


def moment_moves(slug: str, players: int, wanted: Any) -> tuple[int, list[tuple[int, dict[str, Any]]]]:
    """A seed and the moves of a random game (engine alone) up to the first state `wanted` holds
    for (`tests.games.pictures.moments`)."""
    rules = engine.get_game(slug)
    for seed in range(1, 300):
        state = rules.new_game(players, seed)
        rng = random.Random(seed)
        played: list[tuple[int, dict[str, Any]]] = []
        for _ in range(5000):
            if wanted(state):
                return seed, played
            if rules.is_over(state):
                break
            seat = rng.choice(rules.to_act(state))
            action = rng.choice(rules.legal_actions(state, seat))
            played.append((seat, action))
            rules.apply(state, seat, action)
    raise LookupError(f"no {slug} game reached the moment wanted")


def game_at_moment(slug: str, players: int, wanted: Any) -> tuple[Game, list, int, int | None]:
    """A game played through the services to a moment: (the game, its users in seat order, the seat
    the game waits for (0 once over), the move count just before the last move)."""
    seed, played = moment_moves(slug, players, wanted)
    game, users = start_game(slug, players, seed=seed)
    last = None
    for n, (seat, action) in enumerate(played):
        game.refresh_from_db()
        if n == len(played) - 1:
            last = game.move_count
        services.action_submit(
            game_id=game.pk, user=users[seat], action=action, expected_version=game.version
        )
    game.refresh_from_db()
    state = state_of(game)
    assert wanted(state), f"{slug}: the moment was not reached through the services"
    waiting = game.engine.to_act(state)
    return game, users, (waiting[0] if waiting else 0), last


def waiting_seat_and_action(game: Game, rng: random.Random | None = None) -> tuple[int, dict[str, Any]]:
    """A seat the game waits for and one of its legal actions (the first, or a random one)."""
    state = state_of(game)
    rules = game.engine
    seat = rules.to_act(state)[0] if rng is None else rng.choice(rules.to_act(state))
    legal = rules.legal_actions(state, seat)
    return seat, legal[0] if rng is None else rng.choice(legal)


def play_moves(game: Game, users: list, count: int, rng: random.Random | None = None) -> Game:
    """Play `count` legal moves (or until the end) through the services."""
    for _ in range(count):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        seat, action = waiting_seat_and_action(game, rng)
        services.action_submit(
            game_id=game.pk, user=users[seat], action=action, expected_version=game.version
        )
    game.refresh_from_db()
    return game


def until_voters(game: Game, users: list, count: int) -> tuple[Game, list[int]]:
    """Play first legal actions until `count` seats are asked at once (a vote)."""
    rules = game.engine
    for _ in range(200):
        state = state_of(game)
        waiting = rules.to_act(state)
        if len(waiting) >= count:
            return game, waiting
        services.action_submit(
            game_id=game.pk,
            user=users[waiting[0]],
            action=rules.legal_actions(state, waiting[0])[0],
            expected_version=game.version,
        )
    raise AssertionError("no vote")


def vote_of(game: Game, seat: int) -> dict[str, Any]:
    return game.engine.legal_actions(state_of(game), seat)[0]


def act_data(game: Game, action: dict[str, Any], version: int | None = None) -> dict[str, Any]:
    return {"action": json.dumps(action), "expected_version": game.version if version is None else version}


def api_headers(user) -> dict[str, str]:
    _token, raw = create_api_token(user=user, name="tests")
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


def table_url(game: Game) -> str:
    return reverse("games:table", args=[game.pk])


def act_url(game: Game) -> str:
    return reverse("games:act", args=[game.pk])


def api_url(game: Game) -> str:
    return reverse("api:game", args=[game.pk])


def api_actions_url(game: Game) -> str:
    return reverse("api:actions", args=[game.pk])


# -- named assertions --------------------------------------------------------------------------
def assert_refused(response, status: int, text: str | None = None) -> None:
    assert response.status_code == status, f"expected {status}, got {response.status_code}"
    if text is not None:
        body = response.content.decode()
        assert text in body, f"{text!r} not in the {status} response:\n{body[:2000]}"


def assert_unchanged(game: Game) -> None:
    """The game row and its log are exactly as they were when `game` was loaded."""
    before = (game.version, game.move_count, game.snapshot, game.status)
    game.refresh_from_db()
    after = (game.version, game.move_count, game.snapshot, game.status)
    assert after == before, "a refused request changed the game"
    assert game.actions.count() == game.move_count


def assert_no_secrets(text: str, secrets: set[str], where: str) -> None:
    """No secret appears as a whole token (so "nav-2" is not found inside "nav-20")."""
    leaked = sorted(s for s in secrets if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text))
    assert not leaked, f"{where} shows another seat's secrets: {leaked}"


# -- card faces a page draws -------------------------------------------------------------------
def card_ids_in(view: object) -> set[str]:
    """Every string of a view: the cards (and anything else) the seat may know of."""
    found: set[str] = set()
    if isinstance(view, str):
        found.add(view)
    elif isinstance(view, dict):
        for value in view.values():
            found |= card_ids_in(value)
    elif isinstance(view, list):
        for value in view:
            found |= card_ids_in(value)
    return found


def faces_of(slug: str, strings: set[str]) -> set[str]:
    """The sprite faces of the cards among `strings`."""
    face = lifeboat_card if slug == "lifeboat" else lifeboats_card
    out = set()
    for s in strings:
        try:
            out.add(face(s).face)
        except ValueError:
            continue
    return out


def not_seen(slug: str, page: str, view: dict) -> set[str]:
    """The cards (by `data-card`) and faces (by `#face-...`) `page` draws that `view` does not show."""
    known = card_ids_in(view)
    allowed = faces_of(slug, known) | set(faces.BACKS.values())
    shown = set(re.findall(r'data-card="([^"]+)"', page))
    used = set(re.findall(r'#((?:face|back)-[\w-]+)"', page))
    return (shown - known) | (used - allowed)
