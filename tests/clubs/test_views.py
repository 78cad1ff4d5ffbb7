import pytest
from django.test import Client
from django.urls import reverse

from clubs import services as club_services
from clubs.models import Club, JoinRequest, Membership
from games.models import Game
from leagues import services as league_services
from leagues.models import Season
from tests.clubs.helpers import finish, make_club, start_table
from tests.factories import UserFactory
from tests.leagues.test_seasons import finish_round, open_season

pytestmark = pytest.mark.django_db


def signed_in(user, **kwargs):
    client = Client(**kwargs)
    client.force_login(user)
    return client


def test_club_list_and_create(client):
    user = UserFactory()
    client.force_login(user)
    assert client.get(reverse("clubs:list")).status_code == 200
    response = client.post(reverse("clubs:list"), {"name": "Dock Side", "join_policy": "request"})
    assert response.status_code == 302
    club = Club.objects.get()
    assert Membership.objects.get(club=club).role == "admin"
    bad = client.post(reverse("clubs:list"), {"name": "", "join_policy": "nonsense"})
    assert bad.status_code == 400


def test_club_page_for_members_and_strangers():
    club, admin, members = make_club(members=3)
    game = start_table([admin, *members], visibility=Game.Visibility.CLUB, club=club)
    finished = finish(start_table([admin, *members[:2]], visibility="club", club=club), [1, 2, 3])
    member_page = signed_in(members[0]).get(reverse("clubs:detail", args=[club.slug]))
    assert member_page.status_code == 200
    body = member_page.content.decode()
    assert f"/games/{game.pk}/" in body
    assert f"/games/{finished.pk}/replay/" in body
    stranger_page = signed_in(UserFactory()).get(reverse("clubs:detail", args=[club.slug]))
    assert stranger_page.status_code == 200
    assert f"/games/{game.pk}/" not in stranger_page.content.decode()
    assert "Ask to join" in stranger_page.content.decode()


def test_club_game_table_is_404_for_non_members():
    club, admin, members = make_club(members=2)
    game = start_table([admin, *members], visibility=Game.Visibility.CLUB, club=club)
    assert signed_in(UserFactory()).get(reverse("games:table", args=[game.pk])).status_code == 404
    assert signed_in(members[0]).get(reverse("games:table", args=[game.pk])).status_code == 200


@pytest.mark.parametrize(
    ("name", "args", "data"),
    [
        ("clubs:invite_link", [], {}),
        ("clubs:invite_email", [], {"email": "a@example.com"}),
        ("clubs:settings", [], {"description": "x", "join_policy": "invite"}),
        ("clubs:member_role", ["other"], {"role": "admin"}),
        ("clubs:member_remove", ["other"], {}),
        (
            "leagues:new",
            [],
            {
                "name": "S",
                "slug": "lifeboats",
                "pace": "24h",
                "rounds": 3,
                "division_size": 12,
                "promote": 2,
                "relegate": 2,
                "options": "{}",
            },
        ),
    ],
)
def test_admin_only_pages_are_403_for_members(name, args, data):
    club, _admin, (member, other) = make_club(members=2)
    url_args = [club.slug, *[other.pk for _ in args]]
    response = signed_in(member).post(reverse(name, args=url_args), data)
    assert response.status_code == 403
    assert Membership.objects.get(club=club, user=other).role == "member"
    assert not Season.objects.exists()


def test_join_request_and_admin_decision_pages():
    club, admin, _ = make_club()
    user = UserFactory()
    assert signed_in(user).post(reverse("clubs:join", args=[club.slug]), {"message": "hi"}).status_code == 302
    request = JoinRequest.objects.get()
    response = signed_in(admin).post(reverse("clubs:decide", args=[club.slug, request.pk]), {"accept": "1"})
    assert response.status_code == 302
    assert Membership.objects.filter(club=club, user=user).exists()
    again = signed_in(admin).post(reverse("clubs:decide", args=[club.slug, request.pk]), {"accept": "1"})
    assert again.status_code == 404


def test_invite_link_page_and_accept():
    club, admin, _ = make_club()
    club.invites.all().delete()
    signed_in(admin).post(reverse("clubs:invite_link", args=[club.slug]))
    token = club.invites.get().token
    user = UserFactory()
    client = signed_in(user)
    assert client.get(reverse("clubs:invite", args=[token])).status_code == 200
    assert client.post(reverse("clubs:invite", args=[token])).status_code == 302
    assert Membership.objects.filter(club=club, user=user).exists()
    assert client.get(reverse("clubs:invite", args=["bogus"])).status_code == 404


def test_forms_need_csrf():
    club, admin, _ = make_club()
    before = club.invites.count()
    client = signed_in(admin, enforce_csrf_checks=True)
    assert client.post(reverse("clubs:invite_link", args=[club.slug])).status_code == 403
    assert club.invites.count() == before


def test_season_pages_flow():
    club, admin, members = make_club(members=4)
    client = signed_in(admin)
    data = {
        "name": "Winter",
        "slug": "lifeboats",
        "pace": "24h",
        "rounds": 2,
        "division_size": 12,
        "promote": 2,
        "relegate": 2,
        "rated": "on",
    }
    response = client.post(reverse("leagues:new", args=[club.slug]), data)
    season = Season.objects.get()
    assert response.status_code == 302
    for user in members:
        assert signed_in(user).post(reverse("leagues:signup", args=[club.slug, season.pk])).status_code == 302
    assert client.post(reverse("leagues:start", args=[club.slug, season.pk])).status_code == 302
    page = signed_in(members[0]).get(reverse("leagues:detail", args=[club.slug, season.pk]))
    assert page.status_code == 200
    assert "Division 1" in page.content.decode()
    # Refusals are 4xx: next round while games run, members pressing admin buttons, strangers.
    assert client.post(reverse("leagues:next_round", args=[club.slug, season.pk])).status_code == 409
    assert (
        signed_in(members[0]).post(reverse("leagues:finish", args=[club.slug, season.pk])).status_code == 403
    )
    stranger = signed_in(UserFactory())
    assert stranger.get(reverse("leagues:detail", args=[club.slug, season.pk])).status_code == 403
    assert client.get(reverse("leagues:archive", args=[club.slug])).status_code == 200
    assert client.get(reverse("leagues:detail", args=[club.slug, 99999])).status_code == 404


def test_bad_season_form_is_400():
    club, admin, _ = make_club()
    data = {
        "name": "W",
        "slug": "lifeboats",
        "pace": "24h",
        "rounds": 2,
        "division_size": 12,
        "promote": 2,
        "relegate": 2,
        "lifeboats__four_sailors_from": "not a number",
    }
    assert signed_in(admin).post(reverse("leagues:new", args=[club.slug]), data).status_code == 400
    data["lifeboats__four_sailors_from"] = "99"  # not one of the choices
    assert signed_in(admin).post(reverse("leagues:new", args=[club.slug]), data).status_code == 400


def test_player_page_and_leaderboard(client):
    users = [UserFactory() for _ in range(3)]
    finish(start_table(users), [1, 2, 3])
    page = client.get(reverse("ratings:player", args=[users[0].pk]))
    assert page.status_code == 200
    assert "<svg" in page.content.decode()
    assert client.get(reverse("ratings:player", args=[99999])).status_code == 404
    board = client.get(reverse("ratings:leaderboard", args=["lifeboats"]))
    assert board.status_code == 200
    assert f"/players/{users[0].pk}/" in board.content.decode()
    assert client.get(reverse("ratings:leaderboard", args=["chess"])).status_code == 404


def test_members_open_club_games_from_the_club_page():
    club, _admin, (member, other) = make_club(members=2)
    data = {"slug": "lifeboats", "num_players": 3, "pace": "24h", "rated": "on"}
    response = signed_in(member).post(reverse("clubs:game_new", args=[club.slug]), data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert (game.visibility, game.club_id) == (Game.Visibility.CLUB, club.pk)
    assert (
        f"/games/{game.pk}/"
        in signed_in(other).get(reverse("clubs:detail", args=[club.slug])).content.decode()
    )
    assert signed_in(UserFactory()).post(reverse("clubs:game_new", args=[club.slug]), data).status_code == 403
    bad = signed_in(member).post(reverse("clubs:game_new", args=[club.slug]), {**data, "num_players": 9})
    assert bad.status_code == 400
    assert Game.objects.count() == 1


def test_admin_club_page_lists_requests_and_invites():
    club, admin, _ = make_club()

    asker = UserFactory()
    club_services.join_request_create(club_id=club.pk, user=asker, message="Let me row")
    body = signed_in(admin).get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert "Let me row" in body
    assert "/clubs/invite/" in body  # the link made by make_club


def test_finished_season_page_marks_promotion_and_relegation():

    season, admin, _users = open_season(members=8, rounds=1, division_size=4, promote=1, relegate=1)
    league_services.season_start(season_id=season.pk, user=admin)
    finish_round(season, 1)
    league_services.season_finish(season_id=season.pk, user=admin)
    page = signed_in(admin).get(reverse("leagues:detail", args=[season.club.slug, season.pk]))
    body = page.content.decode()
    assert page.status_code == 200
    assert "promoted" in body
    assert "relegated" in body
    assert "Division 2" in body


def club_page_queries(members, games):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club, admin, users = make_club(members=members, name=f"Club {members}")
    everyone = [admin, *users]
    for g in range(games):
        table = everyone[g % len(everyone) :][:3]
        if len(table) < 3:
            table = everyone[:3]
        game = start_table(table, visibility=Game.Visibility.CLUB, club=club)
        if g % 2:
            finish(game, [1, 2, 3])
    client = signed_in(admin)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("clubs:detail", args=[club.slug])).status_code == 200
    return len(queries)


def test_club_page_queries_do_not_grow_with_members_or_games():
    assert club_page_queries(members=3, games=2) == club_page_queries(members=12, games=8)


def test_clubs_and_leagues_offer_the_lobbys_paces_with_the_time_bank():
    from clubs.forms import ClubGameForm
    from games.forms import GameCreateForm
    from leagues.forms import SeasonForm

    lobby = [str(label) for _value, label in GameCreateForm().fields["pace"].choices]
    assert "Time bank: 3 days, +12 hours per decision, up to 7 days" in lobby
    for form in (ClubGameForm(), SeasonForm()):
        assert [str(label) for _value, label in form.fields["pace"].choices] == lobby
    club, admin, (member, _other) = make_club(members=2)
    data = {"slug": "lifeboats", "num_players": 3, "pace": "bank", "rated": "on"}
    assert signed_in(member).post(reverse("clubs:game_new", args=[club.slug]), data).status_code == 302
    assert Game.objects.get().pace == Game.Pace.BANK
    season = {
        "name": "Winter",
        "slug": "lifeboats",
        "pace": "bank",
        "rounds": 2,
        "division_size": 12,
        "promote": 2,
        "relegate": 2,
    }
    assert signed_in(admin).post(reverse("leagues:new", args=[club.slug]), season).status_code == 302
    assert Season.objects.get().pace == "bank"
