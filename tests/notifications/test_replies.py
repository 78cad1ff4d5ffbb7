"""Replies as real clients write them (Gmail, Outlook, Apple Mail, Thunderbird; English, Hungarian,
Czech; plain and HTML-only, top-posted with signatures and quotes): the number the player wrote
plays, and a number in the quoted mail never does."""

from pathlib import Path

import pytest
from django.core import mail

from notifications.inbound import parse_message
from notifications.replies import first_line
from notifications.tokens import reply_address

from .helpers import actions_of, mails_to, open_prompt, start_game, waiting
from .test_inbound import deliver_raw

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent / "fixtures" / "replies"
CHOSEN = sorted(p.name for p in FIXTURES.glob("*.eml") if "nonumber" not in p.name)
UNCHOSEN = sorted(p.name for p in FIXTURES.glob("*.eml") if "nonumber" in p.name)


def fixture(
    name: str, *, to: str = "play+1-0123456789abcdef01234567@lifeboat.club", sender: str = "ann@example.com"
):
    raw = (FIXTURES / name).read_bytes()
    return raw.replace(b"{to}", to.encode()).replace(b"{from}", sender.encode())


def test_every_client_and_language_has_its_fixture():
    clients = {"gmail", "outlook", "apple", "thunderbird"}
    plain = {tuple(name.removesuffix(".eml").split("_")) for name in CHOSEN if "_html_" not in name}
    assert plain == {(client, lang) for client in clients for lang in ("en", "hu", "cs")}
    assert {name.split("_")[0] for name in CHOSEN if "_html_" in name} == clients


@pytest.mark.parametrize("name", CHOSEN)
def test_the_first_line_is_the_players_own(name):
    line = first_line(parse_message(fixture(name)))
    assert line.split()[0].rstrip(".") == "2", line


@pytest.mark.parametrize("name", UNCHOSEN)
def test_a_number_only_in_the_quoted_mail_is_not_the_players(name):
    line = first_line(parse_message(fixture(name)))
    assert not line[:1].isdigit(), line


@pytest.fixture
def prompted(django_capture_on_commit_callbacks):
    """A waiting seat with at least two choices, its player and the reply address."""
    for _ in range(5):
        game, users = start_game(django_capture_on_commit_callbacks)
        seat = waiting(game)[0]
        prompt = open_prompt(game, seat)
        if len(prompt.actions) >= 2:
            mail.outbox.clear()
            return game, users[seat], prompt, reply_address(prompt_id=prompt.pk, user_id=users[seat].pk)
    raise AssertionError("no prompt with two choices")


@pytest.mark.parametrize("name", CHOSEN)
def test_a_reply_from_each_client_plays_the_number_written(
    prompted, django_capture_on_commit_callbacks, name
):
    game, user, prompt, to = prompted
    outcome = deliver_raw(django_capture_on_commit_callbacks, fixture(name, to=to, sender=user.email))
    assert outcome.startswith("played"), outcome
    [action] = actions_of(game)
    assert action.payload == prompt.actions[1]
    [answer] = mails_to(user)
    assert answer.extra_headers["In-Reply-To"] == parse_message(fixture(name))["Message-ID"].strip()


@pytest.mark.parametrize("name", UNCHOSEN)
def test_a_reply_without_a_number_of_its_own_plays_nothing(
    prompted, django_capture_on_commit_callbacks, name
):
    game, user, _prompt, to = prompted
    outcome = deliver_raw(django_capture_on_commit_callbacks, fixture(name, to=to, sender=user.email))
    assert outcome.startswith("refused"), outcome
    assert actions_of(game) == []
