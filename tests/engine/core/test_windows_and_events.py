from engine.core import Window, event, events_for


def test_window_waits_for_every_seat_and_hides_answers() -> None:
    window = Window(kind="vote", seats=[0, 2, 3])
    window.answer(2, {"card": "red"})
    assert window.waiting() == [0, 3]
    assert not window.complete
    view_of_0 = window.view(0)
    assert view_of_0["answered"] == [2]
    assert view_of_0["my_answer"] is None
    assert "'red'" not in repr(view_of_0)
    assert window.view(2)["my_answer"] == {"card": "red"}
    assert "my_answer" not in window.view(None)
    window.answer(0, None)
    window.answer(3, {"card": "hat"})
    assert window.complete
    assert window.revealed() == [
        {"seat": 0, "answer": None},
        {"seat": 2, "answer": {"card": "red"}},
        {"seat": 3, "answer": {"card": "hat"}},
    ]


def test_window_json_round_trip_shares_nothing() -> None:
    window = Window(kind="fight", seats=[1, 4], data={"sides": {"attacker": [1]}})
    window.answer(4, {"side": "out"})
    data = window.to_json()
    restored = Window.from_json(data)
    assert restored.to_json() == data
    restored.data["sides"]["attacker"].append(4)
    assert window.data["sides"]["attacker"] == [1]


def test_events_are_filtered_by_visibility_and_public_after_the_end() -> None:
    public = event("rowed", seat=1)
    private = event("drew", visible_to=[2, 1, 2], card="prov-03")
    assert private["visible_to"] == [1, 2]
    log = [public, private]
    assert events_for(log, 1) == log
    assert events_for(log, 3) == [public]
    assert events_for(log, None) == [public]
    assert events_for(log, None, game_over=True) == log
