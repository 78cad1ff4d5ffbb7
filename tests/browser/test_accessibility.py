"""Every kind of page, checked by axe-core in Debian's chromium: zero violations of any rule
(WCAG 2 A and AA and axe's best practices), under the site's Content-Security-Policy.

The pages are those a person meets: home, lobby, create, the table of both games at a prompt,
in a fight or vote and at the end, the replay, the table talk, profile, mail settings, clubs, a
club, its leagues, a league, a player's page, finished games, sign-in and sign-up (and a few in the
dark colour scheme). Then two
things a keyboard or screen-reader player relies on: the focus stays on the prompt when a move
swaps the table, and the table talk appends new lines instead of replacing the list.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse

from accounts.models import Profile
from accounts.selectors import display_name
from chat import services as chat_services
from games import services as game_services
from games.models import Game, Seat
from leagues import services as league_services
from tests.clubs.helpers import make_club, play_to_end
from tests.factories import UserFactory
from tests.games.pictures.moments import _lifeboat_fight, _lifeboats_vote

from .test_your_turn import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TIMEOUT_MS = 15_000
AXE = Axe()


# -- helpers ------------------------------------------------------------------------------------
def new_page(chromium, live_server, user=None, width: int = 1024, scheme: str = "light"):
    context = chromium.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    if user is not None:
        log_in(page, live_server, user)
    return page


def violations(page) -> list[str]:
    """axe-core's violations on the page as it is now, one line per rule and element."""
    page.wait_for_load_state("networkidle")
    found = AXE.run(page).response["violations"]
    return [
        f"{page.url} [{v['impact']}] {v['id']}: {v['help']} at {node['target']}"
        for v in found
        for node in v["nodes"]
    ]


def check(page, url: str, found: list[str]) -> None:
    response = page.goto(url)
    assert response.status == 200, url  # the page itself, not an error page
    found.extend(violations(page))


def state_of(game: Game) -> Any:
    game.refresh_from_db()
    return game.engine.from_json(game.snapshot)


def play_until(game: Game, wanted: Callable[[Any], bool], seed: int = 1) -> Game:
    """Random legal moves through the services until `wanted(state)` holds."""
    rng = random.Random(seed)
    rules = game.engine
    for _ in range(3000):
        st = state_of(game)
        if wanted(st):
            return game
        assert not rules.is_over(st), "the game ended before the moment wanted"
        seat = rules.to_act(st)[0]
        game = game_services.action_submit(
            game_id=game.pk,
            user=game.seats.get(index=seat).user,
            action=rng.choice(rules.legal_actions(st, seat)),
            expected_version=game.version,
        )
    raise AssertionError("the moment was not reached")


def seated(game: Game, seat: int):
    return Seat.objects.select_related("user").get(game=game, index=seat).user


def waited_for(game: Game) -> int:
    return game.engine.to_act(state_of(game))[0]


# -- every page kind ------------------------------------------------------------------------------
def test_every_page_kind_has_no_accessibility_violation(chromium, live_server):
    club, admin, members = make_club(members=5)
    players = [admin, *members[:3]]
    season = league_services.season_create(
        club_id=club.pk, user=admin, name="Winter League", slug="lifeboats"
    )
    league_services.season_signup(season_id=season.pk, user=admin)
    lifeboat = game_services.game_create_started(users=players, slug="lifeboat", seed=11)
    lifeboats = game_services.game_create_started(users=players, slug="lifeboats", seed=11)
    chat_services.message_post(game_id=lifeboats.pk, user=admin, text="Shall we row together?")
    finished = play_to_end(game_services.game_create_started(users=players, slug="lifeboats", seed=5))
    finished_lifeboat = play_to_end(game_services.game_create_started(users=players, slug="lifeboat", seed=5))
    url = live_server.url
    found: list[str] = []

    anonymous = new_page(chromium, live_server)
    for path in ("/", "/accounts/login/", "/accounts/signup/", "/games/", reverse("clubs:list")):
        check(anonymous, url + path, found)
    anonymous.context.close()

    page = new_page(chromium, live_server, admin)
    for path in (
        "/",
        "/games/",
        reverse("games:create"),
        reverse("games:history"),
        reverse("accounts:profile"),
        reverse("notifications:settings"),
        reverse("clubs:list"),
        reverse("clubs:detail", args=[club.slug]),
        reverse("leagues:archive", args=[club.slug]),
        reverse("leagues:detail", args=[club.slug, season.pk]),
        reverse("ratings:player", args=[members[0].pk]),
        reverse("ratings:leaderboard", args=["lifeboats"]),
        reverse("games:rules", args=["lifeboat"]),
        reverse("games:rules", args=["lifeboats"]),
        reverse("replays:learn", args=["lifeboat"]),
        reverse("replays:learn", args=["lifeboats"]),
        reverse("leagues:new", args=[club.slug]),
        "/mail/address/",
        reverse("chat:chat", args=[lifeboats.pk]),
        reverse("replays:replay", args=[finished.pk]),
        reverse("games:table", args=[finished.pk]),  # the end: every card revealed
        reverse("games:table", args=[finished_lifeboat.pk]),
        reverse("replays:replay", args=[finished_lifeboat.pk]) + "?step=3",
    ):
        check(page, url + path, found)
    page.context.close()

    # the tables, each seen by the seat it waits for: a prompt, then a fight or a vote
    for game, moment in ((lifeboat, _lifeboat_fight), (lifeboats, _lifeboats_vote)):
        for _ in range(2):
            seat = waited_for(game)
            page = new_page(chromium, live_server, seated(game, seat), width=360)
            check(page, f"{url}/games/{game.pk}/", found)
            page.locator("#chat-lines").wait_for(state="attached")  # the table talk, by htmx
            page.locator("#rules summary").click()  # and the rules help, loaded when opened
            page.locator("#rules section.rules").wait_for()
            found.extend(violations(page))
            page.context.close()
            game = play_until(game, moment)
    assert found == [], "axe-core found:\n" + "\n".join(found)


def test_the_dark_colour_scheme_has_no_accessibility_violation_either(chromium, live_server):
    club, admin, members = make_club(members=3)
    players = [admin, *members]
    lifeboat = play_until(
        game_services.game_create_started(users=players, slug="lifeboat", seed=11), _lifeboat_fight
    )
    lifeboats = game_services.game_create_started(users=players, slug="lifeboats", seed=11)
    finished = play_to_end(game_services.game_create_started(users=players, slug="lifeboats", seed=5))
    found: list[str] = []
    page = new_page(chromium, live_server, admin, scheme="dark")
    for path in (
        "/",
        "/games/",
        reverse("games:create"),
        reverse("clubs:detail", args=[club.slug]),
        reverse("accounts:profile"),
        reverse("notifications:settings"),
        reverse("games:table", args=[finished.pk]),
        reverse("replays:replay", args=[finished.pk]),
    ):
        check(page, live_server.url + path, found)
    page.context.close()
    for game in (lifeboat, lifeboats):
        page = new_page(chromium, live_server, seated(game, waited_for(game)), width=360, scheme="dark")
        check(page, f"{live_server.url}/games/{game.pk}/", found)
        page.context.close()
    assert found == [], "axe-core found:\n" + "\n".join(found)


def test_both_tables_fit_a_phone_in_every_language(chromium, live_server):
    """WCAG's reflow: nothing but the board picture (its own scrolling, keyboard-reachable box)
    scrolls sideways at 360 px, in the longer words of Hungarian and Czech too."""
    players = [UserFactory() for _ in range(6)]
    wider = []
    for slug in ("lifeboat", "lifeboats"):
        game = game_services.game_create_started(users=players, slug=slug, seed=11)
        for language in ("en", "hu", "cs"):
            Profile.objects.filter(user__in=players).update(language=language)
            page = new_page(chromium, live_server, seated(game, waited_for(game)), width=360)
            page.goto(f"{live_server.url}/games/{game.pk}/")
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 360:
                wider.append(f"{slug} in {language}: {width}px")
            page.context.close()
    assert wider == []


# -- the keyboard after a move --------------------------------------------------------------------
def test_after_a_move_by_keyboard_the_focus_is_on_the_prompt(chromium, live_server):
    game = game_services.game_create_started(
        users=[UserFactory() for _ in range(4)], slug="lifeboats", seed=3
    )
    rules = game.engine
    for _ in range(3):
        st = state_of(game)
        seat = waited_for(game)
        before = game.version
        page = new_page(chromium, live_server, seated(game, seat))
        page.goto(f"{live_server.url}/games/{game.pk}/")
        # keys only: Tab from the page's top to the prompt's first choice, Space to tick it (a
        # lane or a seat comes ticked for nobody), then its Play button
        page.keyboard.press("Tab")
        while not page.evaluate("document.activeElement.matches('#prompt :is(input, button, select)')"):
            page.keyboard.press("Tab")  # (past the list's summary: the list is open on this screen)
        if page.evaluate("document.activeElement.type") == "radio":
            page.keyboard.press("Space")
        while page.evaluate("document.activeElement.type") != "submit":
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.body.innerHTML.includes('?v={before + 1}')")
        game.refresh_from_db()
        assert game.version == before + 1
        assert game.actions.get(seq=game.move_count).payload in rules.legal_actions(st, seat)
        page.wait_for_function("() => document.activeElement.id === 'prompt'")
        # and the next Tab goes on from the prompt, not from the top of the page
        page.keyboard.press("Tab")
        assert page.evaluate("document.getElementById('table').contains(document.activeElement)")
        page.context.close()


# -- the table talk -------------------------------------------------------------------------------
def test_the_table_talk_appends_new_lines_and_keeps_those_it_has(chromium, live_server):
    game = game_services.game_create_started(users=[UserFactory() for _ in range(3)], slug="lifeboats")
    writer, reader = seated(game, 0), seated(game, 1)
    chat_services.message_post(game_id=game.pk, user=writer, text="First words")
    page = new_page(chromium, live_server, reader)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    first = page.locator("#chat-lines li", has_text="First words")
    first.wait_for()
    page.evaluate("window.firstLine = document.querySelector('#chat-lines li')")
    chat_services.message_post(game_id=game.pk, user=writer, text="Second words")
    page.locator("#chat-lines li", has_text="Second words").wait_for()
    # the first line is the same DOM node as before: the list was appended to, not replaced
    assert page.evaluate(
        "window.firstLine.isConnected && document.querySelector('#chat-lines li') === window.firstLine"
    )
    assert page.locator("#chat-lines li").all_inner_texts()[0].startswith(display_name(writer))
    # the reader's own message, sent with the form, is appended the same way and the form emptied
    page.fill("textarea[name=text]", "Third words")
    page.get_by_role("button", name="Send").click()
    page.locator("#chat-lines li", has_text="Third words").wait_for()
    assert page.locator("#chat-lines li").count() == 3
    assert page.evaluate("window.firstLine.isConnected")
    assert page.input_value("textarea[name=text]") == ""
    page.context.close()


# -- polls in a tab out of sight ------------------------------------------------------------------
def test_a_poll_asks_only_while_the_page_is_in_sight(chromium, live_server):
    """The visibility filter once in hx-trigger (an eval the policy refuses) lives in site.js: a
    poll's request is dropped while the page is hidden, sent when it is visible."""
    game = game_services.game_create_started(users=[UserFactory() for _ in range(3)], slug="lifeboats")
    page = new_page(chromium, live_server, seated(game, 0))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_load_state("networkidle")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "probe=" in r.url else None)
    poll = "[data-poll][hx-get*='/version/']"
    url = page.get_attribute(poll, "hx-get")
    page.evaluate(
        """([poll, url]) => {
            Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
            return htmx.ajax('GET', url + '&probe=hidden', {source: poll, swap: 'none'});
        }""",
        [poll, url],
    )
    page.evaluate(
        """([poll, url]) => {
            Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
            return htmx.ajax('GET', url + '&probe=visible', {source: poll, swap: 'none'});
        }""",
        [poll, url],
    )
    page.wait_for_load_state("networkidle")
    assert [u.split("probe=")[1] for u in asked] == ["visible"]
    page.context.close()


def test_a_tab_shown_again_polls_at_once(chromium, live_server):
    """The poll ticks every 10 s, and a tab brought back into sight asks at once."""
    game = game_services.game_create_started(users=[UserFactory() for _ in range(3)], slug="lifeboats")
    page = new_page(chromium, live_server, seated(game, 0))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_load_state("networkidle")
    assert "every 10s" in page.get_attribute("[data-poll]", "hx-trigger")
    with page.expect_request(lambda r: "/version/" in r.url, timeout=3000):
        page.evaluate(
            """() => {
                Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
                document.dispatchEvent(new Event('visibilitychange'));
            }"""
        )
    page.context.close()
