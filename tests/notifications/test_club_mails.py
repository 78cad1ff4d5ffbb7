"""The mails of a club's life besides turns (issue 30): invitations worded in the recipient's
language and naming who invites; a game abandoned; a seat offered to substitutes and handed on;
a club's join requests and their answers; a prompt's choices numbered 1..n."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.models import Block, Profile
from clubs import services as club_services
from clubs.models import Club
from games import services as game_services
from games.models import Game, Seat
from games.selectors import GameRead
from notifications.models import Kind, Notification, Prompt
from tests.clubs.helpers import make_club, start_table
from tests.factories import GameFactory, UserFactory

from .helpers import committed, mails_to, start_game

pytestmark = pytest.mark.django_db


def speaks(user, language: str, name: str | None = None) -> None:
    profile = Profile.objects.get(user=user)
    profile.language = language
    if name:
        profile.display_name = name
    profile.save()
    user.profile = profile


def test_a_rematch_invitation_is_worded_in_each_players_language_and_names_who_asked(
    django_capture_on_commit_callbacks,
):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    asker, magyar, cesky = users
    speaks(asker, "en", "Anna Árva")
    speaks(magyar, "hu")
    speaks(cesky, "cs")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    mail.outbox.clear()
    with committed(django_capture_on_commit_callbacks):
        rematch, _made = game_services.game_rematch(
            game_id=game.pk, user=asker, link_for=lambda g: f"https://club.example/games/{g.pk}/"
        )
    [hu] = mails_to(magyar)
    [cs] = mails_to(cesky)
    for message in (hu, cs):
        assert message.subject.startswith(f"[Lifeboat Club] Lifeboats #{rematch.pk}: ")
        assert "Anna Árva" in message.subject
        assert f"https://club.example/games/{rematch.pk}/" in message.body
        assert "Hello" not in message.body  # not English
    assert hu.body.startswith("Kedves ")  # the greeting, with the player's name
    assert cs.body.startswith("Ahoj ")


def test_a_club_invitation_names_the_inviter_in_the_inviters_language_to_an_unknown_address(
    django_capture_on_commit_callbacks,
):
    club, admin, _ = make_club(name="Kikötő Klub")
    speaks(admin, "hu", "Béla Kovács")
    with committed(django_capture_on_commit_callbacks):
        club_services.invite_email_send(
            club_id=club.pk, user=admin, email="new@example.com", link_for=lambda i: f"https://x/{i.token}"
        )
    [message] = mail.outbox
    assert message.to == ["new@example.com"]
    assert message.subject.startswith("[Lifeboat Club] ")
    assert "Béla Kovács" in message.subject
    assert "Kikötő Klub" in message.subject
    assert message.body.startswith("Üdvözlünk!")  # no account: no name; the inviter's language


def test_an_abandoned_game_tells_every_player_why(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    mail.outbox.clear()
    with committed(django_capture_on_commit_callbacks):
        game_services.game_vote(game_id=game.pk, user=users[0], kind="abandon")
        game_services.game_vote(game_id=game.pk, user=users[1], kind="abandon")
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    for user in users:
        [message] = [m for m in mails_to(user) if "abandon" in m.extra_headers["X-Lifeboat-Notification"]]
        assert "voted to abandon" in message.body
        assert "no rating changes" in message.body


def test_a_cancelled_game_says_so(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    mail.outbox.clear()
    with committed(django_capture_on_commit_callbacks):
        game_services.game_cancel(game_id=game.pk, user=game.created_by)
    assert {m.to[0] for m in mail.outbox} == {u.email for u in users}
    assert all("cancelled by its organiser" in m.body for m in mail.outbox)


def gone_seat_in_a_club_game(capture, *, members: int = 4):
    club, admin, people = make_club(members=members)
    players = [admin, *people[:2]]
    with committed(capture):
        game = start_table(players, club=club, visibility=Game.Visibility.CLUB)
    seat = Seat.objects.get(game=game, user=players[1])
    with committed(capture):
        game_services.game_resign(game_id=game.pk, user=players[1])
    return club, admin, people, game, seat


def test_a_seat_offered_reaches_the_clubs_members_who_might_take_it(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    club, admin, people, game, seat = gone_seat_in_a_club_game(capture, members=4)
    free, blocked = people[2], people[3]
    Block.objects.create(blocker=blocked, blocked=admin)  # kept apart from a seated player
    outsider = UserFactory()
    mail.outbox.clear()
    with committed(capture):
        game_services.seat_offer(game_id=game.pk, user=admin, seat_index=seat.index)
    offered = [m for m in mail.outbox if "seat_offered" in m.extra_headers["X-Lifeboat-Notification"]]
    assert [m.to for m in offered] == [[free.email]]  # not the seated, the blocked or outsiders
    assert outsider.email not in {m.to[0] for m in mail.outbox}
    assert f"/games/{game.pk}/seats/" in offered[0].body
    assert club.name in offered[0].body


def test_a_seat_handed_on_tells_its_former_player(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    _club, admin, people, game, seat = gone_seat_in_a_club_game(capture, members=3)
    former, substitute = people[0], people[2]
    speaks(substitute, "en", "Cyril Sub")
    with committed(capture):
        game_services.seat_offer(game_id=game.pk, user=admin, seat_index=seat.index)
    mail.outbox.clear()
    with committed(capture):
        game_services.seat_take(game_id=game.pk, user=substitute, seat_index=seat.index)
    [message] = [m for m in mails_to(former) if "seat_handed" in m.extra_headers["X-Lifeboat-Notification"]]
    assert "now played by Cyril Sub" in message.body


def test_a_seat_handed_to_a_bot_says_a_bot(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    _club, admin, people, game, seat = gone_seat_in_a_club_game(capture, members=2)
    mail.outbox.clear()
    with committed(capture):
        game_services.seat_to_bot(game_id=game.pk, user=admin, seat_index=seat.index)
    [message] = [
        m for m in mails_to(people[0]) if "seat_handed" in m.extra_headers["X-Lifeboat-Notification"]
    ]
    assert "now played by a bot" in message.body


def test_a_join_request_reaches_the_admins_and_the_answer_the_player(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    club, admin, people = make_club(members=1)
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.REQUEST)
    player = UserFactory()
    speaks(player, "cs", "Petr Novák")
    speaks(admin, "en")
    with committed(capture):
        request = club_services.join_request_create(club_id=club.pk, user=player, message="Hraju rád.")
    [asked] = mails_to(admin)
    assert "Petr Novák asks to join" in asked.subject
    assert "Hraju rád." in asked.body
    assert f"/clubs/{club.slug}/" in asked.body
    assert mails_to(people[0]) == []  # a plain member is not asked
    with committed(capture):
        club_services.join_request_decide(club_id=club.pk, user=admin, request_id=request.pk, accept=True)
    [answer] = mails_to(player)
    assert club.name in answer.subject
    assert answer.body.startswith("Ahoj Petr Novák,")


def test_a_refused_join_request_is_told_too(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    club, admin, _ = make_club()
    Club.objects.filter(pk=club.pk).update(join_policy=Club.JoinPolicy.REQUEST)
    player = UserFactory()
    with committed(capture):
        request = club_services.join_request_create(club_id=club.pk, user=player)
        club_services.join_request_decide(club_id=club.pk, user=admin, request_id=request.pk, accept=False)
    [answer] = mails_to(player)
    assert "was refused" in answer.body


def test_a_prompts_choices_are_numbered_one_to_n_when_two_read_the_same(django_capture_on_commit_callbacks):
    """Lifeboat's first decision is the draft of supplies: two equal cards are one choice, and the
    mail numbers what it shows, 1..n (it showed 1, 2, 4)."""
    capture = django_capture_on_commit_callbacks
    for seed in range(1, 60):
        users = [UserFactory() for _ in range(3)]
        game = GameFactory(slug="lifeboat", num_players=4, players=users, seed=seed)
        with committed(capture):
            game = game_services.game_start(game_id=game.pk, user=game.created_by)
        read = GameRead(game)
        found = None
        for prompt in Prompt.objects.filter(game=game):
            legal = read.legal(prompt.seat_index)
            labels = {labels["en"] for labels in read.labels_by_language(prompt.seat_index, legal)}
            if len(labels) < len(legal):
                found = prompt, labels
                break
        if found:
            break
    else:
        pytest.skip("no deal offered two equal cards")
    prompt, labels = found
    assert len(prompt.actions) == len(labels)  # each distinct choice once
    row = Notification.objects.get(prompt=prompt, kind=Kind.PROMPT)
    [message] = [m for m in mail.outbox if m.extra_headers["X-Lifeboat-Notification"] == f"prompt:{row.pk}"]
    numbered = [int(n) for n in re.findall(r"^  (\d+)\. ", message.body, flags=re.MULTILINE)]
    assert numbered == list(range(1, len(labels) + 1))
