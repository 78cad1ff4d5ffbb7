"""Every kind of page that shows a picture draws it at its size, not as wide as the page.

The pictures' stylesheet sizes the card faces and the legend's icons; a page without it drew a
card face and each legend icon about 870 px wide, and a replay or How to play page ran 10,000 to
20,000 px tall. Each page kind that shows a card face is opened here, at a desktop's width and a
phone's, and its first card face and legend icon are measured as the browser lays them out.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from django.urls import reverse

from games import services as game_services
from tests.browser.test_accessibility import new_page
from tests.clubs.helpers import play_to_end
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The widest a card face is drawn (4.5rem at 16 px, with a little room), and a legend icon (1rem).
CARD_MAX_PX = 80
ICON_MAX_PX = 24
#: A page of one board, a hand and a log: several screens at most, never tens of them.
PAGE_MAX_PX = 6000


def measured(page, url: str) -> dict[str, float]:
    response = page.goto(url)
    assert response.status == 200, url
    page.wait_for_load_state("networkidle")
    return page.evaluate(
        """() => {
          const card = document.querySelector('svg.pic-card');
          const icon = document.querySelector('.pic-legend svg');
          return {
            card: card ? card.getBoundingClientRect().width : -1,
            cardHeight: card ? card.getBoundingClientRect().height : -1,
            icon: icon ? icon.getBoundingClientRect().width : 0,
            height: document.documentElement.scrollHeight,
          };
        }"""
    )


def test_every_page_kind_with_a_picture_draws_its_card_faces_card_sized(chromium, live_server):
    players = [UserFactory() for _ in range(4)]
    running = game_services.game_create_started(users=players, slug="lifeboat", seed=11)
    finished_lifeboat, finished_lifeboats = (
        play_to_end(game_services.game_create_started(users=players, slug=slug, seed=5))
        for slug in ("lifeboat", "lifeboats")
    )
    paths = {
        "table": reverse("games:table", args=[running.pk]),
        "finished table": reverse("games:table", args=[finished_lifeboat.pk]),
        "Lifeboat replay": reverse("replays:replay", args=[finished_lifeboat.pk]) + "?step=3",
        "Lifeboats replay": reverse("replays:replay", args=[finished_lifeboats.pk]),
        "How to play Lifeboat": reverse("replays:learn", args=["lifeboat"]),
        "How to play Lifeboats": reverse("replays:learn", args=["lifeboats"]) + "?step=3",
    }
    wrong = []
    for width in (1280, 390):
        page = new_page(chromium, live_server, players[0], width=width)
        for kind, path in paths.items():
            size = measured(page, live_server.url + path)
            where = f"{kind} at {width} px ({path})"
            if size["card"] < 0:
                wrong.append(f"{where}: no card face shown")
            elif not 20 < size["card"] <= CARD_MAX_PX or size["cardHeight"] > CARD_MAX_PX * 1.5:
                wrong.append(f"{where}: a card face {size['card']:.0f} x {size['cardHeight']:.0f} px")
            if size["icon"] > ICON_MAX_PX:
                wrong.append(f"{where}: a legend icon {size['icon']:.0f} px wide")
            if size["height"] > PAGE_MAX_PX:
                wrong.append(f"{where}: the page is {size['height']} px tall")
        page.context.close()
    assert wrong == [], "\n".join(wrong)
