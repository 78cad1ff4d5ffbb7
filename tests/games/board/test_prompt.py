"""The prompt groups legal actions into questions; optional actions live in their own panel."""

from __future__ import annotations

import engine
from games.board.prompt import mark_picks, match, questions
from games.lifeboat import parts as lifeboat_parts
from games.lifeboat import presenter as lifeboat
from games.presentations import label


def _asked(slug, n, seed, seat_fn, *, waited=True):
    rules = engine.get_game(slug)
    state = rules.new_game(n, seed)
    seat = seat_fn(rules, state)
    view = rules.view(state, seat)
    return questions(
        rules.legal_actions(state, seat),
        waited=waited,
        any_time=rules.is_any_time,
        label=lambda a: label(slug, view, a),
    )


def test_the_drafter_gets_one_question_and_playing_face_up_is_optional():
    required, optional = _asked("lifeboat", 4, 7, lambda r, s: r.to_act(s)[0])
    assert [q.key for q in required] == ["keep"]
    assert all(c.label.startswith("Keep ") for c in required[0].choices)
    assert [q.key for q in optional] == ["play"]


def test_a_seat_not_waited_for_gets_only_optional_questions():
    required, optional = _asked(
        "lifeboat", 4, 7, lambda r, s: next(p for p in range(4) if p not in r.to_act(s)), waited=False
    )
    assert required == []
    assert [q.key for q in optional] == ["play"]


def test_many_choices_become_radios_or_a_menu_few_become_buttons():
    required, _optional = _asked("lifeboats", 6, 1, lambda r, s: r.to_act(s)[0])
    assert required[0].key == "place_boat"
    assert required[0].style == "radios"
    assert len(required[0].choices) == 7
    assert required[0].choices[0].label.startswith("Place your boat in lane 1 (towards the left island)")


def test_rowing_choices_name_the_cards_for_the_stack_and_the_bottom():
    rules = engine.get_game("lifeboat")
    state = rules.new_game(4, 7)
    while state.step != "row":
        seat = rules.to_act(state)[0]
        legal = rules.legal_actions(state, seat)
        rows = [a for a in legal if a["type"] == "row"]
        rules.apply(state, seat, rows[0] if rows else legal[0])
    seat = rules.to_act(state)[0]
    view = rules.view(state, seat)
    first, second = (f"No. {int(c.split('-')[1])}" for c in view["me"]["rowing"])
    labels = {
        label("lifeboat", view, a) for a in rules.legal_actions(state, seat) if a["type"] == "place_rowed"
    }
    assert labels == {
        f"Row stack: {first}, {second} · bottom: none",
        f"Row stack: {first} · bottom: {second}",
        f"Row stack: {second} · bottom: {first}",
        f"Row stack: none · bottom: {first}, {second}",
    }


def test_match_finds_the_legal_action_whatever_the_order_of_the_posted_lists():
    legal = [
        {"type": "place_rowed", "to_stack": ["nav-30", "nav-42"]},
        {"type": "place_rowed", "to_stack": ["nav-30"]},
        {"type": "place_rowed", "to_stack": []},
        {"type": "fight", "side": "attacker", "weapons": ["prov-37"], "flare": False},
        {"type": "fight", "side": "attacker", "weapons": ["prov-37"], "flare": True},
    ]
    posted = {"to_stack": ["nav-42", "nav-30"]}
    assert match(legal, "place_rowed", lambda k: posted.get(k, [])) == legal[0]
    assert match(legal, "place_rowed", lambda k: []) == legal[2]
    fight = {"side": ["attacker"], "weapons": ["prov-37"]}
    assert match(legal, "fight", lambda k: fight.get(k, [])) == legal[3]
    assert match(legal, "fight", lambda k: {**fight, "flare": ["true"]}.get(k, [])) == legal[4]
    assert match(legal, "fight", lambda k: {"side": ["defender"]}.get(k, [])) is None


def _lifeboat_asked(actions, view):
    """The questions Lifeboat asks a seat waited for with these legal actions and this view."""
    required, _optional = questions(
        actions,
        waited=True,
        any_time=engine.get_game("lifeboat").is_any_time,
        label=lambda a: label("lifeboat", view, a),
        compose=lambda k, acts: lifeboat.compose_parts(k, acts, view),
    )
    return required


def test_a_fight_with_weapons_is_asked_side_weapons_and_flare_apart():
    actions = [
        {"type": "fight", "side": side, "weapons": w, "flare": f}
        for side in ("attacker", "defender")
        for w in ([], ["prov-37"], ["prov-38"], ["prov-37", "prov-38"])
        for f in (False, True)
    ]
    (q,) = _lifeboat_asked(actions, {"seat": 0, "players": [], "me": {}})
    assert q.style == "compose"
    assert [p.name for p in q.parts] == ["side", "weapons", "flare"]
    assert [o.label for o in q.parts[1].options] == ["Knife", "Gaffing Hook"]


def test_a_tap_on_a_fighter_picks_a_side_and_on_a_weapon_ticks_it():
    """Issue 34: "A fight's side and weapons are chosen by tapping the side and the weapon cards":
    the attacker's seat picks the side radio "attacker", a weapon's card its checkbox, and no part
    picks a field its actions do not share (the Flare Gun, the other side)."""
    actions = [
        {"type": "fight", "side": side, "weapons": w, "flare": f}
        for side in ("out", "attacker", "defender")
        for w in ([], ["prov-37"], ["prov-38"], ["prov-37", "prov-38"])
        for f in (False, True)
        if side != "out" or (not w and not f)
    ]
    view = {"seat": 0, "players": [], "me": {}, "window": {"kind": "fight", "attacker": 3, "defender": 2}}
    required = _lifeboat_asked(actions, view)
    mark_picks(required, lifeboat_parts.choices(view, actions))
    side, weapons, flare = required[0].parts
    assert {o.value: o.picks for o in side.options} == {"out": "", "attacker": "seat:3", "defender": "seat:2"}
    assert {o.value: o.picks for o in weapons.options} == {
        "prov-37": "card:prov-37",
        "prov-38": "card:prov-38",
    }
    assert [o.picks for o in flare.options] == [""]
