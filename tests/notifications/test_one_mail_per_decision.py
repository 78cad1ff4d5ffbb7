"""One "your move" mail per decision (issue 14): an any-time action (a card played face up, a
trade offer) leaves the seat's decision as it was, so it asks nothing new; a new decision mails.

Rules (lifeboat.md): "A conscious player may play Provisions from hand face up in front of their
own character at any moment of any phase"; "Offers are answered out of turn: they never hold up
the table."
"""

import random

import pytest
from django.core import mail

from games import services as game_services
from games.models import Seat
from notifications.models import Kind, Notification

from .helpers import mails_to, open_prompt, start_game, state_of, waiting

pytestmark = pytest.mark.django_db


def prompt_mails(game, seat: int) -> int:
    return Notification.objects.filter(game=game, seat_index=seat, kind=Kind.PROMPT).count()


def submit(capture, game, seat: int, action) -> None:
    user = Seat.objects.get(game=game, index=seat).user
    with capture(execute=True):
        game_services.action_submit(game_id=game.pk, user=user, action=action, expected_version=game.version)
    game.refresh_from_db()


def test_a_card_played_face_up_by_the_seat_asked_sends_it_no_new_mail(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4)
    [seat] = waiting(game)
    state = state_of(game)
    plays = [a for a in game.engine.legal_actions(state, seat) if a["type"] == "play"]
    assert plays, "the drafter holds a card it may play face up"
    prompt, before = open_prompt(game, seat), prompt_mails(game, seat)
    mail.outbox.clear()

    submit(django_capture_on_commit_callbacks, game, seat, plays[0])

    assert waiting(game) == [seat]
    assert prompt_mails(game, seat) == before
    assert open_prompt(game, seat).pk == prompt.pk
    assert not [m for m in mails_to(users[seat]) if "your move" in m.subject]


def test_a_seats_own_trade_offers_send_it_no_new_mail(django_capture_on_commit_callbacks):
    """In the Actions phase a seat asked for its action makes offers: each is an any-time action,
    so its one mail stands; the seat it answers in its turn gets no mail for it either."""
    rng = random.Random(5)
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4)
    rules = game.engine
    for _ in range(200):
        state = state_of(game)
        [seat] = rules.to_act(state) if len(rules.to_act(state)) == 1 else [None]
        offers = (
            [a for a in rules.legal_actions(state, seat) if a["type"] == "offer_trade"]
            if seat is not None
            else []
        )
        if len(offers) >= 2:
            break
        required = [a for a in rules.legal_actions(state, rules.to_act(state)[0]) if a["type"] != "play"]
        submit(django_capture_on_commit_callbacks, game, rules.to_act(state)[0], rng.choice(required))
    else:
        raise AssertionError("no seat could make trade offers in its turn")
    prompt, before = open_prompt(game, seat), prompt_mails(game, seat)
    mail.outbox.clear()
    for offer in offers[:2]:
        submit(django_capture_on_commit_callbacks, game, seat, offer)
    assert rules.to_act(state_of(game)) == [seat]
    assert prompt_mails(game, seat) == before
    assert open_prompt(game, seat).pk == prompt.pk
    assert not [m for m in mails_to(users[seat]) if "your move" in m.subject]


@pytest.mark.parametrize(
    ("slug", "players", "seed"), [("lifeboat", 4, 1), ("lifeboat", 5, 2), ("lifeboats", 3, 3)]
)
def test_a_seat_is_mailed_exactly_when_its_decision_begins(
    django_capture_on_commit_callbacks, slug, players, seed
):
    """Over random play (any-time actions now and then, by seats asked or not), after every write a
    seat gets a new prompt mail if and only if a new decision began for it in that write."""
    rng = random.Random(seed)
    game, _users = start_game(django_capture_on_commit_callbacks, slug=slug, num_players=players)
    rules = game.engine
    checked = new_decisions = 0
    for _ in range(120):
        state = state_of(game)
        if rules.is_over(state):
            break
        since = dict(Seat.objects.filter(game=game).values_list("index", "decision_since"))
        mails = {s: prompt_mails(game, s) for s in range(players)}
        to_act = rules.to_act(state)
        anytime = [
            (s, a)
            for s in range(players)
            for a in rules.legal_actions(state, s)
            if a["type"] in {"play", "offer_trade", "answer_trade"}
        ]
        if anytime and rng.random() < 0.3:
            seat, action = rng.choice(anytime)
        else:
            seat = rng.choice(to_act)
            action = rng.choice(rules.legal_actions(state, seat))
        submit(django_capture_on_commit_callbacks, game, seat, action)
        after = dict(Seat.objects.filter(game=game).values_list("index", "decision_since"))
        waited = set(rules.to_act(state_of(game)))
        for s in range(players):
            began = s in waited and after[s] != since[s]
            assert prompt_mails(game, s) - mails[s] == (1 if began else 0), (s, action)
            checked += 1
            new_decisions += began
    assert checked > 100
    assert new_decisions > 10
