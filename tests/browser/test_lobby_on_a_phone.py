"""The lobby on a phone (390 px): no sideways scroll, and each open game's Join button is in
sight, in every language (the tables used to scroll sideways with Join off-screen)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from accounts.models import Profile
from games import services as game_services
from tests.browser.test_accessibility import new_page
from tests.factories import GameFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_lobby_fits_a_phone_with_join_in_sight(chromium, live_server):
    reader = UserFactory()
    others = [UserFactory() for _ in range(6)]
    game_services.game_create_started(users=[reader, *others[:3]], slug="lifeboat", seed=3)
    GameFactory(slug="lifeboats", num_players=5, created_by=others[3], players=[others[4]])
    GameFactory(slug="lifeboat", num_players=6, created_by=others[5], players=[others[0], others[1]])
    for language in ("en", "hu", "cs"):
        Profile.objects.filter(user=reader).update(language=language)
        page = new_page(chromium, live_server, reader, width=390)
        page.goto(f"{live_server.url}/games/")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, language
        joins = page.locator("section[aria-labelledby=open-games] form[action$='/join/'] button")
        assert joins.count() == 2
        for i in range(joins.count()):
            box = joins.nth(i).bounding_box()
            assert box is not None, language
            assert 0 <= box["x"] <= box["x"] + box["width"] <= 390, (language, box)
        page.context.close()
