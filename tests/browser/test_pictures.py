"""The pictures in a real browser: under a strict Content-Security-Policy, at 390 px wide.

A page with a Lifeboat board, a Lifeboats board and a hand of card faces is served from memory
(the sprites as `draw_sprite` makes them, the stylesheet from the static files) with a CSP that
allows no inline style at all; the test checks that nothing is refused, that the faces drawn from
the sprite show, that nothing scrolls sideways, that the text is not shrunk below legibility,
and that a click on a card or a figure lands on its hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from games.lifeboat.faces import lifeboat_card
from games.lifeboat.picture import lifeboat_board
from games.lifeboats.picture import lifeboats_board
from games.sprites import draw_sprite
from tests.games.pictures.moments import LIFEBOAT, LIFEBOATS, play_to

pytestmark = pytest.mark.browser

ORIGIN = "http://pictures.test"
CSP = "default-src 'none'; img-src 'self'; style-src 'self'"
CSS = Path(__file__).resolve().parents[2] / "games/static/games/pictures.css"
NAMES = {0: "Anna", 1: "Bence", 2: "Csilla Kovácsné-Horváth", 3: "Dávid", 4: "Eliška", 5: "František"}


def page_html() -> str:
    lifeboat = play_to("lifeboat", 6, next(w for n, _p, w in LIFEBOAT if n == "action"))
    lifeboats = play_to("lifeboats", 6, next(w for n, _p, w in LIFEBOATS if n == "vote"))
    lb_view = engine.get_game("lifeboat").view(lifeboat, 0)
    lbs_view = engine.get_game("lifeboats").view(lifeboats, 0)
    hand = "".join(
        f'<svg class="pic-card" viewBox="0 0 100 140" role="img" aria-label="{f.label}" data-card="{f.card}">'
        f'<use href="/lifeboat.svg#{f.face}"/></svg>'
        for f in map(lifeboat_card, ["prov-01", "prov-37", "nav-31", "love-kid"])
    )
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>"
        "<link rel=stylesheet href=/pictures.css></head><body>"
        f"<div id=lb>{lifeboat_board(lb_view, NAMES, sprite='/lifeboat.svg')}</div>"
        f"<div id=hand>{hand}</div>"
        f"<div id=lbs>{lifeboats_board(lbs_view, NAMES, sprite='/lifeboats.svg')}</div>"
        "</body></html>"
    )


@pytest.fixture(scope="module")
def served():
    return {
        "/": ("text/html", page_html()),
        "/lifeboat.svg": ("image/svg+xml", draw_sprite("lifeboat", "en")),
        "/lifeboats.svg": ("image/svg+xml", draw_sprite("lifeboats", "en")),
        "/pictures.css": ("text/css", CSS.read_text(encoding="utf-8")),
    }


def open_page(chromium, served, width: int):
    context = chromium.new_context(viewport={"width": width, "height": 900})
    tab = context.new_page()
    refused = []
    tab.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)

    def answer(route):
        path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        kind, body = served.get(path, ("text/plain", ""))
        route.fulfill(
            status=200 if path in served else 404,
            content_type=kind,
            body=body,
            headers={"Content-Security-Policy": CSP},
        )

    tab.route(f"{ORIGIN}/**", answer)
    tab.goto(f"{ORIGIN}/")
    tab.wait_for_load_state("networkidle")
    return context, tab, refused


def test_a_strict_policy_refuses_nothing_and_the_faces_show(chromium, served):
    context, tab, refused = open_page(chromium, served, 1280)
    try:
        assert refused == []
        # a face <use>d from the sprite has the size of what it draws: the sprite was read
        width = tab.evaluate("document.querySelector('#hand use').getBBox().width")
        assert width > 90
        figures = tab.evaluate(
            "[...document.querySelectorAll('#lbs use[data-figure]')].map(u => u.getBBox().width)"
        )
        assert figures
        assert min(figures) > 10
    finally:
        context.close()


def test_at_390_px_nothing_scrolls_sideways_and_names_stay_legible(chromium, served):
    context, tab, _refused = open_page(chromium, served, 390)
    try:
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        for board in ("#lb svg", "#lbs svg"):
            box = tab.locator(board).bounding_box()
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= 390
        # the characters' names are drawn at 11 units: at least 9 px on the phone
        scale = tab.evaluate("document.querySelector('#lb svg').getScreenCTM().a")
        assert 11 * scale >= 9
        scale = tab.evaluate("document.querySelector('#lbs svg').getScreenCTM().a")
        assert 11 * scale >= 9  # the players' names
    finally:
        context.close()


def test_a_click_on_a_card_or_a_figure_lands_on_its_hook(chromium, served):
    context, tab, _refused = open_page(chromium, served, 390)
    try:
        for selector, attribute in (
            ("#lb [data-card]", "card"),
            ("#lbs [data-figure]", "figure"),
            ("#lbs [data-lane]", "lane"),
        ):
            part = tab.locator(selector).last
            wanted = part.get_attribute(f"data-{attribute}")
            part.scroll_into_view_if_needed()
            box = part.bounding_box()
            hit = tab.evaluate(
                "([x, y, name]) => document.elementFromPoint(x, y).closest(`[data-${name}]`)?.dataset[name]",
                [box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.7, attribute],
            )
            assert hit == wanted, selector
    finally:
        context.close()
