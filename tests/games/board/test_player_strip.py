"""The table's first lines (issue 34): a bar that says what is asked of whom, and a strip with
every seat's player, status and what everyone may know of it (BGA's player panels)."""

from __future__ import annotations

import re

import pytest

from games.models import Seat

from ..helpers import table_url
from .helpers import running_game, text_of

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def strip_items(html: str) -> list[str]:
    """The text of each seat of the player strip, in seat order."""
    strip = re.search(r'<ol class="player-strip".*?</ol>', html, re.DOTALL)
    assert strip, "no player strip"
    return [text_of(item) for item in re.findall(r"<li\b.*?</li>", strip.group(0), re.DOTALL)]


@pytest.mark.parametrize(("slug", "players", "moves"), [("lifeboat", 5, 20), ("lifeboats", 4, 20)])
def test_the_bar_asks_the_waited_seat_and_tells_the_others_whom_it_waits_for(client, slug, players, moves):
    game, _users = running_game(slug, players, moves)
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    waited = [s for s in seats if s.waiting]
    assert waited
    for seat in seats:
        client.force_login(seat.user)
        html = client.get(table_url(game), **HTMX).content.decode()
        bar = text_of(re.search(r'<p class="action-bar.*?</p>', html, re.DOTALL).group(0))
        names = [
            text_of(n)
            for n in re.findall(r'<span class="seat-name">.*?<strong>(.*?)</strong>', html, re.DOTALL)
        ]
        if seat.waiting:
            assert bar.startswith("Your move"), bar
            assert 'href="#prompt"' in html
        else:
            assert bar.startswith("Waiting for:"), bar
            assert all(names[w.index] in bar for w in waited), bar


@pytest.mark.parametrize(("slug", "players", "moves"), [("lifeboat", 5, 20), ("lifeboats", 4, 20)])
def test_the_strip_shows_every_seat_its_public_counts_and_who_is_to_act(client, slug, players, moves):
    game, users = running_game(slug, players, moves)
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    client.force_login(users[0])
    items = strip_items(client.get(table_url(game), **HTMX).content.decode())
    assert len(items) == players
    state = game.engine.from_json(Seat.objects.get(pk=seats[0].pk).game.snapshot)
    for seat, item in zip(seats, items, strict=True):
        assert item.startswith(f"{seat.index + 1} "), item
        assert ("to act" in item) == seat.waiting, item
        public = game.engine.view(state, None)["players"][seat.index]
        if slug == "lifeboat":
            assert f"wounds {public['wounds']}" in item, item
            assert f"{public['hand_size']} card" in item, item
        else:
            assert f"Ashore: {public['points']}" in item, item
    me = next(item for seat, item in zip(seats, items, strict=True) if seat.user == users[0])
    assert "(you)" in me


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_a_finished_game_shows_its_results_first_and_where_to_go_next(client, slug):
    game, users = running_game(slug, 4, 2000)
    game.refresh_from_db()
    assert game.status == game.Status.FINISHED
    client.force_login(users[0])
    page = client.get(table_url(game)).content.decode()
    results, picture = page.index('id="results-h"'), page.index('class="pic"')
    assert results < picture  # the results before the board's picture
    bar = re.search(r'<p class="action-bar">.*?</p>', page, re.DOTALL).group(0)
    assert 'href="#rematch-h"' in bar
    assert f"/games/next/?from={game.pk}" in bar
    assert page.index('id="rematch-h"') < page.index('id="seats-lazy"')  # right after the table
    assert client.get(f"/games/next/?from={game.pk}").status_code == 302
