"""Navigation: navigator, Compass, birds, overboard, thirst, and the nobody-conscious ending."""

from __future__ import annotations

from typing import Any

from engine.lifeboat.state import State

from .builders import FOUR, SIX, G, assert_conserved, build, card, cards, nav, of_type, play, refused, start

NOTHING = {"type": "react", "preserver": None, "buckets": [], "rile": False}


def stack(s: State, *numbers: int) -> None:
    """Put Navigation cards on the Row stack (taken out of the deck)."""
    for number in numbers:
        s.navigation.remove(nav(number))
        s.row_stack.append(nav(number))


def navigate_with(s: State, number: int) -> list[dict[str, Any]]:
    """Start Navigation with exactly this card on the Row stack (played by itself)."""
    stack(s, number)
    return start(s, "navigation")


# -- the navigator ---------------------------------------------------------------------------------
def test_navigator_is_the_sternmost_conscious_and_alone_sees_the_row_stack() -> None:
    s = build(FOUR, wounds={3: 3})
    stack(s, 25, 24)
    start(s, "navigation")
    assert s.navigator == 2
    assert G.to_act(s) == [2]
    assert G.view(s, 2)["me"]["row_stack"] == [nav(25), nav(24)]
    for other in (0, 1, 3, None):
        assert nav(24) in G.secrets_from(s, other)
        assert "row_stack" not in (G.view(s, other)["me"] or {})
    assert G.view(s, 0)["row_stack"] == 2
    events = play(s, 2, {"type": "navigate", "card": nav(24)})
    assert of_type(events, "navigation_played")[0]["card"] == nav(24)
    assert nav(25) in s.navigation[-2:], "the rest goes to the bottom of the deck"
    assert s.wounds[1] == 1, "card 24 makes the Captain thirsty"


def test_navigator_with_face_up_compass_adds_the_top_card() -> None:
    s = build(FOUR, tables={3: [card("compass")]}, navigation=[nav(42)])
    stack(s, 25)
    start(s, "navigation")
    assert s.row_stack == [nav(25), nav(42)]
    assert G.to_act(s) == [3]
    assert G.view(s, 3)["me"]["row_stack"] == [nav(25), nav(42)]


def test_navigator_may_play_a_compass_from_hand() -> None:
    s = build(FOUR, hands={3: [card("compass")]}, navigation=[nav(42)])
    stack(s, 25)
    start(s, "navigation")
    assert G.legal_actions(s, 3)[:2] == [{"type": "compass"}, {"type": "navigate", "card": nav(25)}]
    play(s, 3, {"type": "compass"})
    assert s.tables[3] == [card("compass")]
    assert s.row_stack == [nav(25), nav(42)]
    assert {"type": "compass"} not in G.legal_actions(s, 3)


def test_navigation_empty_row_stack_plays_the_top_card() -> None:
    s = build(FOUR, navigation=[nav(25)])
    events = start(s, "navigation")
    assert of_type(events, "navigation_played")[0]["card"] == nav(25)
    assert s.birds == 1


def test_navigation_nobody_conscious_plays_the_top_card_after_the_row_stack() -> None:
    s = build(FOUR, wounds={0: 4, 1: 7, 2: 8, 3: 3}, navigation=[nav(25)])
    stack(s, 42)
    events = start(s, "navigation")
    played = [e["card"] for e in of_type(events, "navigation_played")]
    assert played[0] == nav(25), "the Row stack goes under; the top card is played"


# -- birds -----------------------------------------------------------------------------------------
def test_birds_count_and_never_below_zero() -> None:
    s = build(FOUR)
    navigate_with(s, 28)
    assert s.birds == 0
    s = build(FOUR)
    s.birds = 2
    navigate_with(s, 25)
    assert s.birds == 3


def test_four_birds_end_the_game_at_once() -> None:
    s = build(FOUR)
    s.birds = 3
    events = navigate_with(s, 21)  # +1 bird, the Kid overboard, thirst for all but Lady Lauren
    assert G.is_over(s)
    assert s.end_reason == "land"
    assert not of_type(events, "overboard")
    assert not of_type(events, "wounded")
    assert len(G.scores(s)) == 4


# -- overboard -------------------------------------------------------------------------------------
def test_overboard_fall_wounds_and_frenchy_swims() -> None:
    s = build(SIX)
    events = navigate_with(s, 22)  # everyone overboard, everyone thirsty, fight icon
    falls = {e["seat"] for e in of_type(events, "wounded") if e["cause"] == "fall"}
    assert falls == set(range(6)) - {SIX.index("frenchy")}
    frenchy = SIX.index("frenchy")
    assert s.wounds[frenchy] == 1, "Frenchy: no fall wound, one thirst wound"
    assert s.wounds[SIX.index("captain")] == 2


def test_overboard_own_life_preserver_played_in_the_reaction_window() -> None:
    s = build(FOUR, hands={1: [card("life_preserver")]})
    navigate_with(s, 27)  # the Captain overboard; only Frenchy (not in play) thirsty
    assert G.to_act(s) == [1]
    assert s.step == "react"
    options = G.legal_actions(s, 1)
    assert {"type": "react", "preserver": "wear", "buckets": [], "rile": False} in options
    play(s, 1, {"type": "react", "preserver": "wear", "buckets": [], "rile": False})
    assert s.wounds[1] == 0
    assert s.tables[1] == [card("life_preserver")], "the Life Preserver is kept"


def test_overboard_without_reaction_the_fall_wounds() -> None:
    s = build(FOUR, hands={1: [card("life_preserver")]})
    navigate_with(s, 27)
    play(s, 1, NOTHING)
    assert s.wounds[1] == 1


def test_overboard_life_preserver_thrown_to_a_conscious_faller() -> None:
    s = build(FOUR, tables={0: [card("life_preserver")]})
    navigate_with(s, 27)
    assert G.to_act(s) == [0]
    play(s, 0, {"type": "react", "preserver": 1, "buckets": [], "rile": False})
    assert s.wounds[1] == 0
    assert s.tables[1] == [card("life_preserver")]


def test_overboard_cannot_throw_to_an_unconscious_faller() -> None:
    s = build(FOUR, tables={0: [card("life_preserver")]}, wounds={1: 7})
    events = navigate_with(s, 27)
    assert not of_type(events, "reactions"), "nobody has a choice: no window"
    assert s.dead[1], "unconscious in the water without a Preserver: drowned"
    assert 1 not in s.boat


def test_overboard_buckets_used_and_face_up_buckets_trigger() -> None:
    s = build(FOUR, hands={2: cards("chum")})
    navigate_with(s, 27)
    assert G.to_act(s) == [2]
    assert len([a for a in G.legal_actions(s, 2) if a["type"] == "react"]) == 4
    play(s, 2, {"type": "react", "preserver": None, "buckets": cards("chum"), "rile": False})
    assert s.wounds[1] == 3, "fall 1 + 2 Buckets"
    assert set(cards("chum")) <= set(s.discard)

    s = build(FOUR, tables={1: [card("chum", 0)]}, hands={2: [card("chum", 1)]})
    navigate_with(s, 27)
    play(s, 2, {"type": "react", "preserver": None, "buckets": [card("chum", 1)], "rile": False})
    assert s.wounds[1] == 3, "a face-up Bucket before a faller triggers by itself; they stack"

    s = build(FOUR, tables={1: [card("chum", 0)]})
    events = navigate_with(s, 27)
    assert not of_type(events, "reactions")
    assert s.wounds[1] == 2
    assert card("chum", 0) in s.discard


def test_overboard_sharks_bite_frenchy_and_preserver_holders() -> None:
    s = build(SIX, tables={SIX.index("frenchy"): [card("chum", 0)]})
    navigate_with(s, 32)  # Frenchy overboard (+1 bird)
    frenchy = SIX.index("frenchy")
    assert s.wounds[frenchy] == 1


def test_overboard_face_up_cards_lost_except_the_preserver() -> None:
    lost = [card("knife"), card("cash", 0), card("parasol")]
    s = build(FOUR, tables={1: [*lost, card("life_preserver")]}, hands={1: [card("jewels", 0)]})
    s.open_cards.append(card("parasol"))
    navigate_with(s, 27)
    assert s.tables[1] == [card("life_preserver")]
    assert set(lost) <= set(s.removed)
    assert s.hands[1] == [card("jewels", 0)], "hand cards stay"
    assert s.open_cards == []
    assert_conserved(s)


def test_overboard_unconscious_with_preserver_does_not_drown() -> None:
    s = build(FOUR, tables={1: [card("life_preserver")]}, wounds={1: 7})
    navigate_with(s, 27)
    assert not s.dead[1]
    assert 1 in s.boat


def test_overboard_lent_preserver_saves_then_returns_to_its_lender() -> None:
    s = build(FOUR, hands={0: [card("life_preserver")]}, wounds={1: 7})
    start(s, "actions")
    play(s, 0, {"type": "play", "card": card("life_preserver"), "for": 1})
    assert s.tables[1] == [card("life_preserver")]
    assert s.lent == [card("life_preserver"), 0, 1]
    s2 = build(FOUR, tables={1: [card("life_preserver")]}, wounds={1: 7})
    s2.lent = [card("life_preserver"), 0, 1]
    events = navigate_with(s2, 27)
    assert not s2.dead[1]
    assert s2.tables[0] == [card("life_preserver")]
    assert s2.tables[1] == []
    assert of_type(events, "preserver_returned")


def test_a_preserver_for_an_unconscious_character_is_too_late_once_his_card_is_revealed() -> None:
    """The rules: "A conscious player may also play a card face up in front of an unconscious
    character in the boat; it then belongs to that character (a Life Preserver only until the
    Navigation card naming that character overboard is revealed)." """
    preserver, water = card("life_preserver"), card("water", 0)
    s = build(FOUR, hands={0: [preserver, water], 2: [card("chum", 0)]}, wounds={1: 7})
    stack(s, 27, 25)  # the Kid navigates: card 27 names the Captain (seat 1, unconscious) overboard
    start(s, "navigation")
    assert s.step == "navigate"
    assert {"type": "play", "card": preserver, "for": 1} in G.legal_actions(s, 0), "not yet revealed"
    play(s, 3, {"type": "navigate", "card": nav(27)})
    assert s.step == "react"
    assert G.to_act(s) == [2], "the Bucket's holder is asked; the reaction window is open"
    late = {"type": "play", "card": preserver, "for": 1}
    assert late not in G.legal_actions(s, 0)
    refused(s, 0, late)
    assert {"type": "play", "card": water, "for": 1} in G.legal_actions(s, 0), "other cards still may"
    assert {"type": "play", "card": preserver, "for": 0} in G.legal_actions(s, 0), "and for oneself"
    play(s, 2, NOTHING)
    assert s.dead[1], "unconscious in the water without a Preserver: drowned"
    assert 1 not in s.boat
    assert preserver in s.hands[0]


def test_overboard_dead_bodies_removed_and_seats_close_up() -> None:
    s = build(FOUR, tables={1: [card("knife")]}, hands={1: [card("cash", 0)]}, dead=[1])
    events = navigate_with(s, 27)
    assert s.boat == [0, 2, 3]
    assert card("knife") in s.removed
    assert s.lost[1] == [card("cash", 0)]
    assert card("cash", 0) in G.secrets_from(s, 0)
    assert card("cash", 0) not in G.secrets_from(s, 1)
    assert of_type(events, "body_removed")
    assert_conserved(s)


def test_overboard_drowning_after_the_fall() -> None:
    s = build(FOUR, wounds={1: 6}, hands={1: [card("water", 0)]})
    navigate_with(s, 27)
    assert s.dead[1]
    assert s.boat == [0, 2, 3]
    assert s.lost[1] == [card("water", 0)]


# -- thirst ----------------------------------------------------------------------------------------
def _thirsty_captain(**kw: Any) -> State:
    s = build(FOUR, **kw)
    s.rowed[1] = True
    s.fought[1] = True
    return s


def test_thirst_three_sources() -> None:
    s = _thirsty_captain()
    navigate_with(s, 21)  # thirsty: all but Lady Lauren; fight and oar icons; the Kid overboard
    assert s.wounds[1] == 3
    assert s.wounds[0] == 0
    assert s.wounds[2] == 1
    assert s.rowed == [False] * 4, "marks cleared at the end"
    assert s.fought == [False] * 4


def test_thirst_open_parasol_cancels_one() -> None:
    parasol = card("parasol")
    s = _thirsty_captain(tables={1: [parasol]})
    s.open_cards.append(parasol)
    navigate_with(s, 21)
    assert s.wounds[1] == 2
    s = _thirsty_captain(tables={1: [parasol]})
    navigate_with(s, 21)
    assert s.wounds[1] == 3, "a closed Parasol does nothing"


def test_thirst_water_face_up_covers_an_unconscious_character() -> None:
    water = cards("water")[:2]
    s = _thirsty_captain(tables={1: water}, wounds={1: 7})
    navigate_with(s, 21)
    assert set(water) <= set(s.discard)
    assert s.wounds[1] == 8, "two covered, one thirst wound"
    assert s.dead[1]


def test_thirst_water_from_others_in_seat_order_and_surplus_stays() -> None:
    w = cards("water")
    s = _thirsty_captain(hands={1: [w[0]], 0: [w[1], w[2]], 2: [w[3], w[4]]})
    navigate_with(s, 21)
    assert s.step == "thirst"
    assert G.to_act(s) == [0, 1, 2]
    assert s.window is not None
    assert s.window.data["thirst"] == {"1": 3, "2": 1, "3": 1}
    assert G.default_action(s, 1) == {"type": "water", "cover": [[1, 1]]}
    assert G.default_action(s, 0) == {"type": "water", "cover": []}
    play(s, 2, {"type": "water", "cover": [[1, 2]]})
    play(s, 0, {"type": "water", "cover": [[1, 2]]})
    assert G.view(s, 1)["window"]["answered"] == [0, 2]
    events = play(s, 1, {"type": "water", "cover": [[1, 1]]})
    drunk = [(e["seat"], e["by"]) for e in of_type(events, "water_drunk")]
    assert drunk == [(1, 1), (1, 0), (1, 0)], "own Water first, then from the bow"
    assert s.wounds[1] == 0
    assert s.hands[2] == [w[3], w[4]], "surplus Water stays with its holder"
    assert s.wounds[2] == 1


def test_thirst_water_pledge_cannot_exceed_need_or_holding() -> None:
    w = cards("water")
    s = _thirsty_captain(hands={1: [w[0]], 0: [w[1]]})
    navigate_with(s, 21)
    refused(s, 0, {"type": "water", "cover": [[1, 2]]})
    refused(s, 0, {"type": "water", "cover": [[0, 1]]})
    assert {"type": "water", "cover": [[1, 1]]} in G.legal_actions(s, 0)


def test_thirst_no_water_anywhere_no_window() -> None:
    s = _thirsty_captain()
    events = navigate_with(s, 21)
    assert not of_type(events, "water_pledges")
    assert s.phase == "quartermaster"
    assert s.turn == 2


# -- nobody conscious ------------------------------------------------------------------------------
def test_nobody_conscious_plays_navigation_until_the_end() -> None:
    s = build(FOUR, wounds={0: 4, 1: 7, 2: 8, 3: 3})
    start(s, "navigation")
    assert G.is_over(s)
    assert G.to_act(s) == []
    assert s.end_reason in ("land", "empty_boat")
    assert len(G.scores(s)) == 4
    final = {str({k: v for k, v in G.view(s, p).items() if k != "seat"}) for p in (0, 1, 2, 3, None)}
    assert len(final) == 1, "after the end, every view is the same"
