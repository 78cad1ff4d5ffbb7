"""Cost of a move POST and a table GET, as a ratio to a bare Django view in the same run.

    .venv/bin/python bench/web.py [N] [SLUG]

Runs the test settings against a temporary SQLite database (migrated here), through Django's
test Client and the full middleware stack, signed in, with CSRF checks on, without the test
runner's template instrumentation (it copies every rendered template's context for test
assertions, which production does not). Times are CPU time of this process (SQLite runs in it):
a shared machine preempts long requests more often than short ones. Prints medians over N
requests, the kinds of request interleaved so that a busy machine slows them alike; targets: move
<= 4x, the table's first view <= 5x and a reload <= 2x the bare view. Figures only: nothing here
asserts timings.

What each line measures, as a player's browser does it. Each round plays two moves in the game
under way (a new game follows when one ends), each read by a seat other than the mover, so that
what is measured as a render is one:
- bare view: a view answering "ok" behind the same middleware, signed in.
- empty page: the site's page frame (`base.html`: nav, messages, footer) around no content; the
  floor of every page, shown for comparison with the targets (no target of its own).
- move POST: a move played from the table's form without JavaScript: the write, answered with a
  redirect (302) to the table page, which the browser then loads.
- table GET: the full table page of a seat that has not seen this version yet (the mail said it
  is their turn, or they open the game after a move): the page, its fragment rendered.
- table GET, reload: the same page again, nothing changed: the fragment comes from the cache.
- move POST (htmx): the form posted with htmx (`hx-post`, the CSRF token in the `X-CSRFToken`
  header from `<body hx-headers>`): the write and, in the same answer, the mover's new table
  fragment (rendered: no one has seen this version yet), instead of the redirect and page load.
- table fragment: the htmx GET a seat's open page makes when its poll sees the move (rendered).
- poll, unchanged: what every open table asks every 10 s, answered "nothing changed" (204) from
  the session and the game's entry in the shared cache.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from functools import partial

import throwaway_site

throwaway_site.start()

from django.conf import settings  # noqa: E402
from django.http import HttpRequest, HttpResponse  # noqa: E402
from django.shortcuts import render  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import include, path, reverse  # noqa: E402

import engine  # noqa: E402
from games import services  # noqa: E402
from games.models import Game, Seat  # noqa: E402
from tests.factories import UserFactory  # noqa: E402

PLAYERS = 4
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "table"}
TARGETS = {"move POST": 4.0, "table GET": 5.0, "table GET, reload": 2.0}
LINES = (
    "bare view",
    "empty page",
    "move POST",
    "table GET",
    "table GET, reload",
    "move POST (htmx)",
    "table fragment",
    "poll, unchanged",
)


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def empty_page(request: HttpRequest) -> HttpResponse:
    return render(request, "base.html")


urlpatterns = [
    path("bench/bare/", bare),
    path("bench/empty/", empty_page),
    path("", include(settings.ROOT_URLCONF)),
]


def new_game(slug: str) -> tuple[Game, dict[int, Client]]:
    users = [UserFactory() for _ in range(PLAYERS)]
    game = services.game_create(user=users[0], slug=slug, num_players=PLAYERS)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    game = services.game_start(game_id=game.pk, user=users[0])
    clients = {}
    for seat in Seat.objects.filter(game=game).select_related("user"):
        clients[seat.index] = Client(enforce_csrf_checks=True)
        clients[seat.index].force_login(seat.user)
        clients[seat.index].get(reverse("games:table", args=[game.pk]))  # the page sets the CSRF cookie
    return game, clients


def csrf_header(client: Client) -> dict[str, str]:
    """What htmx sends: the token from `<body hx-headers>` (the cookie's secret is accepted too)."""
    return {"HTTP_X_CSRFTOKEN": client.cookies[settings.CSRF_COOKIE_NAME].value}


def next_move(game: Game) -> tuple[int, dict]:
    game.refresh_from_db()
    rules = engine.get_game(game.slug)
    state = rules.from_json(game.snapshot)
    seat = rules.to_act(state)[0]
    return seat, rules.legal_actions(state, seat)[0]


def move_data(game: Game, action: dict) -> dict:
    return {"action": json.dumps(action), "expected_version": game.version}


def timed(call, status: int = 200) -> float:
    """The CPU time the request took in this process (SQLite runs in it too): on a machine that
    other work shares, the wall-clock time of a request depends on whether it was preempted."""
    start = time.process_time()
    response = call()
    elapsed = time.process_time() - start
    assert response.status_code == status, response.status_code
    return elapsed


def main(n: int, slug: str) -> None:
    throwaway_site.migrate()
    settings.ROOT_URLCONF = __name__
    game, clients = new_game(slug)
    for _ in range(10):  # a game under way, not a fresh deal
        seat, action = next_move(game)
        services.action_submit(
            game_id=game.pk,
            user=Seat.objects.get(game=game, index=seat).user,
            action=action,
            expected_version=game.version,
        )
    signed_in = clients[0]  # for the bare view, whatever game is under way
    for _ in range(20):  # warm-up: templates, URL resolvers, sessions
        signed_in.get("/bench/bare/")
        signed_in.get("/bench/empty/")
        signed_in.get(reverse("games:table", args=[game.pk]))

    samples: dict[str, list[float]] = {name: [] for name in LINES}
    for _ in range(n):
        samples["bare view"].append(timed(partial(signed_in.get, "/bench/bare/")))
        samples["empty page"].append(timed(partial(signed_in.get, "/bench/empty/")))
        for htmx in (False, True):
            game.refresh_from_db()
            if game.status != Game.Status.RUNNING:
                game, clients = new_game(slug)
            seat, action = next_move(game)
            mover, reader = clients[seat], clients[(seat + 1) % PLAYERS]
            act, table = reverse("games:act", args=[game.pk]), reverse("games:table", args=[game.pk])
            if htmx:
                post = partial(mover.post, act, move_data(game, action), **HTMX, **csrf_header(mover))
                samples["move POST (htmx)"].append(timed(post))
                samples["table fragment"].append(timed(partial(reader.get, table, **HTMX)))
                poll = f"{reverse('games:version', args=[game.pk])}?v={game.version + 1}"
                samples["poll, unchanged"].append(timed(partial(reader.get, poll, **HTMX), 204))
            else:
                post = partial(mover.post, act, move_data(game, action), **csrf_header(mover))
                samples["move POST"].append(timed(post, 302))
                samples["table GET"].append(timed(partial(reader.get, table)))
                samples["table GET, reload"].append(timed(partial(reader.get, table)))

    base = statistics.median(samples["bare view"])
    print(f"{slug}, {PLAYERS} players, median of {n} requests each (SQLite, test Client, signed in, CSRF on)")
    for name, values in samples.items():
        median = statistics.median(values)
        line = f"  {name:18} {median * 1000:8.2f} ms   {median / base:5.1f}x bare"
        if name in TARGETS:
            verdict = "ok" if median / base <= TARGETS[name] else "OVER TARGET"
            line += f"   (target <= {TARGETS[name]:.0f}x: {verdict})"
        print(line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200, sys.argv[2] if len(sys.argv) > 2 else "lifeboat")
