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
    assert page.locator("#prompt input[type=radio]:checked").count() == 0  # and nothing left chosen
    page.locator(f'#table svg.pic-board .pic-choice[data-lane="{lane}"]').click()
    page.locator("#pick-confirm").get_by_role("button", name="Play").click()
    page.wait_for_function(f"() => document.body.innerHTML.includes('lane {lane}.')")
    placed = next(b for b in game.engine.view(state(game), seat)["boats"] if b["owner"] == seat)
    assert placed["lane"] == lane
    page.context.close()


def _fight_with_a_weapon(rules):
    """A fight round in which a seat still outside it may join either side with a weapon in hand."""

    def wanted(st) -> bool:
        if st.step != "fight" or st.window is None:
            return False
        for seat in rules.to_act(st):
            fights = [a for a in rules.legal_actions(st, seat) if a["type"] == "fight"]
            if any(a["weapons"] for a in fights) and {a["side"] for a in fights} == {
                "out",
                "attacker",
                "defender",
            }:
                return True
        return False

    return wanted


def test_a_fights_side_and_weapon_are_chosen_by_tapping_the_fighter_and_the_card(chromium, live_server):
    """Issue 34: "A fight's side and weapons are chosen by tapping the side and the weapon cards."
    The attacker's seat picks the attacker's side, a weapon's card in hand ticks it, Cancel puts
    both back, and Play plays the same action as the form would."""
    import engine
    from games.models import Action, Seat
    from tests.games.helpers import game_at_moment

    rules = engine.get_game("lifeboat")
    game, _users, _waited, _last = game_at_moment("lifeboat", 4, _fight_with_a_weapon(rules))
    st = state(game)
    seat = next(
        s
        for s in rules.to_act(st)
        if {a["side"] for a in rules.legal_actions(st, s) if a["type"] == "fight"}
        == {"out", "attacker", "defender"}
    )
    weapon = next(w for a in rules.legal_actions(st, seat) if a["type"] == "fight" for w in a["weapons"])
    attacker = st.window.data["attacker"]
    page = sign_in(chromium, live_server, Seat.objects.get(game=game, index=seat).user)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = page.locator("#prompt form[data-compose]")
    side_checked = form.locator("input[name=side]:checked")
    before = side_checked.get_attribute("value") if side_checked.count() else None

    fighter = page.locator(f'#table svg.pic-board .pic-choice[data-seat="{attacker}"]')
    card = page.locator(f'#table .private .pic-choice[data-card="{weapon}"]').first
    fighter.click()
    card.click()
    assert form.locator("input[name=side]:checked").get_attribute("value") == "attacker"
    assert form.locator(f'input[name=weapons][value="{weapon}"]').is_checked()
    assert fighter.get_attribute("aria-pressed") == "true"
    assert " · " in page.locator("#pick-confirm").inner_text()  # the side and the weapon, both said
    page.keyboard.press("Escape")  # Cancel: what the taps chose is put back
    assert page.locator("#pick-confirm").count() == 0
    now = form.locator("input[name=side]:checked")
    assert (now.get_attribute("value") if now.count() else None) == before
    assert not form.locator(f'input[name=weapons][value="{weapon}"]').is_checked()

    fighter.click()
    card.click()
    page.locator("#pick-confirm").get_by_role("button", name="Play").click()
    page.wait_for_function("() => !document.querySelector('#prompt form[data-compose]')")
    played = Action.objects.filter(game=game, seat_index=seat).latest("seq").payload
    assert played == {"type": "fight", "side": "attacker", "weapons": [weapon], "flare": False}
    page.context.close()
