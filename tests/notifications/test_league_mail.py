"""A league round's table gets one mail per player: the round's, as the game's start mail."""

import pytest
from django.core import mail

from leagues import services
from leagues.models import LeagueTable
from notifications.models import Kind, Notification, Status
from tests.clubs.helpers import make_club

pytestmark = pytest.mark.django_db


def test_a_seated_player_gets_one_mail_for_the_round_and_the_game(django_capture_on_commit_callbacks):
    club, admin, users = make_club(members=7)
    season = services.season_create(club_id=club.pk, user=admin, name="Spring", slug="lifeboats")
    for user in users:
        services.season_signup(season_id=season.pk, user=user)
    with django_capture_on_commit_callbacks(execute=True):  # the round, then its games' mails
        services.season_start(season_id=season.pk, user=admin)
    tables = list(LeagueTable.objects.select_related("game"))
    assert tables
    for table in tables:
        for seat in table.game.seats.select_related("user"):
            starts = Notification.objects.filter(game=table.game, user=seat.user, kind=Kind.GAME_START)
            [start] = starts
            assert start.status == Status.SENT
            assert "round 1" in start.subject  # the round's mail, with its table and opponents
            received = [m for m in mail.outbox if seat.user.email in m.to and "started" in m.subject]
            assert len(received) == 1
            assert f"/games/{table.game_id}/" in received[0].body
