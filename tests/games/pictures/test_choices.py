"""`choices`: a part chosen on the picture stands for legal actions of the seat, and every part
it names is drawn on the board or among the cards beside it."""

from __future__ import annotations

import pytest

import engine
from games.lifeboat.picture import lifeboat_board, lifeboat_cards
from games.lifeboats.picture import lifeboats_board, lifeboats_cards
from games.presentations import presentation

from .helpers import BOATS_SPRITE, NAMES, SPRITE, picture
from .moments import random_game


def drawn_keys(slug: str, view: dict) -> set[str]:
    if slug == "lifeboat":
        board = picture(lifeboat_board(view, NAMES, sprite=SPRITE))
        beside = lifeboat_cards(view)
    else:
        board = picture(lifeboats_board(view, NAMES, sprite=BOATS_SPRITE))
        beside = lifeboats_cards(view)
    return board.keys() | {f"card:{f.card}" for cards in beside.values() for f in cards if f.card}


@pytest.mark.parametrize(("slug", "players", "seed"), [("lifeboat", 5, 5), ("lifeboats", 4, 6)])
def test_every_choice_is_a_drawn_part_and_a_legal_action(slug, players, seed):
    rules = engine.get_game(slug)
    kinds = set()
    for step, state in enumerate(random_game(slug, players, seed)):
        if step % 3:
            continue
        for seat in rules.to_act(state):
            view = rules.view(state, seat)
            legal = rules.legal_actions(state, seat)
            found = presentation(slug).choices(view, legal)
            assert set(found) <= drawn_keys(slug, view), set(found) - drawn_keys(slug, view)
            for actions in found.values():
                assert all(a in legal for a in actions)
                kinds.update(a["type"] for a in actions)
    wanted = (
        {"keep", "swap", "mug", "navigate", "fight", "place_rowed"}
        if slug == "lifeboat"
        else {"place_boat", "place_figure", "vote", "jump_out", "jump_in"}
    )
    assert wanted <= kinds
