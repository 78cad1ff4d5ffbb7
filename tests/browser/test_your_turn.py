"""The navigation's "your turn" badge in a real browser: the count on every page and in the
title, the "next game waiting for me" link walking the games in deadline order, and the badge
going down once the player has moved; in en, hu and cs."""

from __future__ import annotations

import datetime as dt
import os
import re

import pytest
from django.utils import timezone

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games import services
from games.models import Game, Seat
from tests.factories import PASSWORD, GameFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
TIMEOUT_MS = 15_000
SHOTS = os.environ.get("LIFEBOAT_SHOTS", "")


def log_in(page, live_server, user) -> None:
    """Sign `user` in on `page` through the login form; back once the login page is left (its own
    address would match any "ends with /" pattern at once)."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=login]", user.email)
    page.fill("input[name=password]", PASSWORD)
    page.press("input[name=password]", "Enter")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def sign_in(browser, live_server, user, language="en", **context):
    """A new browser context (900x700 unless `context` says otherwise: a viewport, a touch screen,
    reduced motion, ...) with `user` signed in, and its page."""
    page = browser.new_context(
        **{"viewport": {"width": 900, "height": 700}, **context}, locale=language
    ).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    log_in(page, live_server, user)
    return page


def games_waiting_for(me, hours: list[int]) -> list[Game]:
    """Running games that wait for `me`, with deadlines `hours` from now."""
    games = []
    for h in hours:
        others = [UserFactory(), UserFactory()]
        game = GameFactory(slug="lifeboats", num_players=3, created_by=others[0], players=[me, others[1]])
        game = services.game_start(game_id=game.pk, user=others[0])
        rules = game.engine
        waited = rules.to_act(rules.from_json(game.snapshot))[0]
        mine = Seat.objects.get(game=game, user=me)
        if mine.index != waited:  # sit `me` where the game waits (a swap of two seats' players)
            theirs = Seat.objects.get(game=game, index=waited)
            other = theirs.user
            Seat.objects.filter(pk=theirs.pk).update(user=UserFactory())
            Seat.objects.filter(pk=mine.pk).update(user=other)
            Seat.objects.filter(pk=theirs.pk).update(user=me)
        Seat.objects.filter(game=game, user=me).update(due_at=timezone.now() + dt.timedelta(hours=h))
        games.append(game)
    return games


@pytest.mark.parametrize(
    ("language", "next_label"),
    [
        ("en", "Next game waiting for me"),
        ("hu", "A következő rám váró játék"),
        ("cs", "Další hra, která na mě čeká"),
    ],
)
def test_the_badge_counts_walks_and_goes_down(chromium, live_server, language, next_label):
    me = UserFactory()
    me.profile.language = language
    me.profile.save()
    later, sooner = games_waiting_for(me, [20, 4])
    page = sign_in(chromium, live_server, me, language)
    page.goto(f"{live_server.url}/clubs/")
    assert page.title().startswith("(2) ")
    badge = page.locator(".your-turn")
    assert badge.locator(".turn-count").inner_text() == "2"
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/badge-{language}.png")
    # the walk: the soonest deadline first, then on from it
    badge.get_by_role("link", name=next_label).click()
    page.wait_for_url(re.compile(rf".*/games/{sooner.pk}/$"))
    page.locator(".your-turn").get_by_role("link", name=next_label).click()
    page.wait_for_url(re.compile(rf".*/games/{later.pk}/$"))
    # a move in the later game (made here, while the browser is on a page that does not poll)
    page.goto(f"{live_server.url}/clubs/")
    rules = later.engine
    later.refresh_from_db()
    state = rules.from_json(later.snapshot)
    seat = Seat.objects.get(game=later, user=me).index
    action = rules.legal_actions(state, seat)[0]
    services.action_submit(game_id=later.pk, user=me, action=action, expected_version=later.version)
    page.goto(f"{live_server.url}/games/")
    assert page.title().startswith("(1) ")
    assert page.locator(".your-turn .turn-count").inner_text() == "1"
    page.context.close()
