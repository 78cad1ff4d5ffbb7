"""Clubs' moderators and reports (issue 18): a moderator role between admin and member that hides
chat messages, handles reports and manages seats; reports of players and messages go to the
club's moderators and admins and to the site's staff, and never reach the reported player."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chat import selectors as chat_selectors
from chat import services as chat_services
from clubs import selectors, services
from clubs.models import Membership, Report
from games.models import Game
from refusals.errors import Conflict, Forbidden, Invalid, NotFound
from tests.clubs.helpers import make_club, start_table
from tests.factories import UserFactory, staff_with_totp
from tests.games.helpers import assert_refused

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def club_table():
    """A club with an admin, a moderator and four members, three of them at a club game with
    the moderator; a table message by the troll (members[0])."""
    club, admin, members = make_club(members=4)
    moderator = members[3]
    services.member_set_role(club_id=club.pk, user=admin, member_id=moderator.pk, role="moderator")
    troll, victim, other = members[:3]
    game = start_table([troll, victim, other], visibility=Game.Visibility.CLUB, club=club)
    message = chat_services.message_post(game_id=game.pk, user=troll, text="you all row like landlubbers")
    return club, admin, moderator, troll, victim, other, game, message


# -- the role ---------------------------------------------------------------------------------
def test_an_admin_makes_a_member_moderator_and_back_but_a_moderator_cannot():
    club, admin, members = make_club(members=2)
    services.member_set_role(club_id=club.pk, user=admin, member_id=members[0].pk, role="moderator")
    assert Membership.objects.get(club=club, user=members[0]).role == "moderator"
    with pytest.raises(Forbidden):
        services.member_set_role(club_id=club.pk, user=members[0], member_id=members[1].pk, role="moderator")
    services.member_set_role(club_id=club.pk, user=admin, member_id=members[0].pk, role="member")
    assert Membership.objects.get(club=club, user=members[0]).role == "member"


def test_the_last_admin_cannot_become_a_moderator():
    club, admin, _members = make_club(members=1)
    with pytest.raises(Conflict):
        services.member_set_role(club_id=club.pk, user=admin, member_id=admin.pk, role="moderator")


def test_admins_and_moderators_manage_seats_of_the_clubs_games_and_members_do_not(club_table):
    club, admin, moderator, troll, *_rest = club_table
    assert selectors.can_manage_seats(club_id=club.pk, user=admin)
    assert selectors.can_manage_seats(club_id=club.pk, user=moderator)
    assert not selectors.can_manage_seats(club_id=club.pk, user=troll)
    assert not selectors.can_manage_seats(club_id=club.pk, user=UserFactory())
    assert not selectors.can_manage_seats(club_id=None, user=admin)


def test_the_member_list_orders_admins_moderators_members():
    club, admin, members = make_club(members=2)
    services.member_set_role(club_id=club.pk, user=admin, member_id=members[1].pk, role="moderator")
    assert [m.role_value for m in selectors.members(club=club)] == ["admin", "moderator", "member"]


# -- reports ----------------------------------------------------------------------------------
def test_a_reported_message_goes_to_its_games_club_with_the_text_as_it_was(club_table):
    club, _admin, _moderator, troll, victim, _other, _game, message = club_table
    report = services.report_create(reporter=victim, message_id=message.pk, reason="abuse", details="rude")
    assert (report.club, report.reported, report.message_text) == (club, troll, message.text)
    with pytest.raises(Conflict):  # the same open report twice
        services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    assert Report.objects.count() == 1


def test_only_a_message_the_reporter_may_read_can_be_reported(club_table):
    _club, _admin, moderator, troll, victim, other, game, _message = club_table
    private = chat_services.message_post(game_id=game.pk, user=troll, text="psst", to_seat=1)
    reader = next(u for u in (victim, other) if chat_selectors.seat_index(game_id=game.pk, user=u) != 1)
    for stranger in (reader, moderator, UserFactory()):  # not its addressee, not at the table
        with pytest.raises(NotFound):
            services.report_create(reporter=stranger, message_id=private.pk, reason="abuse")
    with pytest.raises(NotFound):
        services.report_create(reporter=victim, message_id=10**6, reason="abuse")
    assert not Report.objects.exists()


def test_a_player_report_goes_to_a_shared_club_or_to_the_staff_alone(club_table):
    club, _admin, _moderator, troll, victim, *_rest = club_table
    outsider = UserFactory()
    with pytest.raises(Invalid):  # a club the reporter does not share with the reported player
        services.report_create(reporter=outsider, reported_id=troll.pk, reason="cheating", club_id=club.pk)
    staff_only = services.report_create(reporter=outsider, reported_id=troll.pk, reason="cheating")
    assert staff_only.club is None
    to_club = services.report_create(
        reporter=victim, reported_id=troll.pk, reason="cheating", club_id=club.pk
    )
    assert to_club.club == club
    with pytest.raises(Invalid):
        services.report_create(reporter=victim, reported_id=victim.pk, reason="spam")
    with pytest.raises(Invalid):
        services.report_create(reporter=victim, reported_id=troll.pk, reason="nonsense")


def test_a_moderator_hides_a_reported_message_and_others_see_it_hidden(club_table):
    _club, _admin, moderator, _troll, victim, other, game, message = club_table
    report = services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    services.report_handle(report_id=report.pk, user=moderator, outcome="resolved", hide_message=True)
    report.refresh_from_db()
    assert (report.status, report.handled_by) == ("resolved", moderator)
    page = signed_in(other).get(reverse("chat:chat", args=[game.pk])).content.decode()
    assert "message hidden by a moderator" in page
    assert message.text not in page


def test_members_and_outsiders_cannot_handle_reports_nor_see_the_page(club_table):
    club, _admin, _moderator, _troll, victim, other, _game, message = club_table
    report = services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    for user in (other, UserFactory()):
        with pytest.raises(Forbidden):
            services.report_handle(report_id=report.pk, user=user, outcome="dismissed")
        assert_refused(signed_in(user).get(reverse("clubs:reports", args=[club.slug])), 403)
        response = signed_in(user).post(
            reverse("clubs:report_handle", args=[club.slug, report.pk]), {"outcome": "dismissed"}
        )
        assert_refused(response, 403)
    report.refresh_from_db()
    assert report.status == "open"


def test_a_handled_report_cannot_be_handled_again_and_bad_outcomes_are_refused(club_table):
    club, admin, moderator, _troll, victim, *_rest, message = club_table
    report = services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    with pytest.raises(Invalid):
        services.report_handle(report_id=report.pk, user=moderator, outcome="open")
    services.report_handle(report_id=report.pk, user=admin, outcome="dismissed", note="banter")
    with pytest.raises(Conflict):
        services.report_handle(report_id=report.pk, user=moderator, outcome="resolved")
    bad = signed_in(moderator).post(
        reverse("clubs:report_handle", args=[club.slug, "9" * 6]), {"outcome": "x"}
    )
    assert bad.status_code == 400


def test_a_report_handled_from_another_clubs_page_is_not_found(club_table):
    _club, _admin, moderator, _troll, victim, *_rest, message = club_table
    other_club = services.club_create(user=moderator, name="Other Harbour")
    report = services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    response = signed_in(moderator).post(
        reverse("clubs:report_handle", args=[other_club.slug, report.pk]), {"outcome": "dismissed"}
    )
    assert_refused(response, 404)
    report.refresh_from_db()
    assert report.status == "open"


def test_a_moderator_reads_and_closes_a_report_on_the_clubs_page(club_table):
    club, _admin, moderator, _troll, victim, *_rest, message = club_table
    services.report_create(reporter=victim, message_id=message.pk, reason="abuse", details="every day")
    client = signed_in(moderator)
    detail = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert "1 open report" in detail
    page = client.get(reverse("clubs:reports", args=[club.slug])).content.decode()
    assert message.text in page
    assert "every day" in page
    report = Report.objects.get()
    response = client.post(
        reverse("clubs:report_handle", args=[club.slug, report.pk]),
        {"outcome": "resolved", "hide_message": "on", "note": "hidden"},
    )
    assert response.status_code == 302
    message.refresh_from_db()
    assert message.hidden


# -- never to the reported player ---------------------------------------------------------------
def test_a_reported_moderator_never_sees_the_report_about_them(club_table):
    club, admin, moderator, _troll, victim, *_rest = club_table
    report = services.report_create(
        reporter=victim,
        reported_id=moderator.pk,
        reason="abuse",
        details="the moderator bullies",
        club_id=club.pk,
    )
    assert selectors.club_reports(club=club, user=moderator) == []
    client = signed_in(moderator)
    for status in ("open", "resolved", "dismissed"):
        page = client.get(reverse("clubs:reports", args=[club.slug]) + f"?status={status}").content.decode()
        assert "the moderator bullies" not in page
    assert selectors.club_page(slug=club.slug, user=moderator).open_reports == 0
    with pytest.raises(NotFound):
        services.report_handle(report_id=report.pk, user=moderator, outcome="dismissed")
    assert [r.id for r in selectors.club_reports(club=club, user=admin)] == [report.pk]


def test_the_reported_player_sees_nothing_of_the_report_anywhere(club_table):
    club, _admin, _moderator, troll, victim, _other, game, message = club_table
    services.report_create(reporter=victim, message_id=message.pk, reason="abuse", details="secret words")
    client = signed_in(troll)
    pages = [
        reverse("clubs:detail", args=[club.slug]),
        reverse("chat:chat", args=[game.pk]),
        reverse("games:table", args=[game.pk]),
        reverse("ratings:player", args=[troll.pk]),
        reverse("accounts:profile"),
    ]
    for url in pages:
        body = client.get(url).content.decode()
        assert "secret words" not in body, url
        assert "Abusive or hateful words" not in body, url
        assert reverse("clubs:reports", args=[club.slug]) not in body, url
    assert_refused(client.get(reverse("clubs:reports", args=[club.slug])), 403)


def test_staff_never_see_reports_about_themselves_in_the_admin_queue(client, club_table):
    _club, _admin, _moderator, troll, victim, *_rest = club_table
    staff = staff_with_totp()
    about_troll = services.report_create(reporter=victim, reported_id=troll.pk, reason="spam", details="ads")
    about_staff = services.report_create(
        reporter=victim, reported_id=staff.pk, reason="abuse", details="rude staff"
    )
    client.force_login(staff)
    queue = client.get(reverse("admin:clubs_report_changelist")).content.decode()
    assert reverse("admin:clubs_report_change", args=[about_troll.pk]) in queue
    assert reverse("admin:clubs_report_change", args=[about_staff.pk]) not in queue
    assert client.get(reverse("admin:clubs_report_change", args=[about_staff.pk])).status_code == 302
    assert client.get(reverse("admin:clubs_report_change", args=[about_troll.pk])).status_code == 200


def test_staff_close_reports_and_hide_messages_from_the_admin(client, club_table):
    *_rest, victim, _other, _game, message = club_table
    report = services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    client.force_login(staff_with_totp())
    response = client.post(
        reverse("admin:clubs_report_changelist"),
        {"action": "resolve_and_hide", "_selected_action": [report.pk]},
    )
    assert response.status_code == 302
    report.refresh_from_db()
    message.refresh_from_db()
    assert report.status == "resolved"
    assert message.hidden


# -- the report pages ---------------------------------------------------------------------------
def test_reporting_a_message_from_the_chat(club_table):
    _club, _admin, _moderator, troll, victim, _other, game, message = club_table
    client = signed_in(victim)
    chat = client.get(reverse("chat:chat", args=[game.pk])).content.decode()
    url = reverse("clubs:report_message", args=[message.pk])
    assert url in chat
    assert message.text in client.get(url).content.decode()
    response = client.post(url, {"reason": "abuse", "details": "again"})
    assert response.status_code == 302
    assert Report.objects.get().reported == troll
    assert_refused(client.post(url, {"reason": "bogus"}), 400)
    # the author cannot report their own message; a stranger cannot see it
    assert_refused(signed_in(troll).get(url), 404)
    assert_refused(signed_in(UserFactory()).get(url), 404)


def test_reporting_a_player_from_their_page(club_table):
    club, _admin, _moderator, troll, victim, *_rest = club_table
    client = signed_in(victim)
    page = client.get(reverse("ratings:player", args=[troll.pk])).content.decode()
    url = reverse("clubs:report_player", args=[troll.pk])
    assert url in page
    form = client.get(url).content.decode()
    assert club.name in form
    response = client.post(url, {"reason": "cheating", "club": club.pk, "next": "https://evil.example/"})
    assert response.status_code == 302
    assert response["Location"] == reverse("ratings:player", args=[troll.pk])
    assert Report.objects.get().club == club
    assert_refused(client.get(reverse("clubs:report_player", args=[victim.pk])), 404)
    assert_refused(client.get(reverse("clubs:report_player", args=[10**6])), 404)
    assert_refused(client.post(url, {"reason": "cheating", "club": "x"}), 400)
