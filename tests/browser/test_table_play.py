"""Four people in four browsers sign in and play through clicks; nobody's page shows another's secret.

The games are created through the services with a fixed seed, so the deal is the same every run;
the driver reads the engine state only to decide what each person clicks, and checks every page
against the engine's `secrets_from` for that seat.
"""

from __future__ import annotations

import gzip
import os
import re

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games import services
from games.i18n import describe_action
from games.models import Game, Seat
from tests.factories import GameFactory, UserFactory

from . import test_your_turn as your_turn

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEED = 20261129
TIMEOUT_MS = 15_000


# -- helpers ------------------------------------------------------------------------------------
def sign_in(browser, live_server, user):
    """`user` signed in on a 360x800 phone."""
    return your_turn.sign_in(browser, live_server, user, viewport={"width": 360, "height": 800})


def start(slug: str, users: list) -> tuple[Game, dict[int, int]]:
    game = GameFactory(slug=slug, num_players=len(users), created_by=users[0], players=users[1:], seed=SEED)
    game = services.game_start(game_id=game.pk, user=users[0])
    seat_of = dict(Seat.objects.filter(game=game).values_list("user_id", "index"))
    return game, {seat_of[u.pk]: i for i, u in enumerate(users)}


def state(game: Game):
    game.refresh_from_db()
    return game.engine.from_json(game.snapshot)


def check_no_secrets(game: Game, pages: dict[int, object]) -> None:
    rules, st = game.engine, state(game)
    for seat, page in pages.items():
        html = page.content()
        leaked = sorted(s for s in rules.secrets_from(st, seat) if s in html)
        assert not leaked, f"seat {seat}'s page shows {leaked}"


def table_ready(page) -> None:
    """Wait until a table page loaded afresh has its final table: table.js asks for it again with
    what changed since this browser last showed it marked, and swaps it in (`remember`)."""
    page.wait_for_selector("html[data-table-ready]", state="attached")


def choose(page, label: str) -> None:
    """Click the legal action with this label: a button (or the picture of it, then Play in the bar
    that asks to confirm), or a radio (in the list a phone folds, opened) or menu entry then its
    Play button."""
    prompt = page.locator("#table")
    button = prompt.get_by_role("button", name=label, exact=True)
    if button.count():
        button.first.click()  # the form's button, or a picture of what it plays...
        confirm = page.locator("#pick-confirm")
        if confirm.count():  # ...which selects it: the bar at the foot plays it
            confirm.get_by_role("button", name="Play").click()
        return
    radio = prompt.get_by_role("radio", name=label, exact=True, include_hidden=True)
    if radio.count():
        folded = radio.first.locator("xpath=ancestor::details[not(@open)]")
        if folded.count():  # a phone folds the choices the board offers too: open the list
            folded.locator("summary").click()
        radio.first.check()
        radio.first.locator("xpath=ancestor::form").get_by_role("button", name="Play").click()
        return
    option = prompt.locator("option", has_text=label).first
    select = option.locator("xpath=ancestor::select")
    select.select_option(label=label)
    select.locator("xpath=ancestor::form").get_by_role("button", name="Play").click()


def compose(form, action: dict) -> None:
    """Fill a field-by-field form (rowing, a fight round) with the action's fields, then play."""
    for name, value in action.items():
        if name == "type":
            continue
        values = (
            value
            if isinstance(value, list)
            else (["true"] if value is True else [] if value is False else [value])
        )
        for v in values:
            form.locator(f"input[name={name}][value='{v}']").check()
    form.get_by_role("button", name="Play").click()


def play(game: Game, pages: dict[int, object], seat: int, action: dict) -> None:
    """`seat` clicks `action` in its own page; wait until the server has played it."""
    rules, st = game.engine, state(game)
    label = describe_action(rules, st, seat, action)  # the label the table shows
    before = game.version
    page = pages[seat]
    page.reload()
    table_ready(page)
    assert page.locator("#prompt-h").inner_text() == "Your move"
    composed = page.locator(f"#table form:has(input[name=type][value={action['type']}])")
    if composed.count():
        compose(composed.first, action)
    else:
        choose(page, label)
    page.wait_for_function(
        f"() => !document.querySelector('#table') || document.body.innerHTML.includes('?v={before + 1}')"
        f" || document.body.innerHTML.includes('?v={before + 2}')"
    )
    game.refresh_from_db()
    assert game.version > before, f"seat {seat}'s click on {label!r} was not played"


def page_weight_ok(page) -> None:
    body = page.content().encode()
    assert len(gzip.compress(body)) <= 60 * 1024


def fits_a_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the table is {width}px wide on a 360px phone"


# -- Lifeboat: a full day -------------------------------------------------------------------------
def lifeboat_choice(st, seat: int, legal: list[dict], script: dict) -> dict:
    kinds = {a["type"] for a in legal}
    step = st.step
    if step == "act":
        me = st.chars[seat]
        targets = [
            a for a in legal if a["type"] == "mug" and a["card"] == "hand" and st.chars[a["target"]] != "kid"
        ]
        if not script["mugged"] and me != "kid" and targets:
            script["mugged"] = True
            return targets[0]
        if not script["rowed"] and "row" in kinds:
            script["rowed"] = True
            return {"type": "row"}
        return {"type": "nothing"}
    if step == "answer":
        script["refused"] = True
        return {"type": "refuse"}
    if step == "fight":
        script["fought"] = True
        out = [a for a in legal if a["type"] == "fight" and a["side"] == "out"]
        return out[0] if out else next(a for a in legal if a["type"] == "fight")
    if step == "navigate":
        script["navigated"] = True
        return next(a for a in legal if a["type"] == "navigate")
    required = [a for a in legal if a["type"] not in ("play", "offer_trade", "answer_trade")]
    return required[0]


def test_four_browsers_play_a_lifeboat_day(chromium, live_server):
    users = [UserFactory() for _ in range(4)]
    game, user_at = start("lifeboat", users)
    pages = {seat: sign_in(chromium, live_server, users[i]) for seat, i in user_at.items()}
    for page in pages.values():
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page_weight_ok(page)
        fits_a_phone(page)
    check_no_secrets(game, pages)
    rules = game.engine
    if os.environ.get("BOARD_SCREENSHOTS"):
        for seat, page in pages.items():
            page.screenshot(path=f"/tmp/table-{seat}.png", full_page=True)
    script = {"mugged": False, "refused": False, "fought": False, "rowed": False, "navigated": False}
    watcher_checked = False
    for _ in range(80):
        st = state(game)
        if st.turn >= 2 or rules.is_over(st):
            break
        seat = rules.to_act(st)[0]
        action = lifeboat_choice(st, seat, rules.legal_actions(st, seat), script)
        play(game, pages, seat, action)
        check_no_secrets(game, {seat: pages[seat]})
        if not watcher_checked:
            # another browser sees the move without reloading (htmx polls the version)
            other = next(s for s in pages if s != seat)
            pages[other].wait_for_function(
                f"() => document.body.innerHTML.includes('?v={game.version}')", timeout=TIMEOUT_MS
            )
            watcher_checked = True
    st = state(game)
    assert st.turn == 2, "a full day has not passed"
    assert all(script.values()), script
    for page in pages.values():
        page.reload()
        log = page.locator("#game-log").inner_text()
        assert "Day 2" in log
        assert "Day 1 · Actions" in log
        assert "Day 1 · Navigation" in log
        assert "tries to mug" in log or "try to mug" in log
        assert "refuses: a fight!" in log or "refuse: a fight!" in log
        assert re.search(r"wins? the fight, (\d+) to (\d+)", log)
        assert re.search(r"plays? No\. \d+", log)
    check_no_secrets(game, pages)
    for page in pages.values():
        page.context.close()


# -- Lifeboats: set-up and a first round ------------------------------------------------------------
def test_four_browsers_set_up_lifeboats_and_play_a_round(chromium, live_server):
    users = [UserFactory() for _ in range(4)]
    game, user_at = start("lifeboats", users)
    pages = {seat: sign_in(chromium, live_server, users[i]) for seat, i in user_at.items()}
    for page in pages.values():
        page.goto(f"{live_server.url}/games/{game.pk}/")
    rules = game.engine
    # keyboard only: the first choice (none comes ticked: a lane is final), Space ticks it; Tab to
    # its Play button and press Enter
    st = state(game)
    seat = rules.to_act(st)[0]
    first = rules.legal_actions(st, seat)[0]
    before = game.version
    pages[seat].reload()
    assert pages[seat].locator("#table input[type=radio]:checked").count() == 0
    # on this phone the lanes, which the board offers too, come folded: Enter on the list opens it
    pages[seat].locator("#table details.on-picture:not([open]) summary").focus()
    pages[seat].keyboard.press("Enter")
    pages[seat].keyboard.press("Tab")
    assert pages[seat].evaluate("document.activeElement.type") == "radio"
    pages[seat].keyboard.press("Space")
    pages[seat].keyboard.press("Tab")
    pages[seat].keyboard.press("Enter")
    pages[seat].wait_for_function(f"() => document.body.innerHTML.includes('?v={before + 1}')")
    game.refresh_from_db()
    assert game.actions.get(seq=game.move_count).payload == first
    for _ in range(120):
        st = state(game)
        if st.round >= 2 or rules.is_over(st):
            break
        seat = rules.to_act(st)[0]
        legal = rules.legal_actions(st, seat)
        votes = [a for a in legal if a["type"] == "vote" and a["card"] not in (None, "hat")]
        play(game, pages, seat, votes[seat % len(votes)] if votes else legal[0])
        check_no_secrets(game, {seat: pages[seat]})
    assert state(game).round == 2, "the first round did not finish"
    for page in pages.values():
        page.reload()
        log = page.locator("#game-log").inner_text()
        assert "Round 2" in log
        assert "Votes revealed:" in log
        assert "Set-up" in log
        assert page.locator("svg.pic-board").count() == 1
    # the rules help loads when it is opened
    page = pages[0]
    page.locator("#rules summary").click()
    page.get_by_text("Points per figure ashore").wait_for()
    check_no_secrets(game, pages)
    for page in pages.values():
        page.context.close()


# -- without JavaScript -------------------------------------------------------------------------------
def test_a_move_and_a_chat_message_work_without_javascript(chromium, live_server):
    users = [UserFactory() for _ in range(3)]
    game, user_at = start("lifeboats", users)
    st = state(game)
    seat = game.engine.to_act(st)[0]
    page = your_turn.sign_in(
        chromium,
        live_server,
        users[user_at[seat]],
        java_script_enabled=False,
        viewport={"width": 360, "height": 800},
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    before = game.version
    page.locator("#table input[type=radio]").first.check()
    page.locator("#table").get_by_role("button", name="Play").first.click()
    page.wait_for_url(re.compile(rf".*/games/{game.pk}/$"))
    game.refresh_from_db()
    assert game.version == before + 1
    assert "Your move was played." in page.content()
    page.get_by_role("link", name="Open the table talk").click()
    page.fill("textarea[name=text]", "Shall we sink the black boat?")
    page.get_by_role("button", name="Send").click()
    page.wait_for_url(re.compile(rf".*/games/{game.pk}/#chat$"))
    page.get_by_role("link", name="Open the table talk").click()
    assert "Shall we sink the black boat?" in page.content()
    page.context.close()
