"""Bots and substitutes in real browsers: one person and three bots play a Lifeboat day (issue 19);
a seat given up is offered to a substitute who takes it over and sees only that seat (issue 18).

The bots' tasks run eagerly (in the request that prompted them; the delay is 0 in tests)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games import services
from games.i18n import describe_action
from games.models import Action, Game, Seat
from tests.factories import GameFactory, UserFactory

from .test_table_play import (
    SEED,
    check_no_secrets,
    choose,
    compose,
    lifeboat_choice,
    sign_in,
    state,
    table_ready,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def posted(page, game: Game):
    """Wait for the answer to the page's next POST about the game: the server has played the move
    and, in the same request (eager tasks after its commit), the bots' replies."""
    return page.expect_response(lambda r: r.request.method == "POST" and f"/games/{game.pk}/" in r.url)


def click_action(page, game: Game, seat: int, action: dict) -> None:
    rules, st = game.engine, state(game)
    label = describe_action(rules, st, seat, action)
    before = game.version
    page.reload()
    table_ready(page)
    assert page.locator("#prompt-h").inner_text() == "Your move"
    composed = page.locator(f"#table form:has(input[name=type][value={action['type']}])")
    with posted(page, game):
        if composed.count():
            compose(composed.first, action)
        else:
            choose(page, label)
    game.refresh_from_db()
    assert game.version > before, f"the click on {label!r} was not played"


def test_one_person_and_three_bots_play_a_lifeboat_day(chromium, live_server, eager_bots):
    human = UserFactory()
    game = GameFactory(slug="lifeboat", num_players=4, created_by=human, seed=SEED)
    page = sign_in(chromium, live_server, human)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    with posted(page, game):
        page.get_by_role("button", name="Fill the free seats with bots and start").click()
    page.wait_for_load_state()
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    players = page.locator("#players-h").locator("xpath=..").inner_text()
    for name in ("Bot Ada (bot)", "Bot Brunel (bot)", "Bot Curie (bot)"):
        assert name in players
    rules = game.engine
    mine = Seat.objects.get(game=game, user=human).index
    script = {"mugged": False, "refused": False, "fought": False, "rowed": False, "navigated": False}
    for _ in range(80):
        st = state(game)
        if st.turn >= 2 or rules.is_over(st):
            break
        assert mine in rules.to_act(st), "the bots left the game waiting for a bot"
        click_action(page, game, mine, lifeboat_choice(st, mine, rules.legal_actions(st, mine), script))
        page.reload()  # the move's answer shows the game before the bots' replies; this, after them
        check_no_secrets(game, {mine: page})
    st = state(game)
    assert st.turn == 2, "a full day has not passed"
    assert (
        Action.objects.filter(game=game, source=Action.Source.BOT).values("seat_index").distinct().count()
        == 3
    )
    page.reload()
    log = page.locator("#game-log").inner_text()
    assert "Day 2" in log
    assert "Day 1 · Navigation" in log
    assert "Bot Ada (bot)" in page.locator("#players-h").locator("xpath=..").inner_text()
    if shots := os.environ.get("SEATS_SCREENSHOTS"):
        page.screenshot(path=f"{shots}/bots-day.png", full_page=True)
    check_no_secrets(game, {mine: page})
    page.context.close()


def test_a_substitute_takes_over_a_resigned_seat(chromium, live_server):
    users = [UserFactory() for _ in range(3)]
    game = GameFactory(slug="lifeboats", num_players=3, created_by=users[0], players=users[1:], seed=SEED)
    game = services.game_start(game_id=game.pk, user=users[0])
    quitter = users[1]
    seat = Seat.objects.get(game=game, user=quitter).index
    services.game_resign(game_id=game.pk, user=quitter)

    creator = sign_in(chromium, live_server, users[0])
    creator.goto(f"{live_server.url}/games/{game.pk}/")
    with posted(creator, game):
        creator.get_by_role("button", name=f"Offer seat {seat + 1} to a substitute").click()
    creator.wait_for_load_state()
    assert "offered to a substitute" in creator.locator("#seats").inner_text()

    substitute_user = UserFactory()
    substitute = sign_in(chromium, live_server, substitute_user)
    substitute.goto(f"{live_server.url}/games/{game.pk}/")
    with posted(substitute, game):
        substitute.get_by_role("button", name=f"Take over seat {seat + 1}").click()
    substitute.wait_for_load_state()
    assert Seat.objects.get(game=game, index=seat).user_id == substitute_user.pk
    players = substitute.locator("#players-h").locator("xpath=..").inner_text()
    assert "(you)" in players
    assert "took over seat" in substitute.locator("#seats").inner_text()
    check_no_secrets(game, {seat: substitute})

    gone = sign_in(chromium, live_server, quitter)
    gone.goto(f"{live_server.url}/games/{game.pk}/")
    check_no_secrets(game, {None: gone})  # the player who left sees what a spectator sees
    if shots := os.environ.get("SEATS_SCREENSHOTS"):
        substitute.screenshot(path=f"{shots}/substitute.png", full_page=True)
        creator.reload()
        creator.locator("#seats").wait_for()
        creator.screenshot(path=f"{shots}/creator.png", full_page=True)
    for page in (creator, substitute, gone):
        page.context.close()
