"""Per-user preferences (each / digest / none, quiet hours, opt-out), per-game mute, unsubscribe,
and allauth's own mails going through the same outbox."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts.models import NotifyMode
from games import cache_keys, hooks
from games.models import Seat
from notifications import outbox, preferences
from notifications.models import GameMute, Kind, Notification, Status
from notifications.tokens import make_unsubscribe_token
from tests.factories import UserFactory

from .helpers import mails_to, play, start_game, waiting

pytestmark = pytest.mark.django_db


def next_prompted_seat(game):
    """A seat other than the first waiting one, which the next move is likely to prompt."""
    return [i for i in range(game.num_players) if i != waiting(game)[0]]


def set_profile(user, **fields):
    profile = user.profile
    for key, value in fields.items():
        setattr(profile, key, value)
    profile.save()


def prompt_mails(user):
    return [m for m in mails_to(user) if "your move" in m.subject]


def play_until_prompted(capture, game, users, seat):
    """Play moves for others until `seat` gets a new prompt row; returns that row."""
    for _ in range(100):
        before = set(
            Notification.objects.filter(kind=Kind.PROMPT, seat_index=seat, game=game).values_list(
                "pk", flat=True
            )
        )
        game = play(
            capture,
            game,
            seat=next(s for s in waiting(game) if s != seat)
            if any(s != seat for s in waiting(game))
            else None,
        )
        after = Notification.objects.filter(kind=Kind.PROMPT, seat_index=seat, game=game).exclude(
            pk__in=before
        )
        if after.exists():
            return game, after.get()
    raise AssertionError("the seat was never prompted")


@pytest.fixture
def table(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3)
    first = waiting(game)[0]
    seat = (first + 1) % 3
    return game, users, seat


@pytest.mark.parametrize(
    ("fields", "status"),
    [
        ({"notify_mode": NotifyMode.NONE}, Status.SKIPPED),
        ({"notify_mode": NotifyMode.DIGEST}, Status.DIGEST),
        ({"email_opt_out": True}, Status.SKIPPED),
    ],
)
def test_turn_preferences(table, django_capture_on_commit_callbacks, fields, status):
    game, users, seat = table
    set_profile(users[seat], **fields)
    mail.outbox.clear()
    game, row = play_until_prompted(django_capture_on_commit_callbacks, game, users, seat)
    row.refresh_from_db()
    assert row.status == status
    assert prompt_mails(users[seat]) == []


def test_the_digest_gathers_waiting_turns_into_one_mail(table, django_capture_on_commit_callbacks):
    game, users, seat = table
    set_profile(users[seat], notify_mode=NotifyMode.DIGEST)
    game, row = play_until_prompted(django_capture_on_commit_callbacks, game, users, seat)
    set_profile(users[seat], time_zone="Europe/Budapest")
    mail.outbox.clear()
    # Yesterday's digest hour, so that it is past whatever the time now (today's 7:10 is still ahead
    # between midnight and 7:10 in Budapest, and a digest made "at" it would not be due yet).
    today = timezone.now().astimezone(ZoneInfo("Europe/Budapest")).date() - dt.timedelta(days=1)
    before = dt.datetime.combine(today, dt.time(6, 30), tzinfo=ZoneInfo("Europe/Budapest"))
    at_seven = dt.datetime.combine(today, dt.time(7, 10), tzinfo=ZoneInfo("Europe/Budapest"))
    Notification.objects.filter(pk=row.pk).update(created_at=before - dt.timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert outbox.send_digests(now=before) == 0  # not the digest hour yet
        assert outbox.send_digests(now=at_seven) == 1
        assert outbox.send_digests(now=at_seven + dt.timedelta(minutes=20)) == 0  # once a day
    [digest] = mails_to(users[seat])
    assert "digest" in digest.subject
    assert "/mail/act/" in digest.body  # the decision is still open: its links are in the digest
    row.refresh_from_db()
    assert row.status == Status.DIGESTED


def test_quiet_hours_hold_mail_until_they_end(table, django_capture_on_commit_callbacks):
    game, users, seat = table
    now = timezone.now().astimezone(dt.UTC)
    start = (now - dt.timedelta(hours=1)).time().replace(microsecond=0)
    end = (now + dt.timedelta(hours=2)).time().replace(second=0, microsecond=0)
    set_profile(users[seat], time_zone="UTC", quiet_hours_start=start, quiet_hours_end=end)
    mail.outbox.clear()
    game, row = play_until_prompted(django_capture_on_commit_callbacks, game, users, seat)
    row.refresh_from_db()
    assert row.status == Status.PENDING
    assert prompt_mails(users[seat]) == []
    assert now + dt.timedelta(hours=1) < row.send_after <= now + dt.timedelta(hours=2, minutes=1)
    assert row.send_after.astimezone(dt.UTC).time().replace(second=0) == end
    # Once they end, the sweeper sends it.
    Notification.objects.filter(pk=row.pk).update(send_after=timezone.now() - dt.timedelta(seconds=1))
    set_profile(users[seat], quiet_hours_start=None, quiet_hours_end=None)
    with django_capture_on_commit_callbacks(execute=True):
        outbox.sweep_outbox()
    assert len(prompt_mails(users[seat])) == 1


def test_quiet_hours_are_read_in_the_user_time_zone():
    user = UserFactory()
    set_profile(user, time_zone="America/New_York", quiet_hours_start=dt.time(22), quiet_hours_end=dt.time(7))
    now = dt.datetime(2026, 7, 1, 3, 0, tzinfo=dt.UTC)  # 23:00 in New York (EDT)
    until = preferences.quiet_hours_end(user.profile, now)
    assert until == dt.datetime(2026, 7, 1, 11, 0, tzinfo=dt.UTC)  # 07:00 EDT


def test_a_muted_game_sends_nothing(table, django_capture_on_commit_callbacks):
    game, users, seat = table
    preferences.mute_game(user=users[seat], game_id=game.pk)
    mail.outbox.clear()
    game, row = play_until_prompted(django_capture_on_commit_callbacks, game, users, seat)
    row.refresh_from_db()
    assert row.status == Status.SKIPPED
    assert mails_to(users[seat]) == []


def test_one_click_unsubscribe_accepts_a_post_without_csrf(table):
    game, users, seat = table
    user = users[seat]
    token = make_unsubscribe_token(user_id=user.pk, game_id=game.pk)
    client = Client(enforce_csrf_checks=True)
    response = client.get(f"/mail/unsubscribe/{token}/")
    assert response.status_code == 200
    user.profile.refresh_from_db()
    assert not user.profile.email_opt_out  # GET changes nothing
    response = client.post(
        f"/mail/unsubscribe/{token}/",
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    user.profile.refresh_from_db()
    assert user.profile.email_opt_out


def test_the_unsubscribe_page_can_mute_one_game(table):
    game, users, seat = table
    token = make_unsubscribe_token(user_id=users[seat].pk, game_id=game.pk)
    response = Client(enforce_csrf_checks=True).post(f"/mail/unsubscribe/{token}/", {"scope": "game"})
    assert response.status_code == 200
    assert GameMute.objects.filter(user=users[seat], game=game).exists()
    users[seat].profile.refresh_from_db()
    assert not users[seat].profile.email_opt_out


def test_a_forged_unsubscribe_token_changes_nothing(table):
    _game, users, seat = table
    token = make_unsubscribe_token(user_id=users[seat].pk)
    response = Client().post(
        f"/mail/unsubscribe/{token[:-2]}xx/",
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    users[seat].profile.refresh_from_db()
    assert not users[seat].profile.email_opt_out


def test_account_mails_go_through_the_outbox_even_when_opted_out(client):
    user = UserFactory()
    set_profile(user, email_opt_out=True)
    mail.outbox.clear()
    response = client.post("/accounts/password/reset/", {"email": user.email})
    assert response.status_code in (200, 302)
    [row] = Notification.objects.filter(kind=Kind.ACCOUNT)
    assert row.status == Status.SENT
    assert row.user == user
    [message] = mails_to(user)
    assert message.subject == row.subject
    assert "List-Unsubscribe" in message.extra_headers


def test_the_table_panel_shows_absence_and_offers_coming_back(table, client):
    from django.template import RequestContext, Template
    from django.test import RequestFactory

    game, users, seat = table
    Seat.objects.filter(game=game, index=seat).update(absent=True)
    request = RequestFactory().get("/")
    request.user = users[seat]
    notices = hooks.table_notices(game_id=game.pk, seat=seat, user=users[seat])
    html = Template('{% include "notifications/_table_notices.html" %}').render(
        RequestContext(request, {"notices": notices})
    )
    assert "absent" in html
    assert f"/games/{game.pk}/back/" in html
    client.force_login(users[seat])
    response = client.post(f"/games/{game.pk}/back/")
    assert response.status_code == 302
    assert not Seat.objects.get(game=game, index=seat).absent
    client.post(f"/games/{game.pk}/mute/", {"mute": "1"})
    assert GameMute.objects.filter(user=users[seat], game=game).exists()


def test_muting_a_game_one_does_not_play_says_so(client, table):
    from django.core.cache import cache

    from games.models import Game
    from tests.factories import UserFactory
    from tests.games.helpers import assert_refused

    game, _users, _seat = table
    watcher = UserFactory()
    client.force_login(watcher)
    if game.visibility != Game.Visibility.PUBLIC:
        Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PUBLIC)
        cache.delete(cache_keys.live_key(game.pk))
    response = client.post(f"/games/{game.pk}/mute/", {"mute": "1"})
    assert_refused(response, 403, "You do not play in this game, so it sends you no mail to mute.")
    assert "Nothing was played" not in response.content.decode()
    assert not GameMute.objects.filter(user=watcher).exists()
    # a game nobody may see, or none at all: no such game
    Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PRIVATE)
    cache.delete(cache_keys.live_key(game.pk))  # a change behind the services' back: its cached copy goes too
    assert_refused(client.post(f"/games/{game.pk}/mute/", {"mute": "1"}), 404, "There is no such game.")
    assert_refused(client.post("/games/999999/mute/", {"mute": "1"}), 404, "There is no such game.")
