"""Invitations by mail (to a game, to a club) go through the outbox, after the request, within a
daily limit per member."""

import pytest
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from accounts.models import Profile
from clubs.models import Invite
from games.models import Game
from notifications.models import INVITATION_KINDS, Kind, Notification, Status
from tests.clubs.helpers import make_club
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db
MAIL_SERVER_DOWN = {"default": {"BACKEND": "tests.notifications.broken_mail.EmailBackend"}}


def invite_to_game(client, game, email: str):
    return client.post(reverse("games:invite", args=[game.pk]), {"email": email})


def invite_to_club(client, club, email: str):
    return client.post(reverse("clubs:invite_email", args=[club.slug]), {"email": email})


def test_a_game_invitation_is_sent_by_the_outbox_after_the_request(
    client, django_capture_on_commit_callbacks
):
    game = GameFactory(visibility=Game.Visibility.PRIVATE)
    client.force_login(game.created_by)
    with django_capture_on_commit_callbacks(execute=True):
        response = invite_to_game(client, game, "friend@example.com")
    assert response.status_code == 302
    [row] = Notification.objects.filter(kind=Kind.GAME_INVITE)
    assert (row.status, row.sent_by, row.to_email) == (Status.SENT, game.created_by, "friend@example.com")
    [message] = mail.outbox
    assert message.to == ["friend@example.com"]
    assert f"?invite={game.invite_token}" in message.body


def test_a_club_invitation_is_sent_by_the_outbox(client, django_capture_on_commit_callbacks):
    club, admin, _ = make_club()
    client.force_login(admin)
    with django_capture_on_commit_callbacks(execute=True):
        assert invite_to_club(client, club, "friend@example.com").status_code == 302
    [invite] = Invite.objects.filter(email="friend@example.com")
    [message] = mail.outbox
    assert invite.token in message.body
    assert Notification.objects.get(kind=Kind.CLUB_INVITE).status == Status.SENT


@override_settings(MAILERS=MAIL_SERVER_DOWN)
def test_with_the_mail_server_down_inviting_still_works_and_the_mail_waits(
    client, django_capture_on_commit_callbacks
):
    game = GameFactory(visibility=Game.Visibility.PRIVATE)
    club, admin, _ = make_club()
    client.force_login(game.created_by)
    with django_capture_on_commit_callbacks(execute=True):
        assert invite_to_game(client, game, "friend@example.com").status_code == 302
    client.force_login(admin)
    with django_capture_on_commit_callbacks(execute=True):
        assert invite_to_club(client, club, "pal@example.com").status_code == 302
    rows = Notification.objects.filter(kind__in=INVITATION_KINDS)
    assert [r.status for r in rows] == [Status.PENDING, Status.PENDING]  # retried by the sweeper
    assert all("Connection refused" in r.last_error for r in rows)


def test_invitations_are_limited_per_member_and_day_across_games_and_clubs(
    client, settings, django_capture_on_commit_callbacks
):
    settings.NOTIFICATIONS_INVITATIONS_PER_DAY = 3
    club, admin, _ = make_club()
    game = GameFactory(created_by=admin, visibility=Game.Visibility.PRIVATE)
    client.force_login(admin)
    with django_capture_on_commit_callbacks(execute=True):
        assert invite_to_game(client, game, "a@example.com").status_code == 302
        assert invite_to_club(client, club, "b@example.com").status_code == 302
        assert invite_to_game(client, game, "c@example.com").status_code == 302
        refused_game = invite_to_game(client, game, "d@example.com")
        refused_club = invite_to_club(client, club, "e@example.com")
    for refused in (refused_game, refused_club):
        assert refused.status_code == 429
        assert "You have sent 3 invitations today" in refused.content.decode()
    assert Notification.objects.filter(kind__in=INVITATION_KINDS).count() == 3
    assert not Invite.objects.filter(email="e@example.com").exists()  # nothing made
    assert len(mail.outbox) == 3


def test_the_limit_is_told_in_the_members_language(client, settings):
    settings.NOTIFICATIONS_INVITATIONS_PER_DAY = 0
    game = GameFactory(visibility=Game.Visibility.PRIVATE)
    Profile.objects.filter(user=game.created_by).update(language="hu")
    client.force_login(game.created_by)
    response = invite_to_game(client, game, "friend@example.com")
    assert response.status_code == 429
    assert "meghívót" in response.content.decode()
