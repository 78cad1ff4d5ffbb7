"""Signed one-click links: GET and HEAD change nothing, the POST plays once, then the link is spent."""

import datetime as dt
import re

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from games.models import Action
from notifications.models import Prompt
from notifications.tokens import make_act_token

from .helpers import actions_of, mails_to, open_prompt, play, start_game, until_several_wait, waiting

pytestmark = pytest.mark.django_db

LINK_RE = re.compile(r"http://[^\s\"<>]+/mail/act/[^\s\"<>]+/")


def links_in(message) -> list[str]:
    return [link.split("127.0.0.1:8000", 1)[1] for link in LINK_RE.findall(message.body)]


def prompt_links(game, users, seat) -> list[str]:
    [message] = [m for m in mails_to(users[seat]) if "your move" in m.subject]
    return links_in(message)


@pytest.fixture
def table(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    return game, users, seat, prompt_links(game, users, seat)


def test_each_choice_has_a_link(table):
    game, _users, seat, links = table
    assert len(links) == len(open_prompt(game, seat).actions)


@pytest.mark.parametrize("method", ["get", "head"])
def test_get_and_head_change_nothing(table, client, method):
    game, _users, seat, links = table
    version = game.version
    response = getattr(client, method)(links[0])
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == version
    assert actions_of(game) == []
    assert open_prompt(game, seat).used_at is None
    if method == "get":
        assert b"Confirm your move" in response.content


def test_post_plays_once_through_the_service(table, django_capture_on_commit_callbacks):
    game, _users, seat, links = table
    client = Client(enforce_csrf_checks=False)
    prompt = open_prompt(game, seat)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(links[1])
    assert response.status_code == 200
    [action] = actions_of(game)
    assert action.seat_index == seat
    assert action.payload == prompt.actions[1]
    assert action.source == Action.Source.EMAIL
    prompt.refresh_from_db()
    assert prompt.used_at is not None
    again = client.post(links[1])
    assert again.status_code == 410
    assert b"already used" in again.content
    other = client.post(links[0])
    assert other.status_code == 410
    assert len(actions_of(game)) == 1


def test_an_expired_link_is_refused(table):
    game, _users, seat, links = table
    Prompt.objects.filter(pk=open_prompt(game, seat).pk).update(
        due_at=timezone.now() - dt.timedelta(seconds=1)
    )
    client = Client()
    assert client.get(links[0]).status_code == 410
    response = client.post(links[0])
    assert response.status_code == 410
    assert b"expired" in response.content
    assert actions_of(game) == []


def test_forged_and_tampered_links_are_refused(table):
    game, _users, seat, _links = table
    client = Client()
    prompt = open_prompt(game, seat)
    forged = make_act_token(
        prompt_id=prompt.pk, user_id=prompt.user_id, game_id=game.pk, version=game.version, choice=1
    )
    tampered = forged[:-3] + ("AAA" if not forged.endswith("AAA") else "BBB")
    assert client.post(f"/mail/act/{tampered}/").status_code == 400
    bad_user = make_act_token(
        prompt_id=prompt.pk, user_id=prompt.user_id + 999, game_id=game.pk, version=game.version, choice=1
    )
    assert client.post(f"/mail/act/{bad_user}/").status_code == 400
    assert client.post("/mail/act/not-a-token/").status_code == 400
    assert actions_of(game) == []


def test_a_link_for_a_decision_already_taken_on_the_site_is_refused(
    table, django_capture_on_commit_callbacks
):
    game, _users, seat, links = table
    play(django_capture_on_commit_callbacks, game, seat=seat)
    response = Client().post(links[0])
    assert response.status_code in (409, 410)
    assert len(actions_of(game)) == 1


def test_a_vote_link_survives_other_seats_voting(django_capture_on_commit_callbacks):
    """Where several seats decide at once, another seat's move does not void my prompt."""
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    game = until_several_wait(django_capture_on_commit_callbacks, game)
    seats = waiting(game)
    first, second = seats[0], seats[1]
    mail.outbox.clear()
    prompt = open_prompt(game, second)
    token = make_act_token(
        prompt_id=prompt.pk, user_id=prompt.user_id, game_id=game.pk, version=prompt.version, choice=1
    )
    game = play(django_capture_on_commit_callbacks, game, seat=first)
    if open_prompt(game, second).pk != prompt.pk:
        pytest.skip("the first vote changed the second seat's choices")
    assert not [m for m in mails_to(users[second]) if "your move" in m.subject]  # no new prompt mail
    with django_capture_on_commit_callbacks(execute=True):
        response = Client().post(f"/mail/act/{token}/")
    assert response.status_code == 200
    assert actions_of(game)[-1].seat_index == second
