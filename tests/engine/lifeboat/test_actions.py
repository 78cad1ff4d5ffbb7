"""The Actions phase: fixed order, Nothing, Row, Change seats, Mug, special actions, wounds."""

from __future__ import annotations

import json

from engine.lifeboat.board import wound

from .builders import FOUR, G, build, card, nav, of_type, play, refused, skip_to_actor, start


# -- action order ------------------------------------------------------------------------------------
def test_order_fixed_at_phase_start_moved_character_acts_at_its_listed_place() -> None:
    s = build(FOUR)
    start(s, "actions")
    assert s.order == [0, 1, 2, 3]
    play(s, 0, {"type": "swap", "target": 3})
    play(s, 3, {"type": "accept"})
    assert s.boat == [3, 1, 2, 0]
    seen = []
    while s.phase == "actions":
        seat = G.to_act(s)[0]
        seen.append(seat)
        play(s, seat, {"type": "nothing"})
    assert seen == [1, 2, 3], "the Kid acts at its listed place, Lady Lauren never twice"


def test_order_unconscious_skipped_and_revived_acts() -> None:
    s = build(FOUR, wounds={1: 7, 2: 8}, hands={0: [card("medkit")]})
    start(s, "actions")
    assert G.to_act(s) == [0]
    play(s, 0, {"type": "medkit", "target": 2})
    assert s.wounds[2] == 7
    assert G.to_act(s) == [2], "the Captain (unconscious) is skipped; the revived First Mate acts"
    play(s, 2, {"type": "nothing"})
    assert G.to_act(s) == [3]


def test_order_knocked_out_before_its_place_is_skipped() -> None:
    s = build(FOUR, wounds={3: 2}, tables={1: [card("hook")]})
    start(s, "actions")
    play(s, 0, {"type": "swap", "target": 3})
    play(s, 3, {"type": "refuse"})
    # Captain (7 + Hook 4) joins Lady Lauren; the Kid (3) loses and falls unconscious.
    assert G.to_act(s) == [1, 2]
    play(s, 1, {"type": "fight", "side": "attacker", "weapons": [], "flare": False})
    play(s, 2, {"type": "fight", "side": "out", "weapons": [], "flare": False})
    assert G.to_act(s) == [2], "a second round: only those not yet in the fight have a choice"
    play(s, 2, {"type": "fight", "side": "out", "weapons": [], "flare": False})
    assert s.wounds[3] == 3
    assert s.phase == "actions"
    assert G.to_act(s) == [1]
    play(s, 1, {"type": "nothing"})
    events = play(s, 2, {"type": "nothing"})
    assert of_type(events, "navigation_played"), "the unconscious Kid does not act"


# -- Nothing and Row --------------------------------------------------------------------------------
def _row(oars: int) -> tuple:
    s = build(
        FOUR, tables={1: [card("oar", i) for i in range(oars)]}, navigation=[nav(n) for n in (19, 20, 21, 22)]
    )
    start(s, "actions")
    skip_to_actor(s, 1)
    events = play(s, 1, {"type": "row"})
    return s, events


def test_row_without_oars_draws_two() -> None:
    s, events = _row(0)
    assert G.to_act(s) == [1]
    assert G.view(s, 1)["me"]["rowing"] == [nav(19), nav(20)]
    assert G.view(s, 0)["rowing"] == {"rower": 1, "count": 2}
    assert nav(19) in G.secrets_from(s, 0)
    assert nav(19) not in G.secrets_from(s, 1)
    assert [e["visible_to"] for e in of_type(events, "rowing_cards")] == [[1]]
    assert len(G.legal_actions(s, 1)) >= 4
    play(s, 1, {"type": "place_rowed", "to_stack": [nav(20)]})
    assert s.row_stack == [nav(20)]
    assert s.navigation[-1] == nav(19)
    assert s.rowed[1] is True
    assert G.view(s, 0)["row_log"] == [{"seat": 1, "to_stack": 1, "to_bottom": 1}]
    assert G.view(s, 1)["me"]["rowed"] == [{"to_stack": [nav(20)], "to_bottom": [nav(19)]}]
    assert G.to_act(s) == [2]


def test_row_with_one_oar_draws_three_and_two_oars_four() -> None:
    s, _ = _row(1)
    assert s.rowing == [nav(19), nav(20), nav(21)]
    s, _ = _row(2)
    assert s.rowing == [nav(19), nav(20), nav(21), nav(22)]
    assert len([a for a in G.legal_actions(s, 1) if a["type"] == "place_rowed"]) == 16


def test_row_oar_in_hand_does_not_count() -> None:
    s = build(FOUR, hands={0: [card("oar")]})
    start(s, "actions")
    play(s, 0, {"type": "row"})
    assert len(s.rowing) == 2


def test_row_marked_rowed_even_with_nothing_on_the_stack() -> None:
    s, _ = _row(0)
    play(s, 1, {"type": "place_rowed", "to_stack": []})
    assert s.rowed[1]
    assert s.row_stack == []


# -- Change seats ---------------------------------------------------------------------------------
def test_swap_accepted_exchanges_seats_with_cards_and_wounds() -> None:
    s = build(FOUR, tables={0: [card("knife")]}, wounds={0: 1})
    start(s, "actions")
    play(s, 0, {"type": "swap", "target": 2})
    assert G.to_act(s) == [2]
    assert G.legal_actions(s, 2)[:2] == [{"type": "accept"}, {"type": "refuse"}]
    play(s, 2, {"type": "accept"})
    assert s.boat == [2, 1, 0, 3]
    assert s.tables[0] == [card("knife")]
    assert s.wounds[0] == 1
    assert G.to_act(s) == [1]


def test_swap_refused_starts_a_fight() -> None:
    s = build(FOUR)
    start(s, "actions")
    play(s, 0, {"type": "swap", "target": 2})
    play(s, 2, {"type": "refuse"})
    assert s.step == "fight"
    assert s.window is not None
    assert s.window.data["sides"] == {"attacker": [0], "defender": [2]}


def test_swap_with_unconscious_or_dead_target_happens_at_once() -> None:
    s = build(FOUR, wounds={2: 8}, dead=[3])
    start(s, "actions")
    play(s, 0, {"type": "swap", "target": 2})
    assert s.boat == [2, 1, 0, 3]
    assert G.to_act(s) == [1]
    events = play(s, 1, {"type": "swap", "target": 3})
    assert of_type(events, "swapped")[0]["boat"] == [2, 3, 0, 1]


# -- Mug -------------------------------------------------------------------------------------------
def test_mug_named_face_up_card_keeps_its_state() -> None:
    parasol = card("parasol")
    s = build(FOUR, tables={2: [parasol]})
    s.open_cards.append(parasol)
    start(s, "actions")
    play(s, 0, {"type": "mug", "target": 2, "card": parasol})
    play(s, 2, {"type": "accept"})
    assert s.tables[0] == [parasol]
    assert s.tables[2] == []
    assert G.view(s, 3)["players"][0]["table"] == [{"id": parasol, "kind": "parasol", "open": True}]


def test_mug_hand_card_only_the_two_see_it() -> None:
    s = build(FOUR, hands={2: [card("cash", 0)]})
    start(s, "actions")
    play(s, 0, {"type": "mug", "target": 2, "card": "hand"})
    events = play(s, 2, {"type": "accept"})
    assert s.hands[0] == [card("cash", 0)]
    assert s.hands[2] == []
    took = of_type(events, "mug_took")
    assert took
    assert took[0]["visible_to"] == [0, 2]
    assert took[0]["card"] == card("cash", 0)
    public = of_type(events, "mugged_hand_card")
    assert public
    assert "card" not in public[0]
    assert card("cash", 0) in G.secrets_from(s, 1)


def test_mug_for_hand_not_offered_when_hand_empty() -> None:
    s = build(FOUR, hands={2: []})
    start(s, "actions")
    assert {"type": "mug", "target": 2, "card": "hand"} not in G.legal_actions(s, 0)
    refused(s, 0, {"type": "mug", "target": 2, "card": "hand"})


def test_mug_takes_nothing_if_hand_emptied_before_answer() -> None:
    s = build(FOUR, hands={2: [card("cash", 0)]})
    start(s, "actions")
    play(s, 0, {"type": "mug", "target": 2, "card": "hand"})
    play(s, 2, {"type": "play", "card": card("cash", 0), "for": 2})
    events = play(s, 2, {"type": "accept"})
    assert of_type(events, "mug_empty")
    assert s.hands[0] == []
    assert s.tables[2] == [card("cash", 0)]


def test_kid_mug_for_hand_card_cannot_be_refused() -> None:
    s = build(FOUR, hands={0: [card("jewels", 0)]})
    start(s, "actions")
    skip_to_actor(s, 3)
    events = play(s, 3, {"type": "mug", "target": 0, "card": "hand"})
    assert s.hands[3] == [card("jewels", 0)]
    assert s.hands[0] == []
    assert of_type(events, "attempt")
    assert not of_type(events, "answered")
    assert not of_type(events, "fight_started")
    assert not (s.step == "answer" and G.to_act(s) == [0])


def test_kid_mug_for_a_face_up_card_can_be_refused() -> None:
    s = build(FOUR, tables={0: [card("jewels", 0)]})
    start(s, "actions")
    skip_to_actor(s, 3)
    play(s, 3, {"type": "mug", "target": 0, "card": card("jewels", 0)})
    assert G.to_act(s) == [0]
    assert s.step == "answer"


def test_mug_unconscious_or_dead_resolves_at_once() -> None:
    s = build(FOUR, tables={1: [card("knife")]}, hands={2: [card("cash", 0)]}, wounds={1: 7}, dead=[2])
    start(s, "actions")
    play(s, 0, {"type": "mug", "target": 1, "card": card("knife")})
    assert s.tables[0] == [card("knife")]
    assert G.to_act(s) == [3]
    play(s, 3, {"type": "mug", "target": 2, "card": "hand"})
    assert s.hands[3] == [card("cash", 0)]


# -- special actions -------------------------------------------------------------------------------
def test_flare_gun_adds_net_birds_and_goes_to_the_discard() -> None:
    gun = card("flare_gun")
    s = build(FOUR, hands={0: [gun]}, navigation=[nav(21), nav(23), nav(28), nav(19)])
    s.birds = 1
    start(s, "actions")
    events = play(s, 0, {"type": "flare"})
    assert s.birds == 2
    assert s.navigation[0] == nav(19)
    assert s.navigation[-3:] == [nav(21), nav(23), nav(28)]
    assert s.discard == [gun]
    assert of_type(events, "flare_fired")[0]["visible_to"] == "all"
    assert G.view(s, None)["flare_reveal"] == [nav(21), nav(23), nav(28)]
    assert G.to_act(s) == [1]


def test_after_the_flare_guns_fourth_bird_the_row_stack_is_public_too() -> None:
    """The game ends at once at 4 birds ("at 4 or more birds the game ends at once"), and after the
    end everything is public (`ENGINE_API.md`: "After the end, everything is public"), the Row
    stack included: it is never played now, yet its cards must appear in every view."""
    gun = card("flare_gun")
    s = build(FOUR, hands={1: [gun]}, navigation=[nav(30), nav(20), nav(21), nav(23), nav(26)])
    s.birds = 1
    start(s, "actions")
    play(s, 0, {"type": "row"})
    play(s, 0, {"type": "place_rowed", "to_stack": [nav(30), nav(20)]})
    assert s.row_stack == [nav(30), nav(20)]
    play(s, 1, {"type": "flare"})  # 21, 23 and 26: three birds
    assert G.is_over(s)
    assert s.row_stack == [nav(30), nav(20)]
    everything = [c for cards_ in G.zones(s).values() for c in cards_]
    for seat in [0, 1, 2, 3, None]:
        view = G.view(s, seat)
        assert view["deck_order"]["row_stack"] == [nav(30), nav(20)]
        text = json.dumps(view)
        assert [c for c in everything if json.dumps(c) not in text] == [], f"hidden from {seat}"


def test_flare_gun_birds_never_below_zero() -> None:
    s = build(FOUR, tables={0: [card("flare_gun")]}, navigation=[nav(28), nav(19), nav(20)])
    start(s, "actions")
    play(s, 0, {"type": "flare"})
    assert s.birds == 0


def test_flare_gun_ends_the_game_at_four_birds() -> None:
    s = build(FOUR, hands={0: [card("flare_gun")]}, navigation=[nav(21), nav(23), nav(25)])
    s.birds = 1
    start(s, "actions")
    play(s, 0, {"type": "flare"})
    assert G.is_over(s)
    assert s.end_reason == "land"
    assert G.to_act(s) == []


def test_parasol_opens_from_hand_and_stays_face_up() -> None:
    parasol = card("parasol")
    s = build(FOUR, hands={0: [parasol]})
    start(s, "actions")
    play(s, 0, {"type": "parasol"})
    assert s.tables[0] == [parasol]
    assert parasol in s.open_cards
    assert G.view(s, 1)["players"][0]["table"][0]["open"] is True


def test_parasol_cannot_be_opened_twice() -> None:
    parasol = card("parasol")
    s = build(FOUR, tables={0: [parasol]})
    s.open_cards.append(parasol)
    start(s, "actions")
    assert {"type": "parasol"} not in G.legal_actions(s, 0)


def test_medical_kit_heals_and_revives_but_not_the_dead() -> None:
    kit = card("medkit")
    s = build(FOUR, hands={0: [kit]}, wounds={1: 7, 2: 2}, dead=[3])
    start(s, "actions")
    targets = {a["target"] for a in G.legal_actions(s, 0) if a["type"] == "medkit"}
    assert targets == {1, 2}
    refused(s, 0, {"type": "medkit", "target": 3})
    play(s, 0, {"type": "medkit", "target": 1})
    assert s.wounds[1] == 6
    assert s.discard == [kit]
    assert G.to_act(s) == [1], "conscious again at once"


def test_no_medkit_action_without_wounded() -> None:
    s = build(FOUR, hands={0: [card("medkit")]})
    start(s, "actions")
    assert not [a for a in G.legal_actions(s, 0) if a["type"] == "medkit"]


# -- wounds ----------------------------------------------------------------------------------------
def test_wounds_equal_to_size_unconscious_above_dead() -> None:
    s = build(FOUR, wounds={0: 4, 1: 6}, hands={0: [card("cash", 0)], 1: [card("cash", 1)]})
    start(s, "actions")
    view = G.view(s, None)
    assert view["players"][0]["condition"] == "unconscious"
    assert view["players"][1]["condition"] == "conscious"
    events: list = []
    wound(s, 1, 1, "test", events)
    assert G.view(s, None)["players"][1]["condition"] == "unconscious"
    wound(s, 1, 1, "test", events)
    assert s.dead[1]
    assert events[-1]["condition"] == "dead"
    assert G.legal_actions(s, 0) == []
    assert 0 in G.inactive_seats(s)
    assert G.to_act(s) == [1]


def test_dead_body_stays_in_its_seat_with_its_cards() -> None:
    s = build(FOUR, tables={1: [card("knife")]}, dead=[1])
    start(s, "actions")
    assert 1 in s.boat
    assert s.tables[1] == [card("knife")]
    assert G.view(s, 0)["players"][1]["condition"] == "dead"
    assert G.legal_actions(s, 1) == []
    assert 1 in G.inactive_seats(s)
    assert {"type": "mug", "target": 1, "card": card("knife")} in G.legal_actions(s, 0)
