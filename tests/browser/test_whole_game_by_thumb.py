"""Issue 34, done when: "A person can play a whole game at 390 px with thumbs only, never scrolling
to find what they are asked."

One person and bots play each game to its end on a 390x844 touch screen. At every decision the
page is opened afresh (scrolled to its top) and the bar with the question and the move's first
control a person can see are inside the first screen; the move is made by taps only: on the
picture where a part stands for exactly that move (then "Play" in the bar at the foot of the
screen), else on the form (a folded list opened by a tap on it). The person's moves are a seeded
random choice among what the game waits for, so every kind of decision comes up.
"""

from __future__ import annotations

import json
import os
import random

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from games.models import Game, Seat
from tests.factories import GameFactory, UserFactory
from tests.games.helpers import state_of

from .test_bots_and_substitutes import posted
from .test_table_play import check_no_secrets, describe_action, table_ready
from .test_your_turn import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

# The key of the picture's part that stands for the control worded `label` and for no other
# control, or null (then the form is used).
ONLY_PART = """(label) => {
  const words = (c) => ((c.closest("label") || c).textContent || "").trim();
  const picks = (c) => c.getAttribute("data-picks").split(" ");
  const all = [...document.querySelectorAll("#table [data-picks]")];
  const mine = all.find((c) => c.closest("#prompt") && words(c) === label);
  if (!mine) return null;
  return picks(mine).find((key) => all.filter((c) => picks(c).includes(key)).length === 1) || null;
}"""
# The move's first control a person can see, as a box on the screen.
FIRST_CONTROL = "#prompt :is(summary, button, select, input[type=radio]) >> visible=true"


def _part(key: str) -> str:
    name, _, value = key.partition(":")
    return (
        f'#table .pic-choice[data-{name}="{value}"]' if value else f'#table .pic-choice[data-part="{name}"]'
    )


def _phone(chromium, live_server, user):
    return sign_in(chromium, live_server, user, viewport=PHONE, has_touch=True, is_mobile=True)


def _asked_on_the_first_screen(page) -> None:
    assert page.evaluate("scrollY") == 0
    bar = page.locator(".action-bar").bounding_box()
    control = page.locator(FIRST_CONTROL).first.bounding_box()
    assert bar is not None
    assert control is not None, "no control to answer with"
    assert bar["y"] + bar["height"] <= PHONE["height"]
    assert control["y"] + control["height"] <= PHONE["height"], f"scroll to find the move: {control}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _tap_form(page, action: dict, label: str) -> None:
    """The move through the form, by taps: a button; a radio (its folded list opened) then Play;
    the fields of a composed move then Play; a menu entry then Play (a phone's own picker)."""
    composed = page.locator(f"#prompt form[data-compose]:has(input[name=type][value={action['type']}])")
    if composed.count():
        for name, value in action.items():
            values = (
                value
                if isinstance(value, list)
                else ["true"]
                if value is True
                else []
                if not value
                else [value]
            )
            for v in values if name != "type" else []:
                box = composed.locator(f"input[name={name}][value='{v}']")
                if not box.is_checked():
                    box.tap()
        composed.get_by_role("button", name="Play").tap()
        return
    button = page.locator("#prompt").get_by_role("button", name=label, exact=True)
    if button.count():
        button.first.tap()
        return
    radio = page.locator("#prompt").get_by_role("radio", name=label, exact=True, include_hidden=True)
    if radio.count():
        folded = radio.first.locator("xpath=ancestor::details[not(@open)]")
        if folded.count():
            folded.locator("summary").tap()
        radio.first.tap()
        radio.first.locator("xpath=ancestor::form").get_by_role("button", name="Play").tap()
        return
    menu = page.locator("#prompt select", has=page.locator("option", has_text=label)).first
    menu.select_option(label=label)
    menu.locator("xpath=ancestor::form").get_by_role("button", name="Play").tap()


@pytest.mark.parametrize(("slug", "players", "seed"), [("lifeboat", 4, 11), ("lifeboats", 3, 5)])
def test_a_whole_game_is_played_with_thumbs_at_390_px(chromium, live_server, eager_bots, slug, players, seed):
    person = UserFactory()
    game = GameFactory(slug=slug, num_players=players, created_by=person, seed=seed)
    page = _phone(chromium, live_server, person)
    table = f"{live_server.url}/games/{game.pk}/"
    page.goto(table)
    with posted(page, game):
        page.get_by_role("button", name="Fill the free seats with bots and start").tap()
    page.wait_for_load_state()
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    rules = game.engine
    mine = Seat.objects.get(game=game, user=person).index
    rng = random.Random(seed)
    decisions = on_picture = 0
    for _ in range(400):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        st = state_of(game)
        assert mine in rules.to_act(st), "the bots left the game waiting for a bot"
        asked = [a for a in rules.legal_actions(st, mine) if not rules.is_any_time(a)]
        action = rng.choice(asked)
        label = describe_action(rules, st, mine, action)
        page.goto(table)  # afresh, at the page's top
        table_ready(page)
        _asked_on_the_first_screen(page)
        before = game.version
        key = page.evaluate(ONLY_PART, label)
        with posted(page, game):
            if key:
                part = page.locator(_part(key)).first
                part.scroll_into_view_if_needed()
                box = part.bounding_box()
                part.tap(
                    position={"x": box["width"] / 2, "y": min(6, box["height"] / 2)}
                )  # a cascade shows tops
                bar = page.locator("#pick-confirm")
                assert label in bar.inner_text()
                bar.get_by_role("button", name=bar.get_by_role("button").first.inner_text()).tap()
                on_picture += 1
            else:
                _tap_form(page, action, label)
        game.refresh_from_db()
        assert game.version > before, f"the tap on {label!r} was not played"
        played = game.actions.filter(seat_index=mine).latest("seq").payload
        assert json.dumps(played, sort_keys=True) == json.dumps(action, sort_keys=True) or (
            describe_action(rules, st, mine, played) == label  # an equal choice offered once
        )
        decisions += 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"not over after {decisions} decisions"
    assert on_picture >= decisions // 4, (on_picture, decisions)  # the board is where most are made
    page.goto(table)
    check_no_secrets(game, {mine: page})
    assert page.locator(".action-bar").get_by_text("Next game waiting for me").count() == 1
    page.context.close()
