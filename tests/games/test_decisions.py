"""A seat's decision: answers to the same question count though other seats answered meanwhile."""

from __future__ import annotations

import pytest

from games import decisions, services
from games.errors import StaleVersion
from games.models import Action, Seat

from .helpers import (
    act_data,
    act_url,
    api_actions_url,
    api_headers,
    start_game,
    state_of,
    until_voters,
    vote_of,
)

pytestmark = pytest.mark.django_db


def test_five_voters_answering_at_one_version_are_all_played():
    game, users = start_game("lifeboats", 5)
    game, voters = until_voters(game, users, 5)
    shown = game.version
    votes = {seat: vote_of(game, seat) for seat in voters}
    for seat in voters:
        services.action_submit(game_id=game.pk, user=users[seat], action=votes[seat], expected_version=shown)
    game.refresh_from_db()
    assert list(game.actions.order_by("-seq").values_list("seat_index", flat=True)[:5]) == voters[::-1]


def test_the_same_answer_twice_is_stale_the_second_time():
    game, users = start_game("lifeboats", 5)
    game, voters = until_voters(game, users, 5)
    shown, seat = game.version, voters[0]
    services.action_submit(
        game_id=game.pk, user=users[seat], action=vote_of(game, seat), expected_version=shown
    )
    with pytest.raises(StaleVersion):
        services.action_submit(
            game_id=game.pk, user=users[seat], action={"type": "vote", "card": None}, expected_version=shown
        )


def test_an_answer_to_a_decision_that_changed_is_stale():
    game, users = start_game("lifeboats", 3)
    rules = game.engine
    shown = game.version
    first = rules.to_act(state_of(game))[0]
    services.action_submit(
        game_id=game.pk, user=users[first], action=vote_of(game, first), expected_version=shown
    )
    game.refresh_from_db()
    later = rules.to_act(state_of(game))[0]
    seat = Seat.objects.get(game=game, index=later)
    assert seat.decision_since == game.version  # its decision began after what it was shown
    with pytest.raises(StaleVersion):
        services.action_submit(
            game_id=game.pk, user=users[later], action=vote_of(game, later), expected_version=shown
        )


def test_seats_not_waited_for_have_no_decision_and_voters_keep_theirs():
    game, users = start_game("lifeboats", 5)
    game, voters = until_voters(game, users, 5)
    shown = game.version
    before = {s.index: (s.decision, s.decision_since) for s in Seat.objects.filter(game=game)}
    assert all(before[v][0] and before[v][1] <= shown for v in voters)
    services.action_submit(
        game_id=game.pk, user=users[voters[0]], action=vote_of(game, voters[0]), expected_version=shown
    )
    after = {s.index: (s.decision, s.decision_since) for s in Seat.objects.filter(game=game)}
    assert after[voters[0]][0] == ""
    assert all(after[v] == before[v] for v in voters[1:])


def test_an_any_time_action_leaves_the_decision_and_is_no_answer():
    game, _users = start_game("lifeboat", 4)
    rules = game.engine
    assert rules.is_any_time({"type": "play", "card": "prov-1", "for": 0})
    assert not rules.is_any_time({"type": "keep", "card": "prov-1"})
    state = state_of(game)
    seat = rules.to_act(state)[0]
    assert decisions.fingerprint(rules, state, seat) != ""
    idle = next(s for s in range(4) if s not in rules.to_act(state))
    assert decisions.fingerprint(rules, state, idle) == ""


@pytest.mark.parametrize("way", ["form", "api"])
def test_the_form_and_the_api_take_a_vote_made_before_others_voted(client, way):
    game, users = start_game("lifeboats", 5)
    game, voters = until_voters(game, users, 5)
    shown = game.version
    services.action_submit(
        game_id=game.pk, user=users[voters[0]], action=vote_of(game, voters[0]), expected_version=shown
    )
    seat = voters[1]
    action = vote_of(game, seat)
    if way == "form":
        client.force_login(users[seat])
        response = client.post(act_url(game), act_data(game, action, version=shown))
        assert response.status_code == 302
    else:
        body = {"action": action, "version": shown}
        response = client.post(
            api_actions_url(game), body, content_type="application/json", **api_headers(users[seat])
        )
        assert response.status_code == 200, response.content
    assert Action.objects.filter(game=game, seat_index=seat).order_by("-seq").first().payload == action
