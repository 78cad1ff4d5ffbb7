"""Log sentences: per seat, newest first, under day and phase headings."""

from __future__ import annotations

import engine
from games.board.log import sections

NAMES = {0: "ann", 1: "bob", 2: "cy", 3: "di", 4: "ed", 5: "flo"}


def _play(slug: str, n: int, seed: int, steps, pick):
    rules = engine.get_game(slug)
    state = rules.new_game(n, seed)
    events = []
    for _ in range(steps):
        if rules.is_over(state):
            break
        seat = rules.to_act(state)[0]
        action = pick(rules.legal_actions(state, seat), state)
        events += rules.apply(state, seat, action)
    return rules, state, events


def _lines(rules, state, events, seat):
    visible = engine.events_for(events, seat, game_over=rules.is_over(state))
    return sections(rules.slug, visible, rules.view(state, seat), NAMES)


def _first_not_nothing(legal, state):
    wanted = [a for a in legal if a["type"] not in ("play", "offer_trade", "answer_trade", "nothing")]
    return (wanted or legal)[0]


def test_lifeboat_rower_sees_the_cards_others_see_only_the_count():
    # draft, then the first actor rows and puts both cards on the stack
    rules, state, events = _play("lifeboat", 4, 7, 5, _first_not_nothing)
    rower = next(e["seat"] for e in events if e["type"] == "rowed")
    rower_name = rules.view(state, None)["players"][rower]["name"]
    mine = _lines(rules, state, events, rower)
    assert mine[0].heading == "Day 1 · Actions"
    assert mine[0].lines[0].startswith("You put ")
    assert "You rowed (2 cards)." in mine[0].lines
    assert any(line.startswith("You drew No. ") for line in mine[0].lines)
    other = (rower + 1) % 4
    theirs = _lines(rules, state, events, other)
    assert f"{rower_name} rowed (2 cards)." in theirs[0].lines
    assert not any("drew No." in line for s in theirs for line in s.lines)
    assert theirs[-1].heading == "Day 1 · Quartermaster"
    assert any(line.startswith("You kept ") for line in theirs[-1].lines)


def test_lifeboat_day_headings_count_back_from_the_view_when_the_window_starts_mid_game():
    rules, state, events = _play("lifeboat", 4, 11, 80, _first_not_nothing)
    view = rules.view(state, 0)
    tail = events[len(events) // 2 :]
    out = sections("lifeboat", engine.events_for(tail, 0), view, NAMES)
    assert out[0].heading.startswith(f"Day {view['turn']}")
    days = [int(s.heading.split()[1]) for s in out if s.heading.startswith("Day")]
    assert days == sorted(days, reverse=True)


def test_lifeboat_mug_refused_and_fight_are_told():
    def mug_then_refuse(legal, state):
        for kind in ("mug", "refuse"):
            hit = [a for a in legal if a["type"] == kind and a.get("card", "hand") == "hand"]
            if hit:
                return hit[0]
        return _first_not_nothing(legal, state)

    rules, state, events = _play("lifeboat", 4, 5, 12, mug_then_refuse)
    text = " ".join(line for s in _lines(rules, state, events, None) for line in s.lines)
    assert "tries to mug" in text
    assert "refused: a fight." in text
    assert "A fight:" in text
    assert "won the fight" in text


def test_lifeboats_setup_and_round_headings():
    rules, state, events = _play("lifeboats", 3, 2, 40, lambda legal, s: legal[0])
    out = _lines(rules, state, events, 0)
    headings = [s.heading for s in out]
    assert headings[-1].startswith("Set-up")
    assert any(h.startswith("Round 1 · Phase 1") for h in headings)
    text = " ".join(line for s in out for line in s.lines)
    assert "You placed the red boat in lane" in text
    assert "cast a card" in text
    assert "Votes revealed:" in text


def test_a_vote_card_is_told_only_to_its_caster_before_the_reveal():
    rules = engine.get_game("lifeboats")
    state = rules.new_game(3, 2)
    events = []
    while state.phase != "leak":
        seat = rules.to_act(state)[0]
        events += rules.apply(state, seat, rules.legal_actions(state, seat)[0])
    seat = rules.to_act(state)[0]
    events += rules.apply(state, seat, {"type": "vote", "card": "black"})
    mine = " ".join(line for s in _lines(rules, state, events, seat) for line in s.lines)
    assert "You cast the black boat." in mine
    other = " ".join(line for s in _lines(rules, state, events, (seat + 1) % 3) for line in s.lines)
    assert "cast a card" in other
    assert "black boat." not in other
