"""Choosing on the table's pictures: a click on a card face or a lane picks the prompt's control
for it, so does Enter on a part reached with Tab, and another browser sees the move marked new.

The prompt's own controls stay behind every part (the tests of `test_table_play.py` play through
them); here the pictures are clicked and the move checked in the engine state.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from tests.browser.test_table_play import TIMEOUT_MS, sign_in, start, state
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


#: The page shows the reader's own kept card in the log.
KEPT = "() => /You keep /.test(document.getElementById('game-log').innerText)"


def drafter_and_card(game) -> tuple[int, str]:
    st = state(game)
    seat = game.engine.to_act(st)[0]
    keep = [a for a in game.engine.legal_actions(st, seat) if a["type"] == "keep"]
    return seat, keep[-1]["card"]


def kept(game, seat: int) -> list[str]:
    """The cards `seat` holds now."""
    return [c["id"] for c in game.engine.view(state(game), seat)["me"]["hand"]]


def test_a_draft_card_is_kept_by_a_click_on_its_face_and_by_enter_on_it(chromium, live_server):
    users = [UserFactory() for _ in range(4)]
    game, user_at = start("lifeboat", users)
    seat, card = drafter_and_card(game)
    page = sign_in(chromium, live_server, users[user_at[seat]])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    rules, st = game.engine, state(game)
    after = rules.from_json(rules.to_json(st))
    rules.apply(after, seat, {"type": "keep", "card": card})
    next_seat = rules.to_act(after)[0]  # the seat the rest of the draft is passed to
    watcher = sign_in(chromium, live_server, users[user_at[next_seat]])
    watcher.goto(f"{live_server.url}/games/{game.pk}/")

    # a click on the face in "Offered in the draft" selects that card, and Play in the bar keeps it
    face = page.locator(f'#table .private svg.pic-choice[data-card="{card}"]')
    assert face.get_attribute("role") == "button"
    assert face.get_attribute("aria-label").startswith("Keep ")
    face.click()
    bar = page.locator("#pick-confirm")
    assert bar.inner_text().startswith("Keep ")
    assert face.get_attribute("aria-pressed") == "true"
    assert card not in kept(game, seat), "one tap played the card"
    bar.get_by_role("button", name="Play").click()
    page.wait_for_function(KEPT)
    assert card in kept(game, seat)

    # the next drafter's page updates by itself, with the news marked and the changed parts marked
    watcher.wait_for_selector("#game-log li.log-new", timeout=TIMEOUT_MS)
    assert "NEW" in watcher.locator("#game-log li.log-new").first.inner_text().upper()

    # by keyboard: Tab to a draft card's face, then Enter
    seat, card = drafter_and_card(game)
    assert seat == next_seat
    watcher.reload()
    target = f'#table .private svg.pic-choice[data-card="{card}"]'
    watcher.wait_for_selector(target)
    for _ in range(120):
        watcher.keyboard.press("Tab")
        if watcher.evaluate(f"() => document.activeElement === document.querySelector('{target}')"):
            break
    else:
        pytest.fail("the draft card cannot be reached with Tab")
    watcher.keyboard.press("Enter")  # selects it: the bar's Play takes the focus
    assert watcher.evaluate("() => document.activeElement.closest('#pick-confirm') !== null")
    watcher.keyboard.press("Enter")
    watcher.wait_for_function(KEPT)
    assert card in kept(game, seat)
    for p in (page, watcher):
        p.context.close()


def test_a_lane_clicked_on_the_lifeboats_board_is_the_one_placed_after_play(chromium, live_server):
    users = [UserFactory() for _ in range(3)]
    game, user_at = start("lifeboats", users)
    st = state(game)
    seat = game.engine.to_act(st)[0]
    lanes = [a["lane"] for a in game.engine.legal_actions(st, seat) if a["type"] == "place_boat"]
    lane = lanes[len(lanes) // 2]
    page = sign_in(chromium, live_server, users[user_at[seat]])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator(f'#table svg.pic-board .pic-choice[data-lane="{lane}"]').click()
    radio = page.locator("#prompt input[type=radio]:checked")
    assert f'"lane": {lane}' in radio.get_attribute("value")
    page.locator("#pick-confirm").get_by_role("button", name="Cancel").click()  # nothing played
    assert page.locator("#pick-confirm").count() == 0
    page.locator(f'#table svg.pic-board .pic-choice[data-lane="{lane}"]').click()
    page.locator("#pick-confirm").get_by_role("button", name="Play").click()
    page.wait_for_function(f"() => document.body.innerHTML.includes('lane {lane}.')")
    placed = next(b for b in game.engine.view(state(game), seat)["boats"] if b["owner"] == seat)
    assert placed["lane"] == lane
    page.context.close()
