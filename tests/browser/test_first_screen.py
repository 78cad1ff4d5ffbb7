"""The first screen of a table is the game (issue 34), in a prompted state of each decision kind of
both games (`tests.games.pictures.moments`): at 1280x800 and at 390x844 the bar with the question,
the board's top and the first control of "Your move" a person can see are inside the first
viewport; at 1280 the order is bar, strip, board, with the log after the move in the side column
beside the board; on a phone the move comes before the board; nothing scrolls sideways; axe-core
finds nothing at either size."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.models import Seat
from tests.games.helpers import game_at_moment
from tests.games.pictures import moments

from .test_accessibility import violations
from .test_your_turn import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PROMPTED = [
    pytest.param(slug, players, wanted, id=f"{slug}-{name.replace(' ', '-')}")
    for slug, table in (("lifeboat", moments.LIFEBOAT), ("lifeboats", moments.LIFEBOATS))
    for name, players, wanted in table
    if name != "end"
]
# The move's first control a person can see (a folded list shows its summary, not its radios).
FIRST_CONTROL = "#prompt :is(summary, button, select, input[type=radio]) >> visible=true"


def first_control(page):
    return page.locator(FIRST_CONTROL).first.bounding_box()


@pytest.mark.parametrize(("slug", "players", "wanted"), PROMPTED)
def test_the_board_and_the_move_are_on_the_first_screen(chromium, live_server, slug, players, wanted):
    game, _users, waited, _last = game_at_moment(slug, players, wanted)
    me = Seat.objects.get(game=game, index=waited).user
    page = sign_in(chromium, live_server, me)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    board = page.locator("#board-h").bounding_box()
    control = first_control(page)
    bar = page.locator(".action-bar").bounding_box()
    strip = page.locator(".player-strip").bounding_box()
    log = page.locator(".log").first.bounding_box()
    assert board is not None
    assert control is not None
    assert bar is not None
    assert strip is not None
    assert board["y"] < 800
    assert control["y"] + control["height"] <= 800, control
    assert bar["y"] < strip["y"] < board["y"]  # what is asked, then who plays, then the board
    assert log is not None
    assert log["y"] > control["y"]  # the log follows the move...
    assert log["x"] > board["x"] + board["width"]  # ...in the side column, beside the board
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    found = violations(page)
    assert found == [], "\n".join(found)

    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    bar = page.locator(".action-bar").bounding_box()
    control = first_control(page)
    board = page.locator("#board-h").bounding_box()
    assert bar["y"] < page.locator(".player-strip").bounding_box()["y"] < control["y"]
    assert control["y"] + control["height"] <= 844, control  # on a phone the move comes first...
    assert control["y"] < board["y"] < 844, board  # ...then the board, whose top is in view too
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    found = violations(page)
    assert found == [], "\n".join(found)
