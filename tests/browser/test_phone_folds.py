"""On a phone (issue 34) the table folds what would push the board off the first screen, and each
fold stays as the reader left it: the choices the board offers too (a list opened on demand; Play
with nothing chosen opens it), and the sections below the board (the log, the table talk, ...),
which fold by their heading. On a wide screen nothing is folded."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.models import Seat
from tests.games.helpers import start_game, state_of

from .test_table_play import table_ready
from .test_your_turn import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _placing(chromium, live_server, width: int):
    """The page of the Lifeboats seat that places its boat first (seven lanes, all on the board)."""
    game, _users = start_game("lifeboats", num_players=4)
    waited = game.engine.to_act(state_of(game))[0]
    page = sign_in(chromium, live_server, Seat.objects.get(game=game, index=waited).user)
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{live_server.url}/games/{game.pk}/")
    table_ready(page)
    return page


def test_a_phone_folds_the_choices_on_the_board_and_remembers_the_list_opened(chromium, live_server):
    page = _placing(chromium, live_server, 390)
    choices = page.locator("#prompt details.on-picture")
    assert not choices.evaluate("d => d.open")
    assert not page.locator("#prompt input[type=radio]").first.is_visible()
    page.locator("#prompt form").get_by_role("button", name="Play").click()  # nothing chosen...
    assert choices.evaluate("d => d.open")  # ...opens the list, where the browser points
    page.reload()
    table_ready(page)
    assert not choices.evaluate("d => d.open"), "opened by Play, not by the reader: still folded"
    choices.locator("summary").click()  # the reader opens it: it stays open
    page.reload()
    table_ready(page)
    assert choices.evaluate("d => d.open")
    choices.locator("summary").click()
    page.reload()
    table_ready(page)
    assert not choices.evaluate("d => d.open")
    page.context.close()


def test_a_phone_folds_the_log_by_its_heading_and_remembers_it(chromium, live_server):
    page = _placing(chromium, live_server, 390)
    log = page.locator("#game-log")
    toggle = log.locator("h2 button.fold-toggle")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert "Game log" in toggle.inner_text()
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not log.locator("h3, ol, p").first.is_visible()
    page.reload()
    table_ready(page)
    assert log.locator("h2 button.fold-toggle").get_attribute("aria-expanded") == "false"
    page.set_viewport_size({"width": 1280, "height": 800})  # a wide screen folds nothing
    page.reload()
    table_ready(page)
    assert log.locator("button.fold-toggle").count() == 0
    assert log.locator("h3, ol, p").first.is_visible()
    assert page.locator("#prompt details.on-picture").evaluate("d => d.open")
    page.context.close()
