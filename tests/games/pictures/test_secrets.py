"""A picture shows a seat only what its view shows: no other seat's secrets, no face of a card
the seat may not see, and every card the view shows face up is drawn.

Random games of both games are stopped at many points; every seat's pictures (and a
spectator's) are drawn from that seat's view and searched for `secrets_from(state, seat)`.
"""

from __future__ import annotations

import pytest

import engine
from engine.lifeboat.data import KIND, NAVIGATION, PROVISION_KINDS
from games.lifeboat.faces import lifeboat_card
from games.lifeboat.picture import lifeboat_board, lifeboat_cards
from games.lifeboats.picture import lifeboats_board, lifeboats_cards
from games.pictures import faces

from .helpers import BOATS_SPRITE, NAMES, SPRITE, assert_no_secrets, picture
from .moments import random_game

EVERY = 4
ENGLISH_KIND_NAMES = {k.slug: k.name for k in PROVISION_KINDS}


def lifeboat_visible(view: dict) -> set[str]:
    """The cards the board must draw: face up in front of characters, the Navigation card
    played, the Row stack when the view lists it."""
    shown = {c["id"] for p in view["players"] for c in p["table"]}
    if view.get("navigation_card"):
        shown.add(view["navigation_card"]["id"])
    me = view.get("me") or {}
    shown.update(me.get("row_stack", []))
    shown.update((view.get("deck_order") or {}).get("row_stack", []))
    return shown


def lifeboat_in_view(view: dict) -> set[str]:
    """Every card id anywhere in the view (what the seat may know of)."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str) and (
            value in KIND or value in NAVIGATION or value[:5] in ("love-", "hate-")
        ):
            found.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(view)
    return found


def face_of_each(cards: set[str]) -> set[str]:
    return {lifeboat_card(c).face for c in cards}


def check_lifeboat(state, seat) -> None:
    rules = engine.get_game("lifeboat")
    view = rules.view(state, seat)
    secrets = rules.secrets_from(state, seat)
    board = picture(lifeboat_board(view, NAMES, sprite=SPRITE))
    beside = lifeboat_cards(view)
    where = f"seat {seat}'s board, turn {view['turn']} ({view['step']})"
    assert_no_secrets(board.markup, secrets, where)
    for place, cards in beside.items():
        for face in cards:
            assert_no_secrets(f"{face.card} {face.face} {face.label}", secrets, f"{where}, {place}")

    drawn = set(board.with_data("card"))
    visible = lifeboat_visible(view)
    assert drawn == visible, f"{where}: drawn {sorted(drawn ^ visible)} differently from the view"
    backs = set(faces.BACKS.values())
    used = set(board.faces()) - backs
    assert used <= face_of_each(visible), f"{where} uses faces {sorted(used - face_of_each(visible))}"
    # a Provisions kind is named only when the view shows a card of that kind
    kinds_shown = {KIND[c] for c in lifeboat_in_view(view) if c in KIND}
    for slug, name in ENGLISH_KIND_NAMES.items():
        if slug not in kinds_shown:
            assert name not in board.markup, f"{where} names {name}, which it does not show"
    in_view = lifeboat_in_view(view)
    for cards in beside.values():
        assert {f.card for f in cards} <= in_view


def lifeboats_visible(view: dict) -> set[str]:
    you = view.get("you") or {}
    return set(you.get("hand_ids", [])) | ({you["cast_id"]} if you.get("cast_id") else set())


def check_lifeboats(state, seat) -> None:
    rules = engine.get_game("lifeboats")
    view = rules.view(state, seat)
    secrets = rules.secrets_from(state, seat)
    board = picture(lifeboats_board(view, NAMES, sprite=BOATS_SPRITE))
    where = f"seat {seat}'s board, round {view['round']} ({view['phase']})"
    assert_no_secrets(board.markup, secrets, where)
    assert board.faces() == []  # the board draws no card faces: votes are public chips
    beside = lifeboats_cards(view)
    for place, cards in beside.items():
        for face in cards:
            assert_no_secrets(f"{face.card} {face.face} {face.label}", secrets, f"{where}, {place}")
    hand = {f.card for f in beside.get("hand", []) + beside.get("cast", [])}
    assert hand == lifeboats_visible(view)
    # before a reveal, nobody's cast card is drawn: only whether they have cast
    vote = view.get("vote") or {}
    if vote and not vote.get("revealed"):
        assert "cast" not in beside or seat in vote.get("cast", [])


CHECKS = {"lifeboat": check_lifeboat, "lifeboats": check_lifeboats}


@pytest.mark.parametrize(
    ("slug", "players", "seed"),
    [
        ("lifeboat", 4, 1),
        ("lifeboat", 5, 2),
        ("lifeboat", 6, 3),
        ("lifeboats", 3, 1),
        ("lifeboats", 5, 2),
        ("lifeboats", 6, 3),
    ],
)
def test_a_seat_s_pictures_show_no_secret_and_every_card_it_sees(slug, players, seed):
    checked = 0
    for step, state in enumerate(random_game(slug, players, seed)):
        over = engine.get_game(slug).is_over(state)
        if step % EVERY and not over:
            continue
        for seat in [*range(players), None]:
            CHECKS[slug](state, seat)
            checked += 1
    assert checked > 30


def test_the_check_finds_a_leak():
    """The search above can fail: a hand card drawn on another seat's board is found."""
    rules = engine.get_game("lifeboat")
    state = next(s for s in random_game("lifeboat", 4, 1) if s.hands[1])
    view = rules.view(state, 0)
    view["players"][1]["table"].append({"id": state.hands[1][0], "kind": KIND[state.hands[1][0]]})
    board = lifeboat_board(view, NAMES, sprite=SPRITE)
    with pytest.raises(AssertionError, match="another seat's secrets"):
        assert_no_secrets(str(board), rules.secrets_from(state, 0), "seat 0's board")
