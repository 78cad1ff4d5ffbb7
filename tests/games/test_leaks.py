"""No page, fragment or API response for a seat shows another seat's secrets.

Random games of both slugs are played to the end through the move POST (htmx) with random legal
actions (sometimes an optional one of a seat that is not waited for); along the way every seat's
table page, table fragment, move fragment, replay, lobby, history and API response, and a
spectator's, are searched for `secrets_from(state, seat)` (and for a template variable that is
not there: `strict_templates`). Every card the pages show carries its
id (`data-card`), so a card shown to the wrong seat is found by id. At the end, when everything
is public, every seat's results name every card every seat held. No table draws a card face
(`#face-...`) or a `data-card` for a card outside the seat's own view, the one marking what
changed since an earlier move count included.
"""

import json
import random

import pytest
from django.test import Client
from django.urls import reverse

import engine
from tests.factories import UserFactory
from tests.strict_templates import assert_nothing_missing

from .helpers import (
    act_url,
    api_headers,
    api_url,
    assert_no_secrets,
    not_seen,
    start_game,
    state_of,
    table_url,
)

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
MAX_STEPS = 3000


def check_responses(clients, api, game, users, spectator, *, replay: bool = True) -> None:
    state = state_of(game)
    rules = game.engine
    viewers = [(seat, clients[seat], api[seat]) for seat in range(len(users))] + [(None, *spectator)]
    for seat, client, headers in viewers:
        secrets = rules.secrets_from(state, seat)
        responses = {
            "table page": client.get(table_url(game)),
            "table fragment": client.get(table_url(game), **HTMX),
            "table fragment marking changes": client.get(
                f"{table_url(game)}?since={max(game.move_count - 4, 0)}", **HTMX
            ),
            "lobby": client.get(reverse("games:lobby")),
            "history": client.get(reverse("games:history")),
            "API": client.get(api_url(game), **headers),
        }
        if replay and (seat is not None or game.status == "finished"):
            responses["replay"] = client.get(reverse("replays:replay", args=[game.pk]))
        view = rules.view(state, seat)
        for where, response in responses.items():
            assert response.status_code == 200, where
            assert_no_secrets(response.content.decode(), secrets, f"seat {seat}'s {where}")
            assert_nothing_missing(response.content.decode(), f"seat {seat}'s {where}")
            if where.startswith("table"):  # no card face is drawn for a card the seat may not see
                drawn = not_seen(game.slug, response.content.decode(), view)
                assert not drawn, f"seat {seat}'s {where} draws {sorted(drawn)}"
        if game.status != "finished":
            assert 'id="results-h"' not in responses["table page"].content.decode()


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_no_response_shows_another_seats_secrets(slug, seed, strict_templates):
    rng = random.Random(seed)
    rules = engine.get_game(slug)
    n = rng.randint(rules.min_players, rules.max_players)
    game, users = start_game(slug, n)
    clients = [Client() for _ in users]
    for client, user in zip(clients, users, strict=True):
        client.force_login(user)
    api = [api_headers(user) for user in users]
    stranger = UserFactory()
    spectator_client = Client()
    spectator_client.force_login(stranger)
    spectator = (spectator_client, api_headers(stranger))

    check_responses(clients, api, game, users, spectator)
    for _step in range(MAX_STEPS):
        state = state_of(game)
        if rules.is_over(state):
            break
        waiting = rules.to_act(state)
        optional = [s for s in range(n) if s not in waiting and rules.legal_actions(state, s)]
        seat = rng.choice(optional if optional and rng.random() < 0.1 else waiting)
        action = rng.choice(rules.legal_actions(state, seat))
        data = {"action": json.dumps(action), "expected_version": game.version}
        response = clients[seat].post(act_url(game), data, **HTMX)
        assert response.status_code == 200, response.content.decode()
        game.refresh_from_db()
        after = rules.from_json(game.snapshot)
        assert_no_secrets(response.content.decode(), rules.secrets_from(after, seat), f"seat {seat}'s move")
        if rng.random() < 0.08:
            check_responses(clients, api, game, users, spectator, replay=rng.random() < 0.25)
    else:
        pytest.fail("the game did not end")
    check_responses(clients, api, game, users, spectator)
    check_results_reveal_everything(game, [*clients, spectator[0]])


def check_results_reveal_everything(game, clients) -> None:
    """After the end everything is public: the results show every seat's hand, face-up cards
    and secret cards (by id, as every card is shown)."""
    state = state_of(game)
    final = game.engine.view(state, None)
    if game.slug == "lifeboat":
        held = {c["id"] for p in final["players"] for c in p["hand"] + p["table"]}
        held |= {p[k] for p in final["players"] for k in ("love", "hate")}
    else:
        held = set()
    for client in clients:
        page = client.get(table_url(game)).content.decode()
        assert 'id="results-h"' in page
        for card in held:
            assert f'data-card="{card}"' in page
