"""Answer ahead in Lifeboat: the draft (an order of provision kinds) and the action."""

from __future__ import annotations

from typing import Any

from engine.core import event
from engine.lifeboat.state import State

from .builders import FOUR, G, build, card, cards, play, start


def ahead(s: State, seat: int, plan: dict[str, Any]) -> dict[str, Any] | None:
    """The seat's plan resolved now (it is asked a decision of the plan's kind)."""
    assert G.decision_kind(s, seat) == plan["kind"]
    return G.resolve_ahead(plan, G.view(s, seat), G.legal_actions(s, seat))


def queue(s: State, seat: int, plan: dict[str, Any]) -> dict[str, Any]:
    """The seat queues `plan` now (it must be one it may queue)."""
    assert G.ahead_problem(G.view(s, seat), plan) is None
    return plan


# -- the draft -----------------------------------------------------------------------------------
def test_the_first_kind_of_the_order_among_the_cards_is_kept() -> None:
    """Quartermaster: the drafter "keeps one in hand and passes the rest"; the plan keeps the first
    kind of its order that the cards passed to it hold."""
    s = build(FOUR, provisions=[card("water", 0), card("jewels", 0), card("knife"), card("cash", 0)])
    start(s, "quartermaster")
    plan = queue(s, 1, {"kind": "draft", "order": ["hook", "cash", "water"]})
    play(s, 0, {"type": "keep", "card": card("jewels", 0)})
    assert ahead(s, 1, plan) == {"type": "keep", "card": card("cash", 0)}


def test_of_several_cards_of_the_kind_the_most_valuable_is_kept() -> None:
    """Paintings: "two worth 3 points, one worth 2"; the 3 is kept, whatever the order offered."""
    two, three = card("painting", 2), card("painting", 0)
    s = build(FOUR, provisions=[two, three, card("water", 0), card("water", 1)])
    start(s, "quartermaster")
    assert ahead(s, 0, {"kind": "draft", "order": ["painting"]}) == {"type": "keep", "card": three}
    assert ahead(s, 0, {"kind": "draft", "order": ["water"]}) == {"type": "keep", "card": card("water", 0)}


def test_with_no_kind_of_the_order_the_seat_is_asked() -> None:
    s = build(FOUR, provisions=cards("water")[:4])
    start(s, "quartermaster")
    assert ahead(s, 0, {"kind": "draft", "order": ["knife", "hook"]}) is None


# -- the action ------------------------------------------------------------------------------------
def test_an_action_queued_during_the_draft_is_played_at_the_seat_s_place() -> None:
    s = build(FOUR)
    start(s, "quartermaster")
    plan = queue(s, 2, {"kind": "act", "actions": [{"type": "swap", "target": 3}]})
    while G.to_act(s) != [0] or s.step != "act":
        seat = G.to_act(s)[0]
        play(s, seat, G.default_action(s, seat))
    play(s, 0, {"type": "nothing"})
    play(s, 1, {"type": "row"})
    play(s, 1, {"type": "place_rowed", "to_stack": []})
    assert ahead(s, 2, plan) == {"type": "swap", "target": 3}


def test_an_action_no_longer_legal_is_asked() -> None:
    """Mug: a named face-up card that is gone can no longer be named."""
    s = build(FOUR, tables={3: [card("knife")]})
    start(s, "actions")
    plan = queue(s, 2, {"kind": "act", "actions": [{"type": "mug", "target": 3, "card": card("knife")}]})
    play(s, 0, {"type": "mug", "target": 3, "card": card("knife")})
    play(s, 3, {"type": "accept"})
    play(s, 1, {"type": "nothing"})
    assert ahead(s, 2, plan) is None
    fallback = {"kind": "act", "actions": [plan["actions"][0], {"type": "row"}]}
    assert ahead(s, 2, fallback) == {"type": "row"}, "the first legal of the seat's preferences"


def test_a_swap_that_moves_the_seat_voids_its_action() -> None:
    """Change seats: "the two characters exchange seats with their cards, wounds and marks". A
    seat moved by another's swap may no longer want what it queued."""
    s = build(FOUR)
    start(s, "actions")
    plan = queue(s, 2, {"kind": "act", "actions": [{"type": "row"}]})
    events = play(s, 0, {"type": "swap", "target": 2})
    assert not G.ahead_voided(plan, 2, events), "asked, not yet swapped"
    events = play(s, 2, {"type": "accept"})
    assert G.ahead_voided(plan, 2, events)
    assert not G.ahead_voided(plan, 3, events), "seat 3 was not touched"


def test_a_fight_of_the_named_character_voids_the_action_a_mug_does_not() -> None:
    """Fights: "Everyone who took part is marked 'fought'"; a plan naming one of them is void."""
    s = build(FOUR, hands={1: [card("water", 0), card("water", 1)]})
    start(s, "actions")
    plan = queue(s, 3, {"kind": "act", "actions": [{"type": "swap", "target": 1}]})
    events = play(s, 0, {"type": "mug", "target": 1, "card": "hand"})
    events += play(s, 1, {"type": "accept"})
    assert not G.ahead_voided(plan, 3, events), "a mug accepted moves one card, no seat"
    events = play(s, 1, {"type": "mug", "target": 0, "card": "hand"})
    events += play(s, 0, {"type": "refuse"})
    events += play(s, 2, {"type": "fight", "side": "out", "weapons": [], "flare": False})
    events += play(s, 3, {"type": "fight", "side": "out", "weapons": [], "flare": False})
    assert any(e["type"] == "fight_resolved" for e in events)
    assert G.ahead_voided(plan, 3, events), "the named character fought"
    assert not G.ahead_voided({"kind": "act", "actions": [{"type": "row"}]}, 3, events), "seat 3 stayed out"


def test_only_events_the_seat_sees_void_its_plan() -> None:
    plan = {"kind": "act", "actions": [{"type": "row"}]}
    hidden = event("swapped", [0, 1], seat=0, target=2, boat=[2, 1, 0, 3])
    assert not G.ahead_voided(plan, 2, [hidden])
    shown = event("swapped", seat=0, target=2, boat=[2, 1, 0, 3])
    assert G.ahead_voided(plan, 2, [shown])
    assert not G.ahead_voided({"kind": "draft", "order": ["water"]}, 2, [shown])


# -- what a seat may queue -------------------------------------------------------------------------
def test_a_seat_queues_the_kinds_it_is_not_asked_now() -> None:
    water = cards("water")
    s = build(
        FOUR,
        hands={0: [water[0]], 1: [water[1]], 2: [card("medkit")]},
        tables={3: [card("oar", 0)]},
        wounds={1: 2},
    )
    start(s, "quartermaster")
    assert set(G.ahead_options(G.view(s, 0))) == {"act"}, "the drafter answers its draft now"
    options = G.ahead_options(G.view(s, 2))
    assert options["draft"]["order"][0] == "water"
    assert options["act"]["pick"] == [
        {"type": "nothing"},
        {"type": "row"},
        {"type": "swap", "target": 0},
        {"type": "swap", "target": 1},
        {"type": "swap", "target": 3},
        {"type": "mug", "target": 0, "card": "hand"},
        {"type": "mug", "target": 1, "card": "hand"},
        {"type": "mug", "target": 3, "card": card("oar", 0)},
        {"type": "medkit", "target": 1},
    ]


def test_an_unconscious_or_dead_seat_queues_nothing() -> None:
    s = build(FOUR, wounds={1: 7}, dead=[2])
    start(s, "quartermaster")
    assert G.ahead_options(G.view(s, 1)) == {}
    assert G.ahead_options(G.view(s, 2)) == {}
    assert G.ahead_options(G.view(s, None)) == {}


def test_a_plan_must_be_one_the_seat_may_queue() -> None:
    s = build(FOUR)
    start(s, "quartermaster")
    view = G.view(s, 2)
    assert G.ahead_problem(view, {"kind": "act", "actions": [{"type": "swap", "target": 2}]}) is not None
    assert G.ahead_problem(view, {"kind": "act", "actions": [{"type": "swap", "target": True}]}) is not None
    assert G.ahead_problem(view, {"kind": "draft", "order": ["water", "water"]}) is not None
    assert G.ahead_problem(view, {"kind": "act", "actions": [{"type": "row"}, {"type": "row"}]}) is not None
    assert G.ahead_problem(view, {"kind": "row", "actions": [{"type": "row"}]}) is not None
    assert G.ahead_problem(view, {"kind": "draft", "order": ["knife", "water"]}) is None
