"""The first screen of a table is the game (issue 34): at 1280x800 the bar with the question, the
player strip, the board's top and the first control of "Your move" are inside the first viewport,
before the log and the first-game tips; at 390x844 the bar, the strip and the move's first control
are (the board follows the move there); nothing scrolls sideways, at 1280 or at 390."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.models import Seat
from tests.games.helpers import start_game, state_of

from .test_your_turn import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_the_board_and_the_move_are_on_the_first_screen(chromium, live_server, slug):
    game, _users = start_game(slug, num_players=4)
    waited = game.engine.to_act(state_of(game))[0]
    me = Seat.objects.get(game=game, index=waited).user
    page = sign_in(chromium, live_server, me)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    board = page.locator("#board-h").bounding_box()
    control = page.locator("#prompt button, #prompt select, #prompt input[type=radio]").first.bounding_box()
    bar = page.locator(".action-bar").bounding_box()
    strip = page.locator(".player-strip").bounding_box()
    log = page.locator(".log").first.bounding_box()
    assert board is not None
    assert board["y"] < 800
    assert control is not None
    assert control["y"] + control["height"] <= 800, control
    assert bar is not None
    assert strip is not None
    assert bar["y"] < strip["y"] < board["y"]  # what is asked, then who plays, then the board
    assert log is None or log["y"] > control["y"]  # the log follows the move
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    bar = page.locator(".action-bar").bounding_box()
    control = page.locator("#prompt button, #prompt select, #prompt input[type=radio]").first.bounding_box()
    board = page.locator("#board-h").bounding_box()
    assert bar["y"] < page.locator(".player-strip").bounding_box()["y"] < control["y"]
    assert control["y"] + control["height"] <= 844, control  # on a phone the move comes first...
    assert board["y"] > control["y"]  # ...then the board
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
