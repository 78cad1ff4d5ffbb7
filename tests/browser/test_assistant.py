"""Fewer waits in a browser (issue 33): a quick 4-player Lifeboat game, one person in Chromium and
three others whose small questions go to their assistants (as the person's do). The person
answers a decision ahead on the panel beside the table, then plays the first day; their log names
what their assistant did; nobody was prompted (no mail, no link) for a decision an assistant
took; and another seat's page, panel, mails and API never show the person's assistant's choices
or the answer they queued."""

from __future__ import annotations

import json
import os
import random
import re

import pytest
from django.core import mail
from django.test import Client

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import engine
from games import services
from games.models import Action, Game, Seat
from notifications.models import Prompt
from tests.browser.test_accessibility import new_page
from tests.eager_tasks import eager_celery
from tests.factories import UserFactory
from tests.games.helpers import api_headers

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("eager_celery"),
]

__all__ = ["eager_celery"]

LIFEBOAT = engine.get_game("lifeboat")
MINOR_TYPES = {"accept", "refuse", "fight", "water", "react"}


def state_of(game: Game):
    game.refresh_from_db()
    return LIFEBOAT.from_json(game.snapshot)


def holder(game: Game, index: int):
    return Seat.objects.select_related("user").get(game=game, index=index).user


def others_play(game: Game, person: int, rng: random.Random) -> bool:
    """One decision of a seat other than the person's (one that is its player's own, not its
    assistant's), preferring a swap with the person (whose answer is then their assistant's);
    False when none is waited for."""
    state = state_of(game)
    waited = [
        s.index for s in Seat.objects.filter(game=game, waiting=True, assisted=False) if s.index != person
    ]
    if not waited:
        return False
    seat = waited[0]
    legal = LIFEBOAT.legal_actions(state, seat)
    swaps = [a for a in legal if a["type"] == "swap" and a.get("target") == person]
    action = swaps[0] if swaps else rng.choice([a for a in legal if not LIFEBOAT.is_any_time(a)] or legal)
    services.action_submit(
        game_id=game.pk, user=holder(game, seat), action=action, expected_version=game.version
    )
    return True


def test_a_quick_game_in_the_browser(chromium, live_server):
    users = [UserFactory() for _ in range(4)]
    game = services.game_create_started(users=users, slug="lifeboat", seed=7, quick=True)
    person = 0
    me = users[person]
    page = new_page(chromium, live_server, me, width=390)
    table = f"{live_server.url}/games/{game.pk}/"
    page.goto(table)

    # -- answer ahead, on the panel beside the table ------------------------------------------
    page.wait_for_selector("#assistant-panel")
    queued = None
    draft = page.locator("form.ahead-kind:has(input[name=kind][value=draft])")
    if draft.count():
        draft.locator("select[name=order]").first.select_option("water")
        draft.get_by_role("button", name="Answer ahead").click()
        page.wait_for_selector("#assistant-panel .notice.success")
        queued = "Water"
        assert "Queued: Water" in page.inner_text("#assistant-panel")
    assert queued, "the person could answer nothing ahead at the start (seed 7: they draft later)"
    assert Seat.objects.get(game=game, index=person).assistant == ["answer", "fight", "react", "thirst"]

    # -- the first day --------------------------------------------------------------------------
    rng = random.Random(3)
    for _ in range(200):
        game.refresh_from_db()
        state = state_of(game)
        if game.status != Game.Status.RUNNING or state.turn > 1:
            break
        mine = Seat.objects.get(game=game, index=person)
        if mine.waiting and not mine.assisted:
            page.goto(table)
            prompt = page.locator("#prompt")
            chooser = prompt.locator("select[name=action]")
            radio = prompt.locator("input[type=radio][name=action]")
            if chooser.count():
                chooser.first.select_option(index=1)
            elif radio.count():
                folded = prompt.locator("details.on-picture:not([open]) summary")
                if folded.count():  # a phone folds the choices the board offers too
                    folded.first.click()
                radio.first.check()
            before = game.move_count
            prompt.locator("button").first.click()
            page.wait_for_selector(f"#table:not([data-moves='{before}'])")
        elif not others_play(game, person, rng):
            raise AssertionError("nobody is waited for, yet the day goes on")
    helped = Action.objects.filter(game=game, seat_index=person, source=Action.Source.ASSISTANT)
    assert helped.exists(), "the person's assistant decided nothing in the first day"

    # the person's log names what their assistant did
    page.goto(table)
    assert "Your assistant decided for you." in page.inner_text("#game-log")

    # nobody was prompted for a decision an assistant took
    for prompt in Prompt.objects.filter(game=game):
        asked = {a["type"] for a in prompt.actions if not LIFEBOAT.is_any_time(a)}
        assert not asked <= MINOR_TYPES, f"seat {prompt.seat_index} was prompted for {asked}"

    # -- another seat reads nothing of it ---------------------------------------------------------
    other = users[1]
    client = Client()
    client.force_login(other)
    their_page = client.get(f"/games/{game.pk}/").content.decode()
    their_panel = client.get(f"/games/{game.pk}/assistant/").content.decode()
    api = json.dumps(Client().get(f"/api/games/{game.pk}/", **api_headers(other)).json())
    their_mails = "\n".join(m.body for m in mail.outbox if other.email in m.to)
    for where, text in (("page", their_page), ("panel", their_panel), ("API", api), ("mails", their_mails)):
        # the person's assistant's moves read as any move: only one's own log says "your assistant"
        mine_said = re.findall(r"Your assistant decided for you\. ([^<\n]*)", text)
        theirs = Action.objects.filter(game=game, seat_index=1, source=Action.Source.ASSISTANT).count()
        assert len(mine_said) <= theirs, f"{where} of seat 1 tells of another seat's assistant"
        if queued:
            assert f"Queued: {queued}" not in text, f"{where} of seat 1 shows the person's queued answer"
    assert "plans" not in api
    assert "assistant" not in api
