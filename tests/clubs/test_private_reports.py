"""A report of private table talk never shows it to a player of that running game.

A private message goes to one seat. Reported to the game's club, it reached every admin and
moderator of the club, some of whom may sit at that very table (the message's addressee
included): they read a private message of their own running game. Until the game ends, such a
report goes to the club's moderators and admins who do not play at that table, and to the site's
staff (those at the table left out there too); the report form and its confirmation say so. After
the game, the club's moderators all see it. And the reason of a report is chosen, never taken
from a list that starts on one.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chat import services as chat_services
from clubs import selectors, services
from clubs.models import Report
from games.models import Game, Seat
from refusals.errors import NotFound
from tests.clubs.helpers import finish, make_club, start_table
from tests.factories import staff_with_totp
from tests.games.helpers import assert_refused

pytestmark = pytest.mark.django_db

SECRET = "meet me behind the mast, sink the captain"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def private_talk():
    """A club game at which the club's admin sits (its moderator does not play), and a private
    message of the troll to the victim."""
    club, admin, members = make_club(members=4)
    troll, victim, moderator = members[0], members[1], members[3]
    services.member_set_role(club_id=club.pk, user=admin, member_id=moderator.pk, role="moderator")
    game = start_table([troll, victim, admin], visibility=Game.Visibility.CLUB, club=club)
    seat_of = {s.user_id: s.index for s in Seat.objects.filter(game=game)}
    message = chat_services.message_post(game_id=game.pk, user=troll, text=SECRET, to_seat=seat_of[victim.pk])
    return club, admin, moderator, troll, victim, game, message


def seen_by(club, user) -> list[int]:
    return [r.id for r in selectors.club_reports(club=club, user=user)]


def test_a_seated_admin_does_not_see_a_report_of_private_talk_at_their_running_table(private_talk):
    club, admin, moderator, _troll, victim, game, message = private_talk
    report = services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    assert report.club == club
    # the moderator who does not play reads and handles it; the admin at the table never sees it
    assert seen_by(club, moderator) == [report.pk]
    assert seen_by(club, admin) == []
    assert selectors.club_page(slug=club.slug, user=admin).open_reports == 0
    page = signed_in(admin).get(reverse("clubs:reports", args=[club.slug])).content.decode()
    assert SECRET not in page
    with pytest.raises(NotFound):
        services.report_handle(report_id=report.pk, user=admin, outcome="dismissed")
    assert_refused(
        signed_in(admin).post(
            reverse("clubs:report_handle", args=[club.slug, report.pk]), {"outcome": "dismissed"}
        ),
        404,
    )
    # once the game is over, the talk is no secret of a running table: every moderator sees it
    finish(game, [1, 2, 3])
    assert seen_by(club, admin) == [report.pk]
    services.report_handle(report_id=report.pk, user=admin, outcome="dismissed")


def test_staff_at_the_table_do_not_see_it_in_the_admin_queue_either(private_talk):
    club, _admin, _moderator, troll, victim, _game, _message = private_talk
    staff = staff_with_totp()
    game = start_table([troll, victim, staff], visibility=Game.Visibility.CLUB, club=club)
    seat_of = {s.user_id: s.index for s in Seat.objects.filter(game=game)}
    whisper = chat_services.message_post(game_id=game.pk, user=troll, text="psst", to_seat=seat_of[victim.pk])
    report = services.report_create(reporter=victim, message_id=whisper.pk, reason="spam")
    change = reverse("admin:clubs_report_change", args=[report.pk])
    client = signed_in(staff)
    assert change not in client.get(reverse("admin:clubs_report_changelist")).content.decode()
    assert client.get(change).status_code == 302
    other_staff = signed_in(staff_with_totp())
    assert change in other_staff.get(reverse("admin:clubs_report_changelist")).content.decode()


def test_the_report_form_and_its_confirmation_say_who_reads_it(private_talk):
    club, _admin, _moderator, _troll, victim, _game, message = private_talk
    client = signed_in(victim)
    url = reverse("clubs:report_message", args=[message.pk])
    form = client.get(url).content.decode()
    assert "who do not play at this table" in form
    assert club.name in form
    response = client.post(url, {"reason": "abuse"}, follow=True)
    assert "who do not play at this table" in response.content.decode()


def test_when_every_moderator_plays_at_the_table_only_the_staff_read_it():
    club, admin, members = make_club(members=2)
    troll, victim = members
    game = start_table([troll, victim, admin], visibility=Game.Visibility.CLUB, club=club)
    seat_of = {s.user_id: s.index for s in Seat.objects.filter(game=game)}
    message = chat_services.message_post(game_id=game.pk, user=troll, text=SECRET, to_seat=seat_of[victim.pk])
    form = signed_in(victim).get(reverse("clubs:report_message", args=[message.pk])).content.decode()
    assert "only the site's staff" in form
    services.report_create(reporter=victim, message_id=message.pk, reason="abuse")
    assert seen_by(club, admin) == []


def test_table_talk_to_everyone_still_goes_to_every_moderator(private_talk):
    club, admin, _moderator, troll, victim, game, _message = private_talk
    public = chat_services.message_post(game_id=game.pk, user=troll, text="you all row badly")
    report = services.report_create(reporter=victim, message_id=public.pk, reason="abuse")
    assert seen_by(club, admin) == [report.pk]


def test_the_reason_starts_blank_and_must_be_chosen(private_talk):
    _club, _admin, _moderator, troll, victim, _game, message = private_talk
    client = signed_in(victim)
    for url in (
        reverse("clubs:report_message", args=[message.pk]),
        reverse("clubs:report_player", args=[troll.pk]),
    ):
        form = client.get(url).content.decode()
        select = form[
            form.index('<select name="reason"') : form.index("</select>", form.index('name="reason"'))
        ]
        assert "required" in select.split(">")[0]
        first = select[select.index("<option") : select.index("</option>")]
        assert 'value=""' in first
        assert "selected" in first
        assert_refused(client.post(url, {"reason": "", "details": "no reason chosen"}), 400)
    assert not Report.objects.exists()
