import pytest

from accounts.selectors import display_name
from clubs import selectors, services
from clubs.models import Club, Invite, JoinRequest, Membership
from games import selectors as game_selectors
from games import services as game_services
from games.errors import GameNotFound, InvalidRequest, NotAllowed
from games.models import Game
from notifications.models import Notification
from notifications.rendering import build_message
from refusals.errors import Conflict, Forbidden, NotFound
from tests.clubs.helpers import make_club, start_table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def role(club, user):
    return Membership.objects.get(club=club, user=user).role


def test_creator_is_the_first_admin():
    user = UserFactory()
    club = services.club_create(user=user, name="  The   Harbour ")
    assert club.name == "The Harbour"
    assert club.slug == "the-harbour"
    assert role(club, user) == Membership.Role.ADMIN


def test_club_names_are_unique():
    services.club_create(user=UserFactory(), name="Harbour")
    with pytest.raises(Conflict):
        services.club_create(user=UserFactory(), name="harbour")
    assert Club.objects.count() == 1


def test_invite_link_admits_anyone_until_revoked():
    club, admin, _ = make_club()
    invite = services.invite_link_create(club_id=club.pk, user=admin)
    first, second = UserFactory(), UserFactory()
    services.invite_accept(token=invite.token, user=first)
    services.invite_accept(token=invite.token, user=second)
    assert selectors.is_member(club_id=club.pk, user=second)
    services.invite_revoke(club_id=club.pk, user=admin, invite_id=invite.pk)
    with pytest.raises(Conflict):
        services.invite_accept(token=invite.token, user=UserFactory())


def test_email_invite_is_queued_in_the_outbox_and_works_once():
    club, admin, _ = make_club()
    invite = services.invite_email_send(
        club_id=club.pk, user=admin, email="friend@example.com", link_for=lambda i: f"https://x/{i.token}"
    )
    [queued] = Notification.objects.filter(to_email="friend@example.com")  # sent by the outbox
    message = build_message(queued)  # worded when sent
    assert invite.token in message.body
    assert club.name in message.subject
    assert display_name(admin) in message.body  # who invites
    services.invite_accept(token=invite.token, user=UserFactory())
    with pytest.raises(Conflict):
        services.invite_accept(token=invite.token, user=UserFactory())


def test_unknown_invite_is_not_found():
    with pytest.raises(NotFound):
        services.invite_accept(token="nope", user=UserFactory())


def test_join_request_accepted_by_an_admin():
    club, admin, _ = make_club()
    user = UserFactory()
    request = services.join_request_create(club_id=club.pk, user=user, message="Hi")
    with pytest.raises(Conflict):
        services.join_request_create(club_id=club.pk, user=user)
    services.join_request_decide(club_id=club.pk, user=admin, request_id=request.pk, accept=True)
    assert selectors.is_member(club_id=club.pk, user=user)


def test_declined_request_admits_nobody_and_can_be_repeated():
    club, admin, _ = make_club()
    user = UserFactory()
    request = services.join_request_create(club_id=club.pk, user=user)
    services.join_request_decide(club_id=club.pk, user=admin, request_id=request.pk, accept=False)
    assert not selectors.is_member(club_id=club.pk, user=user)
    services.join_request_create(club_id=club.pk, user=user)
    assert JoinRequest.objects.filter(user=user).count() == 2


def test_invite_only_clubs_take_no_requests():
    admin = UserFactory()
    club = services.club_create(user=admin, name="Closed", join_policy=Club.JoinPolicy.INVITE)
    with pytest.raises(Forbidden):
        services.join_request_create(club_id=club.pk, user=UserFactory())


@pytest.mark.parametrize(
    "call",
    [
        lambda club, user, other: services.invite_link_create(club_id=club.pk, user=user),
        lambda club, user, other: services.member_set_role(
            club_id=club.pk, user=user, member_id=other.pk, role="admin"
        ),
        lambda club, user, other: services.member_remove(club_id=club.pk, user=user, member_id=other.pk),
        lambda club, user, other: services.club_update(
            club_id=club.pk, user=user, description="x", join_policy="request"
        ),
    ],
)
def test_admin_only_actions_refuse_members(call):
    club, _admin, (member, other) = make_club(members=2)
    with pytest.raises(Forbidden):
        call(club, member, other)
    assert role(club, other) == Membership.Role.MEMBER


def test_admins_promote_and_the_last_admin_cannot_leave():
    club, admin, (member,) = make_club(members=1)
    with pytest.raises(Conflict):
        services.member_remove(club_id=club.pk, user=admin, member_id=admin.pk)
    services.member_set_role(club_id=club.pk, user=admin, member_id=member.pk, role="admin")
    services.member_remove(club_id=club.pk, user=admin, member_id=admin.pk)
    assert not selectors.is_member(club_id=club.pk, user=admin)
    assert role(club, member) == Membership.Role.ADMIN


def test_members_may_leave_themselves():
    club, _admin, (member,) = make_club(members=1)
    services.member_remove(club_id=club.pk, user=member, member_id=member.pk)
    assert not selectors.is_member(club_id=club.pk, user=member)


# -- club-only games --------------------------------------------------------------------------
def test_club_games_are_invisible_to_non_members():
    club, admin, members = make_club(members=2)
    game = start_table([admin, *members], visibility=Game.Visibility.CLUB, club=club)
    outsider = UserFactory()
    assert game_selectors.table(game_id=game.pk, user=members[0]).view is not None
    with pytest.raises(GameNotFound):
        game_selectors.table(game_id=game.pk, user=outsider)
    invite = Invite.objects.create(club=club)
    services.invite_accept(token=invite.token, user=outsider)
    assert game_selectors.table(game_id=game.pk, user=outsider).seat is None  # a member spectates


def test_only_members_create_and_join_open_club_games():
    club, admin, (member,) = make_club(members=1)
    outsider = UserFactory()
    with pytest.raises(NotAllowed):
        game_services.game_create(
            user=outsider, slug="lifeboats", num_players=3, visibility="club", club=club
        )
    with pytest.raises(InvalidRequest):
        game_services.game_create(user=admin, slug="lifeboats", num_players=3, visibility="club")
    game = game_services.game_create(
        user=admin, slug="lifeboats", num_players=3, visibility="club", club=club
    )
    with pytest.raises(GameNotFound):
        game_services.game_join(game_id=game.pk, user=outsider)
    game_services.game_join(game_id=game.pk, user=member)
    assert game.seats.count() == 2
    assert game_selectors.open_games(user=member) == []  # never in the public lobby


def test_club_page_shows_members_only_to_members():
    club, admin, (member,) = make_club(members=1)
    outsider_page = selectors.club_page(slug=club.slug, user=UserFactory())
    assert not outsider_page.is_member
    assert outsider_page.members == []
    page = selectors.club_page(slug=club.slug, user=member)
    assert {m.user_id for m in page.members} == {admin.pk, member.pk}
    assert not page.is_admin
    assert page.pending_requests == []
