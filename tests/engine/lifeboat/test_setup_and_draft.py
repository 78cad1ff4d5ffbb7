"""Set-up and the Quartermaster phase (the draft)."""

from __future__ import annotations

import pytest

from engine.lifeboat.data import CHARACTER_ORDER, NAVIGATION_IDS, PROVISION_IDS

from .builders import FOUR, G, assert_conserved, build, card, cards, play, refused, start


@pytest.mark.parametrize("n", [4, 5, 6])
def test_setup_per_player_count(n: int) -> None:
    s = G.new_game(n, 42)
    assert len(set(s.chars)) == n
    assert [s.chars[p] for p in s.boat] == [c for c in CHARACTER_ORDER if c in s.chars], "bow to stern"
    in_play = set(s.chars)
    assert {c.split("-", 1)[1] for c in s.love} == in_play
    assert {c.split("-", 1)[1] for c in s.hate} == in_play
    out = [c for c in CHARACTER_ORDER if c not in in_play]
    assert sorted(s.removed) == sorted([f"love-{c}" for c in out] + [f"hate-{c}" for c in out])
    assert all(len(h) >= 1 for h in s.hands)
    assert len(s.navigation) == len(NAVIGATION_IDS)
    assert s.birds == 0
    # The first Quartermaster: n cards drawn for the draft, the first drafter is the bow-most seat.
    assert s.phase == "quartermaster"
    assert G.to_act(s) == [s.boat[0]]
    assert len(s.draft) == n
    assert len(s.provisions) == len(PROVISION_IDS) - 2 * n
    assert_conserved(s)


def test_setup_different_seeds_deal_differently() -> None:
    deals = {tuple(G.new_game(6, seed).chars) for seed in range(8)}
    assert len(deals) > 1


def test_setup_rejects_bad_options() -> None:
    with pytest.raises(ValueError, match="sharks"):
        G.new_game(4, 1, {"sharks": "yes"})
    assert G.new_game(4, 1, {"sharks": True}).options["sharks"] is True


def test_draft_each_drafter_sees_only_what_is_offered() -> None:
    offered = [card("water", 0), card("knife"), card("cash", 0), card("compass")]
    rest = [c for c in PROVISION_IDS if c not in offered]
    s = build(FOUR, provisions=offered + rest[:5])
    start(s, "quartermaster")
    assert G.to_act(s) == [0]
    assert G.view(s, 0)["me"]["draft"] == offered
    for other in (1, 2, 3, None):
        view = G.view(s, other)
        assert (view["me"] or {}).get("draft") is None
        assert set(offered) <= G.secrets_from(s, other)
    assert G.legal_actions(s, 0)[:4] == [{"type": "keep", "card": c} for c in offered]
    play(s, 0, {"type": "keep", "card": card("knife")})
    assert card("knife") in s.hands[0]
    assert G.to_act(s) == [1]
    passed = [card("water", 0), card("cash", 0), card("compass")]
    assert G.view(s, 1)["me"]["draft"] == passed
    assert "draft" not in G.view(s, 0)["me"]
    assert card("water", 0) in G.secrets_from(s, 0)
    assert card("knife") in G.secrets_from(s, 1), "the kept card is private"


def test_draft_last_card_is_kept_without_asking() -> None:
    s = build(FOUR)
    start(s, "quartermaster")
    for seat in (0, 1, 2):
        assert G.to_act(s) == [seat]
        play(s, seat, G.default_action(s, seat))
    assert s.phase == "actions", "the last drafter keeps the one card left by itself"
    assert len(s.hands[3]) == 1
    assert len(s.provisions) == 42 - 4


def test_draft_cards_run_out_those_waiting_get_nothing() -> None:
    deck = [card("water", 0), card("cash", 0)]
    s = build(FOUR, provisions=deck)
    start(s, "quartermaster")
    assert G.to_act(s) == [0]
    play(s, 0, {"type": "keep", "card": deck[1]})
    assert s.hands[1] == [deck[0]]
    assert s.hands[2] == []
    assert s.hands[3] == []
    assert s.phase == "actions"
    assert s.provisions == []


def test_draft_empty_deck_skips_the_phase() -> None:
    s = build(FOUR, provisions=[])
    events = start(s, "quartermaster")
    assert "quartermaster_skipped" in [e["type"] for e in events]
    assert s.phase == "actions"
    assert G.to_act(s) == [0]


def test_draft_only_conscious_characters_draw_and_count() -> None:
    s = build(FOUR, wounds={1: 7})  # the Captain (Size 7) is unconscious
    start(s, "quartermaster")
    assert len(s.draft) == 3
    assert s.draft_order == [0, 2, 3]
    assert G.legal_actions(s, 1) == []


def test_draft_no_trading_during_the_quartermaster() -> None:
    s = build(FOUR, hands={1: [card("cash", 0)]})
    start(s, "quartermaster")
    assert not [a for a in G.legal_actions(s, 1) if a["type"] == "offer_trade"]
    refused(s, 1, {"type": "offer_trade", "to": 2, "give": [card("cash", 0)], "take": []})
    # ...but playing face up is allowed at any moment.
    play(s, 1, {"type": "play", "card": card("cash", 0), "for": 1})
    assert s.tables[1] == [card("cash", 0)]


def test_draft_keep_refuses_a_card_not_offered() -> None:
    s = build(FOUR)
    start(s, "quartermaster")
    refused(s, 0, {"type": "keep", "card": s.provisions[0]})
    refused(s, 1, {"type": "keep", "card": s.draft[0]})


def test_cards_are_unique_and_distinctive() -> None:
    ids = list(PROVISION_IDS) + list(NAVIGATION_IDS)
    ids += [f"{k}-{c}" for k in ("love", "hate") for c in CHARACTER_ORDER]
    for a in ids:
        for b in ids:
            assert a == b or a not in b
    assert len(cards("water")) == 16
    assert len(cards("painting")) == 3
