"""Fights, trades, and playing cards face up."""

from __future__ import annotations

from typing import Any

from engine.lifeboat.board import size
from engine.lifeboat.rules import prune_offers

from .builders import FOUR, G, build, card, of_type, play, refused, start

OUT = {"type": "fight", "side": "out", "weapons": [], "flare": False}


def fight(side: str, weapons: list[str] | None = None, flare: bool = False) -> dict[str, Any]:
    return {"type": "fight", "side": side, "weapons": weapons or [], "flare": flare}


def refused_swap(s: Any, attacker: int = 0, defender: int = 1) -> None:
    start(s, "actions")
    play(s, attacker, {"type": "swap", "target": defender})
    play(s, defender, {"type": "refuse"})


# -- fights ----------------------------------------------------------------------------------------
def test_fight_joins_both_sides_and_the_stronger_side_wins() -> None:
    # Lady Lauren (4) + Knife (3) + Kid (3) against Captain (7) + First Mate (8).
    s = build(FOUR, hands={0: [card("knife")]})
    refused_swap(s)
    assert G.to_act(s) == [0, 2, 3], "the attacker holds a weapon; the others may join"
    play(s, 0, fight("attacker", [card("knife")]))
    play(s, 2, fight("defender"))
    play(s, 3, OUT)
    assert G.to_act(s) == [3], "a second round, since someone joined and played"
    events = play(s, 3, fight("attacker"))
    resolved = of_type(events, "fight_resolved")[0]
    assert resolved["strength"] == {"attacker": 10, "defender": 15}
    assert resolved["winner"] == "defender"
    assert s.wounds == [1, 0, 0, 1], "every loser takes one wound"
    assert s.fought == [True, True, True, True]
    assert s.boat == [0, 1, 2, 3], "the attacker lost: no swap"
    assert s.tables[0] == [card("knife")], "weapons played stay face up"


def test_fight_answers_are_revealed_together() -> None:
    s = build(FOUR)
    refused_swap(s)
    play(s, 2, fight("defender"))
    assert G.view(s, 3)["window"]["answered"] == [2]
    assert G.view(s, 3)["window"]["my_answer"] is None
    assert "'side'" not in str(G.view(s, 3)["window"])
    assert G.view(s, 2)["window"]["my_answer"]["side"] == "defender"
    assert s.window is not None
    assert s.window.data["sides"]["defender"] == [1]
    events = play(s, 3, OUT)
    assert of_type(events, "fight_round")[0]["answers"] == [
        {"seat": 2, "answer": {"side": "defender", "weapons": [], "flare": False}},
        {"seat": 3, "answer": {"side": "out", "weapons": [], "flare": False}},
    ]


def test_fight_ends_after_a_quiet_round() -> None:
    s = build(FOUR)
    refused_swap(s)
    play(s, 2, OUT)
    events = play(s, 3, OUT)
    assert of_type(events, "fight_resolved"), "nobody joined or played: the fight ends"
    assert s.fought == [True, True, False, False], "only those who took part are marked"


def test_fight_ties_go_to_the_defender() -> None:
    s = build(FOUR, tables={0: [card("knife")]})  # 4 + 3 = 7 against the Captain's 7
    refused_swap(s)
    play(s, 2, OUT)
    events = play(s, 3, OUT)
    assert of_type(events, "fight_resolved")[0]["winner"] == "defender"
    assert s.wounds[0] == 1
    assert s.wounds[1] == 0


def test_fight_declared_flare_adds_eight_and_is_discarded_attacker_wins() -> None:
    gun = card("flare_gun")
    s = build(FOUR, hands={0: [gun]}, wounds={1: 6})
    refused_swap(s)
    assert {"type": "fight", "side": "attacker", "weapons": [], "flare": True} in G.legal_actions(s, 0)
    play(s, 0, fight("attacker", flare=True))
    play(s, 2, OUT)
    play(s, 3, OUT)
    play(s, 2, OUT)
    events = play(s, 3, OUT)
    assert of_type(events, "fight_resolved")[0]["strength"] == {"attacker": 12, "defender": 7}
    assert gun in s.discard
    assert s.wounds[1] == 7, "the Captain is knocked out"
    assert s.boat[:2] == [1, 0], "the attacker won: the swap happens even with the defender unconscious"


def test_fight_weapons_bonus_from_face_up_cards() -> None:
    s = build(
        FOUR,
        tables={0: [card("oar", 0), card("blackjack"), card("hook")], 1: [card("oar", 1)]},
    )
    refused_swap(s)
    play(s, 2, OUT)
    events = play(s, 3, OUT)
    assert of_type(events, "fight_resolved")[0]["strength"] == {"attacker": 4 + 1 + 2 + 4, "defender": 8}


def test_fight_mug_consummated_when_attacker_wins() -> None:
    s = build(FOUR, tables={0: [card("hook")], 3: [card("cash", 0)]})
    start(s, "actions")
    play(s, 0, {"type": "mug", "target": 3, "card": card("cash", 0)})
    play(s, 3, {"type": "refuse"})
    for seat in (1, 2):
        play(s, seat, OUT)
    assert s.tables[0] == [card("hook"), card("cash", 0)]
    assert s.wounds[3] == 1


def test_no_cards_change_hands_and_no_trades_during_a_fight() -> None:
    s = build(FOUR, hands={2: [card("cash", 0)], 3: [card("knife")]})
    refused_swap(s)
    assert not [a for a in G.legal_actions(s, 2) if a["type"] in ("offer_trade", "answer_trade")]
    refused(s, 2, {"type": "offer_trade", "to": 3, "give": [card("cash", 0)], "take": []})
    assert G.default_action(s, 2) == OUT


def test_fighters_play_weapons_only_in_their_round_answer() -> None:
    s = build(FOUR, hands={0: [card("knife")], 2: [card("cash", 0)]})
    refused_swap(s)
    assert not [a for a in G.legal_actions(s, 0) if a["type"] == "play"]
    assert [a for a in G.legal_actions(s, 2) if a["type"] == "play"], "onlookers may still play"
    refused(s, 0, fight("defender"))  # a fighter cannot change sides


# -- trades ----------------------------------------------------------------------------------------
def test_trade_gift_goes_to_the_receivers_hand() -> None:
    cash = card("cash", 0)
    s = build(FOUR, hands={2: [cash]})
    start(s, "actions")
    gift = {"type": "offer_trade", "to": 3, "give": [cash], "take": []}
    assert gift in G.legal_actions(s, 2), "trades are open to seats not waited for"
    events = play(s, 2, gift)
    assert of_type(events, "trade_offered")[0]["visible_to"] == [2, 3]
    assert G.view(s, 3)["me"]["offers"][0]["give"] == [cash]
    assert G.view(s, 1)["me"]["offers"] == []
    offer = s.offers[0]["id"]
    assert G.to_act(s) == [0], "offers never hold up the table"
    play(s, 3, {"type": "answer_trade", "offer": offer, "accept": True})
    assert s.hands[3] == [cash]
    assert s.hands[2] == []
    assert s.offers == []


def test_trade_both_ways_face_up_cards_keep_state_hand_cards_by_kind() -> None:
    parasol, water = card("parasol"), card("water", 0)
    s = build(FOUR, tables={2: [parasol]}, hands={3: [water, card("cash", 0)]})
    s.open_cards.append(parasol)
    start(s, "actions")
    play(s, 2, {"type": "offer_trade", "to": 3, "give": [parasol], "take": ["water"]})
    events = play(s, 3, {"type": "answer_trade", "offer": s.offers[0]["id"], "accept": True})
    assert s.tables[3] == [parasol]
    assert parasol in s.open_cards
    assert s.hands[2] == [water]
    public = of_type(events, "traded")[0]
    assert public["visible_to"] == "all"
    assert public["face_up"] == [{"card": parasol, "from": 2, "to": 3}]
    assert water not in str(public)
    assert of_type(events, "traded_cards")[0]["visible_to"] == [2, 3]


def test_trade_declined_moves_nothing() -> None:
    cash = card("cash", 0)
    s = build(FOUR, hands={2: [cash]})
    start(s, "actions")
    play(s, 2, {"type": "offer_trade", "to": 3, "give": [cash], "take": []})
    play(s, 3, {"type": "answer_trade", "offer": s.offers[0]["id"], "accept": False})
    assert s.hands[2] == [cash]
    assert s.offers == []


def test_trade_cannot_be_accepted_without_the_asked_kind() -> None:
    s = build(FOUR, hands={2: [card("cash", 0)], 3: [card("cash", 1)]})
    start(s, "actions")
    play(s, 2, {"type": "offer_trade", "to": 3, "give": [card("cash", 0)], "take": ["water"]})
    offer = s.offers[0]["id"]
    assert G.legal_actions(s, 3)[-1] == {"type": "answer_trade", "offer": offer, "accept": False}
    refused(s, 3, {"type": "answer_trade", "offer": offer, "accept": True})


def test_trade_lapses_when_stale() -> None:
    """Rule: "it lapses if either no longer holds the cards or the phase ends"; the event says
    who offered it to whom, and why, for the log."""
    cash = card("cash", 0)
    s = build(FOUR, tables={2: [cash]})
    start(s, "actions")
    play(s, 2, {"type": "offer_trade", "to": 3, "give": [cash], "take": []})
    events = play(s, 0, {"type": "mug", "target": 2, "card": cash})
    assert s.offers, "still valid while the mug awaits its answer"
    events = play(s, 2, {"type": "accept"})
    assert s.offers == []
    lapsed = of_type(events, "trade_lapsed")[0]
    assert lapsed["visible_to"] == [2, 3]
    assert (lapsed["from"], lapsed["to"], lapsed["reason"]) == (2, 3, "card_moved")


def test_trade_lapses_when_the_phase_ends() -> None:
    cash = card("cash", 0)
    s = build(FOUR, hands={0: [cash]})
    start(s, "actions")
    play(s, 0, {"type": "offer_trade", "to": 3, "give": [cash], "take": []})
    events = []
    for seat in (0, 1, 2, 3):
        events += play(s, seat, {"type": "nothing"})
    assert s.offers == []
    assert s.hands[0] == [cash] or s.phase == "over"
    lapsed = of_type(events, "trade_lapsed")
    assert [(e["from"], e["to"], e["reason"]) for e in lapsed] == [(0, 3, "phase_end")]


def test_trade_refused_while_an_answer_is_pending_and_with_unconscious() -> None:
    s = build(FOUR, hands={2: [card("cash", 0)]}, wounds={1: 7})
    start(s, "actions")
    refused(s, 2, {"type": "offer_trade", "to": 1, "give": [card("cash", 0)], "take": []})
    play(s, 0, {"type": "swap", "target": 3})
    refused(s, 2, {"type": "offer_trade", "to": 0, "give": [card("cash", 0)], "take": []})


def test_trade_offer_validation() -> None:
    s = build(FOUR, hands={2: [card("cash", 0)], 3: [card("water", 0)]}, tables={3: [card("knife")]})
    start(s, "actions")
    refused(s, 2, {"type": "offer_trade", "to": 3, "give": [], "take": []})
    refused(s, 2, {"type": "offer_trade", "to": 2, "give": [card("cash", 0)], "take": []})
    refused(s, 2, {"type": "offer_trade", "to": 3, "give": [card("cash", 1)], "take": []})
    refused(s, 2, {"type": "offer_trade", "to": 3, "give": [], "take": [card("water", 0)]})  # hidden id
    refused(s, 2, {"type": "offer_trade", "to": 3, "give": "x", "take": []})
    play(s, 2, {"type": "offer_trade", "to": 3, "give": [card("cash", 0)], "take": [card("knife")]})
    play(s, 3, {"type": "answer_trade", "offer": s.offers[0]["id"], "accept": True})
    assert s.tables[2] == [card("knife")]
    assert s.hands[3] == [card("water", 0), card("cash", 0)]


# -- playing face up -------------------------------------------------------------------------------
def test_play_face_up_for_self_any_phase() -> None:
    s = build(FOUR, hands={3: [card("knife")]})
    start(s, "actions")
    events = play(s, 3, {"type": "play", "card": card("knife"), "for": 3})
    assert s.tables[3] == [card("knife")]
    assert s.hands[3] == []
    assert of_type(events, "played")[0]["visible_to"] == "all"
    refused(s, 3, {"type": "play", "card": card("knife"), "for": 3})  # never back to the hand


def test_play_face_up_for_an_unconscious_character_belongs_to_it() -> None:
    s = build(FOUR, hands={3: [card("water", 0), card("cash", 0)]}, wounds={1: 7}, dead=[2])
    start(s, "actions")
    targets = {a["for"] for a in G.legal_actions(s, 3) if a["type"] == "play"}
    assert targets == {3, 1}, "self or an unconscious character, not the dead"
    play(s, 3, {"type": "play", "card": card("water", 0), "for": 1})
    assert s.tables[1] == [card("water", 0)]
    assert G.legal_actions(s, 1) == [], "nobody plays from an unconscious character's hand"


def test_unconscious_cannot_play() -> None:
    s = build(FOUR, hands={1: [card("knife")]}, wounds={1: 7})
    start(s, "actions")
    refused(s, 1, {"type": "play", "card": card("knife"), "for": 1})


def test_kid_hand_mug_leaves_no_moment_to_play_in_reply() -> None:
    s = build(FOUR, hands={0: [card("jewels", 0)]})
    start(s, "actions")
    for seat in (0, 1, 2):
        play(s, seat, {"type": "nothing"})
    play(s, 3, {"type": "mug", "target": 0, "card": "hand"})
    assert s.hands[3] == [card("jewels", 0)]
    assert s.tables[0] == []


def test_trade_lapses_when_a_side_is_knocked_out() -> None:
    """Rule: trading is "only between two conscious characters' players"."""
    cash = card("cash", 0)
    s = build(FOUR, hands={2: [cash]})
    start(s, "actions")
    play(s, 2, {"type": "offer_trade", "to": 3, "give": [cash], "take": []})
    s.wounds[3] = size(s, 3)  # as a fight's wounds would
    events: list[dict[str, Any]] = []
    prune_offers(s, events)
    assert s.offers == []
    assert [(e["from"], e["to"], e["reason"]) for e in events] == [(2, 3, "knocked_out")]
