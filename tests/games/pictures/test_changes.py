"""`changes`: what moved or was hurt between two views of one seat, as the boards' part keys."""

from __future__ import annotations

import pytest

import engine
from games.lifeboat.picture import lifeboat_board
from games.lifeboats.picture import lifeboats_board
from games.present import changed_parts

from .helpers import BOATS_SPRITE, NAMES, SPRITE, picture
from .moments import random_game


def pairs(slug: str, players: int, seed: int, seat: int):
    rules = engine.get_game(slug)
    before = None
    for state in random_game(slug, players, seed):
        after = rules.view(state, seat)
        if before is not None:
            yield before, after
        before = after


def test_a_wound_a_move_a_card_played_and_birds_are_changes():
    seen = set()
    for before, after in pairs("lifeboat", 5, 4, 0):
        keys = changed_parts("lifeboat", before, after)
        old = {p["seat"]: p for p in before["players"]}
        for p in after["players"]:
            q = old[p["seat"]]
            if p["in_boat"] and p["wounds"] != q["wounds"]:
                assert f"seat:{p['seat']}" in keys
                seen.add("wound")
            for card in p["table"]:
                if card["id"] not in {c["id"] for c in q["table"]}:
                    assert f"card:{card['id']}" in keys
                    seen.add("card")
        if before["boat"] != after["boat"]:
            moved = [
                s for i, s in enumerate(after["boat"]) if i >= len(before["boat"]) or before["boat"][i] != s
            ]
            assert {f"seat:{s}" for s in moved} <= keys
            seen.add("seat")
        if before["birds"] != after["birds"]:
            assert "birds" in keys
            seen.add("birds")
        if before == after:
            assert keys == set()
        # every key names a part the board draws
        board = picture(lifeboat_board(after, NAMES, sprite=SPRITE))
        parts = board.keys()
        assert keys <= parts
    assert {"wound", "card", "seat"} <= seen


def test_a_boat_moved_a_leak_and_figures_moved_are_changes():
    seen = set()
    for before, after in pairs("lifeboats", 4, 2, 1):
        keys = changed_parts("lifeboats", before, after)
        old = {b["colour"]: b for b in before["boats"]}
        for b in after["boats"]:
            if b["position"] != old[b["colour"]]["position"] and b["status"] == "sea":
                assert f"boat:{b['colour']}" in keys
                seen.add("moved")
        if before["harbour"] != after["harbour"]:
            assert "harbour" in keys
            seen.add("landed")
        board = picture(lifeboats_board(after, NAMES, sprite=BOATS_SPRITE))
        parts = board.keys()
        assert keys <= parts, keys - parts
    assert "moved" in seen


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_nothing_is_marked_without_an_earlier_view(slug):
    view = engine.get_game(slug).view(next(random_game(slug, 4, 1)), 0)
    assert changed_parts(slug, None, view) == set()


def test_every_change_of_a_whole_game_is_drawn_with_its_marker():
    """The table passes `changes` of the reader's last look to the boards: every key of every
    step of a game draws (a figure landed on an island once could not be marked)."""
    for slug, players in (("lifeboat", 5), ("lifeboats", 5)):
        marked = 0
        for before, after in pairs(slug, players, 6, 1):
            keys = changed_parts(slug, before, after)
            draw = lifeboat_board if slug == "lifeboat" else lifeboats_board
            board = draw(after, NAMES, sprite=SPRITE if slug == "lifeboat" else BOATS_SPRITE, changed=keys)
            marked += board.count("pic-changed") > 0
        assert marked > 10
