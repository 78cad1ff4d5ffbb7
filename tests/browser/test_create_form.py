"""The create-game form in a browser: choosing a game shows its options and hides the other's."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from tests.browser.test_accessibility import new_page
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_choosing_a_game_shows_its_options_alone(chromium, live_server):
    page = new_page(chromium, live_server, UserFactory(), width=390)
    page.goto(f"{live_server.url}/games/new/")
    lifeboat = page.locator("fieldset[data-options-for=lifeboat]")
    lifeboats = page.locator("fieldset[data-options-for=lifeboats]")
    assert lifeboat.is_visible()
    assert not lifeboats.is_visible()
    page.select_option("select[name=game]", "lifeboats")
    assert lifeboats.is_visible()
    assert not lifeboat.is_visible()
    page.select_option("select[name=game]", "lifeboat")
    assert lifeboat.is_visible()
    assert not lifeboats.is_visible()
