"""Moments worth seeing (issue 34): "What changed since you last looked is shown on the board for a
moment (a figure moving seats, ...), not only marked in the log; no animation for readers who ask
for reduced motion." A character who changes seats slides there on another player's board, whether
their page is open (the table swaps in) or opened afresh later (where the parts were is kept in the
browser); with reduced motion nothing slides."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import engine
from games import services
from games.models import Seat
from tests.games.helpers import game_at_moment, state_of

from .test_your_turn import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = engine.get_game("lifeboat")
# Whether a part of the board is sliding now (Playwright polls it each frame).
SLIDING = """(css) => document.getAnimations().some((a) => a.effect && a.effect.target
  && a.effect.target.matches(css)
  && a.effect.getKeyframes().some((f) => f.translate && f.translate !== "0px 0px"))"""


def _a_swap_is_legal(st) -> bool:
    return st.step == "act" and any(
        a["type"] == "swap" for s in RULES.to_act(st) for a in RULES.legal_actions(st, s)
    )


def _sign_in(chromium, live_server, user, *, reduced: bool = False):
    motion = "reduce" if reduced else "no-preference"
    return sign_in(
        chromium, live_server, user, viewport={"width": 1280, "height": 800}, reduced_motion=motion
    )


def _play(game, seat: int, action: dict) -> None:
    game.refresh_from_db()
    user = Seat.objects.get(game=game, index=seat).user
    services.action_submit(game_id=game.pk, user=user, action=action, expected_version=game.version)


def _swap(game) -> tuple[int, int]:
    """A seat waited for asks another to swap seats, and it accepts (through the services): (the
    seat that asked, the other)."""
    st = state_of(game)
    seat = next(s for s in RULES.to_act(st) if any(a["type"] == "swap" for a in RULES.legal_actions(st, s)))
    action = next(a for a in RULES.legal_actions(st, seat) if a["type"] == "swap")
    _play(game, seat, action)
    _play(game, action["target"], {"type": "accept"})
    game.refresh_from_db()
    boat = state_of(game).boat
    assert boat.index(seat) == st.boat.index(action["target"]), "the seats were not swapped"
    return seat, action["target"]


def _watcher(game, *others: int) -> int:
    return next(s for s in range(game.num_players) if s not in others)


def test_a_character_changing_seats_slides_on_an_open_board(chromium, live_server):
    game, users, _waited, _last = game_at_moment("lifeboat", 5, _a_swap_is_legal)
    st = state_of(game)
    mover = next(s for s in RULES.to_act(st) if any(a["type"] == "swap" for a in RULES.legal_actions(st, s)))
    target = next(a["target"] for a in RULES.legal_actions(st, mover) if a["type"] == "swap")
    page = _sign_in(chromium, live_server, users[_watcher(game, mover, target)])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_load_state("networkidle")
    assert _swap(game) == (mover, target)
    page.evaluate("htmx.trigger(document.body, 'game-changed')")  # what the version poll does
    page.wait_for_function(SLIDING, arg=f'svg.pic-board [data-seat="{mover}"]')
    page.context.close()


def test_a_character_changing_seats_slides_on_a_board_opened_later_but_not_for_reduced_motion(
    chromium, live_server
):
    game, users, _waited, _last = game_at_moment("lifeboat", 5, _a_swap_is_legal)
    st = state_of(game)
    mover = next(s for s in RULES.to_act(st) if any(a["type"] == "swap" for a in RULES.legal_actions(st, s)))
    target = next(a["target"] for a in RULES.legal_actions(st, mover) if a["type"] == "swap")
    reader = users[_watcher(game, mover, target)]
    pages = [_sign_in(chromium, live_server, reader), _sign_in(chromium, live_server, reader, reduced=True)]
    for page in pages:  # each browser has seen the board before the swap
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_load_state("networkidle")
    _swap(game)
    moving, still = pages
    moving.goto(f"{live_server.url}/games/{game.pk}/")
    moving.wait_for_function(SLIDING, arg=f'svg.pic-board [data-seat="{mover}"]')
    still.goto(f"{live_server.url}/games/{game.pk}/")
    still.wait_for_selector("#table .pic-changed")  # the marks of what changed are there...
    still.wait_for_load_state("networkidle")
    assert (
        still.evaluate(
            "document.getAnimations().filter((a) => a.effect.getKeyframes().some((f) => f.translate)).length"
        )
        == 0
    )
    for page in pages:
        page.context.close()


def test_the_browser_keeps_the_boards_of_its_last_thirty_games_only(chromium, live_server):
    game, users, _waited, _last = game_at_moment("lifeboat", 5, _a_swap_is_legal)
    page = _sign_in(chromium, live_server, users[0])
    page.goto(f"{live_server.url}/")
    page.evaluate(
        """() => { for (let i = 0; i < 40; i++) localStorage.setItem("board-at:x" + i,
           JSON.stringify({moves: 1, at: {}, t: i})); localStorage.setItem("board-at:broken", "{"); }"""
    )
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_load_state("networkidle")
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('board-at:'))")
    assert len(kept) == 30
    assert f"board-at:{game.pk}" in kept  # this game's, just kept, is the newest
    assert "board-at:x39" in kept
    assert "board-at:x0" not in kept
    assert "board-at:broken" not in kept  # unreadable, so the oldest
    page.context.close()
