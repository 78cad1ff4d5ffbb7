"""Every page a member reads, in full and as its htmx fragment, reads only variables and fields
that are there (`strict_templates`): Django renders a missing one as nothing, which is how a
picture or a heading goes blank unnoticed. The table pages and the mails of whole games are
checked the same way by the leak tests (`tests/games/test_leaks.py`,
`tests/notifications/test_mail_leaks.py`)."""

import pytest
from django.test import Client
from django.urls import reverse

from games import services as game_services
from games.models import Game
from leagues import services as leagues
from tests.clubs.helpers import make_club
from tests.leagues.test_seasons import finish_round
from tests.strict_templates import assert_nothing_missing

pytestmark = pytest.mark.django_db


def test_the_pages_of_a_club_with_a_season_played_read_only_what_is_there(strict_templates):
    club, admin, users = make_club(members=4)
    season = leagues.season_create(club_id=club.pk, user=admin, name="Spring", slug="lifeboats", rounds=2)
    for user in users:
        leagues.season_signup(season_id=season.pk, user=user)
    leagues.season_start(season_id=season.pk, user=admin)
    finish_round(season, 1)
    upcoming = leagues.season_create(club_id=club.pk, user=admin, name="Summer", slug="lifeboat")
    finished = Game.objects.filter(status=Game.Status.FINISHED).first()
    waiting = game_services.game_create(user=users[0], slug="lifeboat", num_players=4)
    pages = [
        "/",
        reverse("games:lobby"),
        reverse("games:create"),
        reverse("games:history"),
        reverse("games:watch"),
        *(reverse("games:rules", args=[slug]) for slug in ("lifeboat", "lifeboats")),
        *(reverse("replays:learn", args=[slug]) for slug in ("lifeboat", "lifeboats")),
        *(reverse("ratings:leaderboard", args=[slug]) for slug in ("lifeboat", "lifeboats")),
        reverse("games:table", args=[finished.pk]),
        reverse("games:seats", args=[finished.pk]),
        reverse("replays:replay", args=[finished.pk]),
        reverse("games:table", args=[waiting.pk]),
        reverse("accounts:profile"),
        reverse("ratings:player", args=[users[0].pk]),
        reverse("notifications:settings"),
        reverse("notifications:address"),
        reverse("clubs:list"),
        reverse("clubs:detail", args=[club.slug]),
        reverse("leagues:archive", args=[club.slug]),
        reverse("leagues:detail", args=[club.slug, season.pk]),
        reverse("leagues:detail", args=[club.slug, upcoming.pk]),
    ]
    read = 0
    for reader in (admin, users[0]):
        client = Client()
        client.force_login(reader)
        for url in pages:
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                response = client.get(url, **headers)
                if response.status_code == 200:
                    assert_nothing_missing(response.content.decode(), f"{url} {headers or ''}")
                    read += 1
    assert read >= 2 * len(pages)  # (a few are the admin's or a member's only)
