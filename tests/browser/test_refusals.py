"""A refused htmx answer shows its message beside the form it came from, and the page stays.

In a fight, "Stay out of the fight" with a weapon ticked is refused (400). Before, the answer
replaced the whole page with the bare sentence under `make run` (DEBUG: django-htmx's debug script
swaps any 400, 403 or 404 into the document), and otherwise put it at the top of the page, far
from the form on a phone. A move on a page made stale by the player's own answer in another tab
(409), a message the chat refuses (400) and an answer that failed on the server (500) are shown
the same way.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games import services as game_services
from games.models import Game
from tests.browser.test_accessibility import new_page, play_until, seated, state_of, waited_for
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The refusal right after an element, as the page shows it.
MESSAGE_AFTER = (
    "el => { const n = el.nextElementSibling; return n && n.matches('.refusal') ? n.innerText : null; }"
)


def fight_to_stay_out_of(players: list) -> Game:
    """A Lifeboat fight where the seat waited for may stay out and holds a weapon."""
    for seed in range(11, 20):
        game = game_services.game_create_started(users=players, slug="lifeboat", seed=seed)

        def wanted(st, rules=game.engine) -> bool:
            if st.step != "fight" or st.window is None:
                return False
            legal = rules.legal_actions(st, rules.to_act(st)[0])
            return any(a.get("side") == "out" for a in legal) and any(a.get("weapons") for a in legal)

        try:
            return play_until(game, wanted, seed=seed)
        except AssertionError:
            continue
    raise AssertionError("no such fight")


def assert_table_stays(page) -> None:
    assert page.locator("#table svg.pic-board").count() == 1
    assert page.locator("#prompt-h").inner_text() == "Your move"
    assert page.locator("header.site-header").count() == 1


@pytest.mark.parametrize("debug", [False, True], ids=["production", "make-run"])
def test_a_refused_move_shows_its_message_beside_its_form_and_the_table_stays(
    chromium, live_server, settings, debug
):
    settings.DEBUG = debug  # make run's local settings: django-htmx's debug script was loaded
    players = [UserFactory() for _ in range(4)]
    game = fight_to_stay_out_of(players)
    seat = waited_for(game)
    page = new_page(chromium, live_server, seated(game, seat), width=390)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    version = game.version

    form = page.locator("#table form:has(input[name=type][value=fight])")
    form.locator("input[name=side][value=out]").check()
    form.locator("input[name=weapons]").first.check()
    with page.expect_response(lambda r: "/compose/" in r.url) as answer:
        form.get_by_role("button", name="Play").click()
    assert answer.value.status == 400
    page.wait_for_function("() => document.querySelector('#table form .refusal, #table form + .refusal')")
    assert form.evaluate(MESSAGE_AFTER) == "That combination is not allowed now."
    assert_table_stays(page)
    assert form.locator("input[name=weapons]").first.is_checked()  # the form as it was left
    assert state_of(game).step == "fight"
    assert game.version == version

    # asked again, the earlier message goes before the new answer comes
    with page.expect_response(lambda r: "/compose/" in r.url):
        form.get_by_role("button", name="Play").click()
    page.wait_for_timeout(200)
    assert page.locator("#table .refusal").count() == 1

    # the same player answered in another tab meanwhile: this page's move is refused (409)
    game_services.action_submit(
        game_id=game.pk,
        user=seated(game, seat),
        action={"type": "fight", "side": "out", "weapons": [], "flare": False},
        expected_version=game.version,
    )
    form.locator("input[name=weapons]").first.uncheck()
    with page.expect_response(lambda r: "/compose/" in r.url) as answer:
        form.get_by_role("button", name="Play").click()
    assert answer.value.status == 409
    page.wait_for_function("() => document.querySelector('#table .refusal')")
    assert "moved on since you loaded it" in form.evaluate(MESSAGE_AFTER)
    assert_table_stays(page)
    page.context.close()


def test_the_chat_shows_a_refusal_and_a_failure_beside_its_form(chromium, live_server):
    players = [UserFactory() for _ in range(4)]
    game = game_services.game_create_started(users=players, slug="lifeboats", seed=3)
    page = new_page(chromium, live_server, players[0], width=1280)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    form = page.locator("#chat form")
    form.wait_for()

    # an empty message is refused (400): said under the form, the panel stays
    page.evaluate("() => document.querySelector('#chat textarea').removeAttribute('required')")
    with page.expect_response(lambda r: "/chat/" in r.url and r.request.method == "POST") as answer:
        form.get_by_role("button", name="Send").click()
    assert answer.value.status == 400
    page.wait_for_function("() => document.querySelector('#chat .refusal')")
    assert form.evaluate(MESSAGE_AFTER)
    assert page.locator("#chat-lines").count() == 1

    # an answer that failed on the server (500) says so there too, and the text typed stays
    page.route("**/chat/", lambda route: route.fulfill(status=500, body="Server Error"))
    form.locator("textarea").fill("Shall we row together?")
    with page.expect_response(lambda r: "/chat/" in r.url and r.request.method == "POST") as answer:
        form.get_by_role("button", name="Send").click()
    assert answer.value.status == 500
    page.wait_for_function(
        "() => /nothing was changed/.test(document.querySelector('#chat .refusal').innerText)"
    )
    assert page.locator("#chat .refusal").count() == 1
    assert form.locator("textarea").input_value() == "Shall we row together?"
    assert page.locator("#table").count() == 1
    page.context.close()
