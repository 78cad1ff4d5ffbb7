"""Decision kinds: each question the rules put to a seat, named, in a hand-made state."""

from __future__ import annotations

import pytest

from engine.lifeboat.state import State

from .builders import FOUR, G, build, card, cards, nav, play, start


def kinds(s: State) -> dict[int, str]:
    return {seat: G.decision_kind(s, seat) for seat in G.to_act(s)}


def stack(s: State, *numbers: int) -> None:
    for number in numbers:
        s.navigation.remove(nav(number))
        s.row_stack.append(nav(number))


def test_the_minor_kinds_are_the_small_questions() -> None:
    """ENGINE_API.md: minor are answering a proposed swap or mug, joining others' fights, giving
    Water for thirst, reacting to a Navigation card."""
    assert {k for k, minor in G.decision_kinds.items() if minor} == {"answer", "fight", "thirst", "react"}
    assert {k for k, minor in G.decision_kinds.items() if not minor} == {
        "draft",
        "act",
        "row",
        "navigate",
    }


def test_draft() -> None:
    """Quartermaster: "the conscious character in the bow-most seat draws min(N, cards left),
    keeps one in hand and passes the rest to the next conscious character sternward"."""
    s = build(FOUR)
    start(s, "quartermaster")
    assert kinds(s) == {0: "draft"}
    play(s, 0, {"type": "keep", "card": s.draft[0]})
    assert kinds(s) == {1: "draft"}


def test_act_and_row() -> None:
    """Actions: "when a character's place comes, it takes exactly one action"; Row: "draw 2
    Navigation cards ..., look at them, and put each face down on the Row stack or at the bottom
    of the deck"."""
    s = build(FOUR)
    start(s, "actions")
    assert kinds(s) == {0: "act"}
    play(s, 0, {"type": "row"})
    assert kinds(s) == {0: "row"}


def test_answer() -> None:
    """Change seats: "a conscious one accepts or refuses (a fight)"."""
    s = build(FOUR)
    start(s, "actions")
    play(s, 0, {"type": "swap", "target": 1})
    assert kinds(s) == {1: "answer"}


def test_a_fights_round_is_one_minor_kind_for_all_it_asks() -> None:
    """Fights: "every conscious character not yet in the fight chooses to join the attacker, join
    the defender or stay out for this round, and everyone in the fight may play weapons from hand
    and declare the Flare Gun". One kind, minor, as ENGINE_API.md lists only `fight`: joining
    someone else's fight, and a fighter's weapons in its own."""
    s = build(FOUR, hands={0: [card("knife")]})
    start(s, "actions")
    play(s, 0, {"type": "swap", "target": 1})
    play(s, 1, {"type": "refuse"})
    assert kinds(s) == {0: "fight", 2: "fight", 3: "fight"}
    assert G.decision_kinds["fight"]


def test_navigate() -> None:
    """Navigation: the navigator "look[s] at the Row stack, choose[s] one card to play"."""
    s = build(FOUR)
    stack(s, 25, 24)
    start(s, "navigation")
    assert kinds(s) == {3: "navigate"}


def test_react() -> None:
    """Overboard: "One reaction window ...: a conscious faller may play their own Life Preserver
    face up"."""
    s = build(FOUR, hands={1: [card("life_preserver")]})
    stack(s, 27)  # the Captain overboard
    start(s, "navigation")
    assert kinds(s) == {1: "react"}


def test_thirst() -> None:
    """Thirst: "each conscious player holding Water says which characters' thirsts each Water
    should cover"."""
    w = cards("water")
    s = build(FOUR, hands={0: [w[0]], 2: [w[1]]})
    stack(s, 24)  # the Captain thirsty (and Sir Stephen, not in play)
    start(s, "navigation")
    assert kinds(s) == {0: "thirst", 2: "thirst"}


def test_a_seat_not_waited_for_has_no_decision_kind() -> None:
    s = build(FOUR)
    start(s, "actions")
    for seat in (1, 2, 3, 4, -1):
        with pytest.raises(ValueError, match="does not wait for seat"):
            G.decision_kind(s, seat)
