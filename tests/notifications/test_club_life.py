"""Club life, the notifications side (issue 18): trade offers and private messages announced to
the one seat they concern (a mail of its own or a digest line, per the turn preference), browser
pushes of prompts (a fake push service: `pywebpush.webpush` mocked), vacations booked ahead and
the mail the day before one ends."""

from __future__ import annotations

import datetime as dt
import json
from types import SimpleNamespace
from unittest import mock

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from pywebpush import WebPushException

from accounts.models import NotifyMode
from chat import services as chat_services
from games import services as game_services
from games.models import Seat
from notifications import outbox, preferences, push, vacations
from notifications.models import Kind, Notification, Prompt, PushSubscription, Status, Vacation
from tests.factories import UserFactory

from .helpers import (
    assert_no_secrets,
    committed,
    mail_text,
    mails_to,
    play,
    rows,
    start_game,
    state_of,
    waiting,
)

pytestmark = pytest.mark.django_db
ENDPOINT = "https://push.example/send/abc"
VAPID = {"VAPID_PUBLIC_KEY": "BPublicKeyForTests", "VAPID_PRIVATE_KEY": "private-key-for-tests"}


def push_on(settings):
    settings.VAPID_PUBLIC_KEY = VAPID["VAPID_PUBLIC_KEY"]
    settings.VAPID_PRIVATE_KEY = VAPID["VAPID_PRIVATE_KEY"]


def actions_phase(capture):
    """A 4-player Lifeboat game in its Actions phase, where trades are open."""
    game, users = start_game(capture, "lifeboat", 4)
    for _ in range(60):
        if state_of(game).step == "act":
            return game, users
        game = play(capture, game)
    raise AssertionError("no Actions phase reached")


def digest_players_in_actions(capture):
    """`actions_phase` with every player on the daily digest, and no mail sent yet."""
    game, users = actions_phase(capture)
    for user in users:
        user.profile.notify_mode = NotifyMode.DIGEST
        user.profile.save()
    mail.outbox.clear()
    return game, users


def digest_due_for(user):
    """The user's waiting rows two days old: their digest is due whatever the hour."""
    Notification.objects.filter(user=user, status=Status.DIGEST).update(
        created_at=timezone.now() - dt.timedelta(days=2)
    )


def offer_trade(capture, game, users):
    state = state_of(game)
    giver = next(p for p in range(4) if state.hands[p])
    receiver = (giver + 1) % 4
    card = state.hands[giver][0]
    action = {"type": "offer_trade", "to": receiver, "give": [card], "take": []}
    with committed(capture):
        game_services.action_submit(
            game_id=game.pk, user=users[giver], action=action, expected_version=game.version
        )
    game.refresh_from_db()
    return giver, receiver, card


def decline_offer(capture, game, users, receiver):
    """The receiver declines the trade offer made to it."""
    offer = next(o for o in state_of(game).offers if o["to"] == receiver)
    with committed(capture):
        game_services.action_submit(
            game_id=game.pk,
            user=users[receiver],
            action={"type": "answer_trade", "offer": offer["id"], "accept": False},
            expected_version=game.version,
        )


# -- trade offers -----------------------------------------------------------------------------
def test_a_trade_offer_is_mailed_to_the_seat_it_is_made_to_and_no_other(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = actions_phase(capture)
    mail.outbox.clear()
    _giver, receiver, _card = offer_trade(capture, game, users)
    offers = rows(kind=Kind.TRADE_OFFER)
    assert [(n.user_id, n.seat_index) for n in offers] == [(users[receiver].pk, receiver)]
    (message,) = [m for m in mails_to(users[receiver]) if "trade offer" in m.subject]
    text = mail_text(message)
    assert "offers you" in text
    assert reverse("games:table", args=[game.pk]) in text
    assert_no_secrets(game, receiver, message)
    for seat, user in enumerate(users):
        if seat != receiver:
            assert not [m for m in mails_to(user) if "trade offer" in m.subject]


def test_an_offer_is_announced_once_and_not_after_it_was_answered(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = actions_phase(capture)
    _giver, receiver, _card = offer_trade(capture, game, users)
    play(capture, game)  # another write: the same offer is not announced again
    assert len(rows(kind=Kind.TRADE_OFFER)) == 1
    # a digest player's announcement waits; answered meanwhile, it is cancelled when sent
    row = rows(kind=Kind.TRADE_OFFER)[0]
    Notification.objects.filter(pk=row.pk).update(status=Status.PENDING)
    decline_offer(capture, game, users, receiver)
    assert outbox.deliver(row.pk) == "cancel"


def test_a_digest_player_gets_the_offer_in_the_digest(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = digest_players_in_actions(capture)
    _giver, receiver, _card = offer_trade(capture, game, users)
    assert not [m for m in mails_to(users[receiver]) if "trade offer" in m.subject]
    row = rows(kind=Kind.TRADE_OFFER)[0]
    assert row.status == Status.DIGEST
    digest_due_for(users[receiver])
    with committed(capture):
        assert outbox.send_digests() >= 1
    (digest,) = [m for m in mails_to(users[receiver]) if "digest" in m.subject]
    assert "offers you" in mail_text(digest)
    assert_no_secrets(game, receiver, digest)


def test_an_offer_answered_before_the_digest_is_left_out_of_it(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = digest_players_in_actions(capture)
    _giver, receiver, _card = offer_trade(capture, game, users)
    decline_offer(capture, game, users, receiver)
    digest_due_for(users[receiver])
    with committed(capture):
        outbox.send_digests()
    digests = [m for m in mails_to(users[receiver]) if "digest" in m.subject]
    assert all("offers you" not in mail_text(m) for m in digests)
    assert rows(kind=Kind.TRADE_OFFER)[0].status == Status.DIGESTED


# -- private messages -------------------------------------------------------------------------
def test_a_private_message_is_mailed_to_its_one_reader(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = start_game(capture)
    mail.outbox.clear()
    with committed(capture):
        chat_services.message_post(game_id=game.pk, user=users[0], text="Vote with me, Ahoy", to_seat=1)
        chat_services.message_post(game_id=game.pk, user=users[0], text="Hello table")
    (message,) = [m for m in mail.outbox if "private message" in m.subject]
    assert message.to == [users[1].email]
    text = mail_text(message)
    assert "Vote with me, Ahoy" in text
    assert "Hello table" not in text
    assert not [m for m in mail.outbox if "Hello table" in mail_text(m)]  # table talk is not mailed
    assert_no_secrets(game, 1, message)


def test_a_muted_game_or_no_turn_mail_sends_no_message_mail(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = start_game(capture)
    users[1].profile.notify_mode = NotifyMode.NONE
    users[1].profile.save()
    mail.outbox.clear()
    with committed(capture):
        chat_services.message_post(game_id=game.pk, user=users[0], text="psst", to_seat=1)
    assert not [m for m in mail.outbox if "private message" in m.subject]
    assert rows(kind=Kind.MESSAGE)[0].status == Status.SKIPPED


# -- browser push -----------------------------------------------------------------------------
def subscribe(user, endpoint=ENDPOINT):
    return push.subscribe(user=user, endpoint=endpoint, p256dh="BKey", auth="auth")


def test_no_push_rows_when_push_is_off_or_nobody_subscribed(django_capture_on_commit_callbacks, settings):
    capture = django_capture_on_commit_callbacks
    game, users = start_game(capture)
    for user in users:
        subscribe(user, f"{ENDPOINT}/{user.pk}")
    play(capture, game)
    assert rows(kind=Kind.PUSH) == []  # no VAPID keys: off
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = (
        VAPID["VAPID_PUBLIC_KEY"],
        VAPID["VAPID_PRIVATE_KEY"],
    )
    PushSubscription.objects.all().delete()
    play(capture, game)
    assert rows(kind=Kind.PUSH) == []  # nobody subscribed


def test_a_prompt_is_pushed_to_the_players_browsers_saying_only_the_game(
    django_capture_on_commit_callbacks, settings
):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = (
        VAPID["VAPID_PUBLIC_KEY"],
        VAPID["VAPID_PRIVATE_KEY"],
    )
    settings.VAPID_CLAIMS_EMAIL = "ops@example.com"
    capture = django_capture_on_commit_callbacks
    game, users = start_game(capture)
    for user in users:
        subscribe(user, f"{ENDPOINT}/{user.pk}")
    with mock.patch("notifications.push.webpush") as webpush:
        game = play(capture, game)
    pushes = rows(kind=Kind.PUSH)
    assert pushes
    assert {n.status for n in pushes} == {Status.SENT}
    prompted = {p.user_id for p in Prompt.objects.filter(game=game, closed_at__isnull=True)}
    assert {n.user_id for n in pushes} <= prompted
    for call in webpush.call_args_list:
        kwargs = call.kwargs
        user_id = int(kwargs["subscription_info"]["endpoint"].rsplit("/", 1)[1])
        assert user_id in prompted
        data = json.loads(kwargs["data"])
        assert set(data) == {"title", "body", "url", "tag"}
        assert data["title"] == f"Your move in Lifeboats #{game.pk}"
        assert data["url"].endswith(reverse("games:table", args=[game.pk]))
        assert kwargs["vapid_claims"] == {"sub": "mailto:ops@example.com"}
        assert kwargs["vapid_private_key"] == VAPID["VAPID_PRIVATE_KEY"]
        seat = Seat.objects.get(game=game, user_id=user_id).index
        leaked = sorted(s for s in game.engine.secrets_from(state_of(game), seat) if s in kwargs["data"])
        assert not leaked


def test_the_push_payload_is_in_the_players_language(django_capture_on_commit_callbacks, settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = (
        VAPID["VAPID_PUBLIC_KEY"],
        VAPID["VAPID_PRIVATE_KEY"],
    )
    game, users = start_game(django_capture_on_commit_callbacks)
    users[0].profile.language = "hu"
    users[0].profile.save()
    row = Notification(kind=Kind.PUSH, user=users[0], context={"game": {"id": game.pk, "name": "Lifeboats"}})
    assert "Your move" not in push.payload(row)["title"]


def test_a_gone_subscription_is_deleted_and_other_failures_retry(
    django_capture_on_commit_callbacks, settings
):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = (
        VAPID["VAPID_PUBLIC_KEY"],
        VAPID["VAPID_PRIVATE_KEY"],
    )
    game, users = start_game(django_capture_on_commit_callbacks)
    user = users[0]
    gone, alive = subscribe(user, f"{ENDPOINT}/gone"), subscribe(user, f"{ENDPOINT}/alive")

    def fake(subscription_info, **kwargs):
        status = 410 if subscription_info["endpoint"].endswith("gone") else 500
        raise WebPushException("push service said no", response=SimpleNamespace(status_code=status))

    row = Notification.objects.create(
        kind=Kind.PUSH,
        dedupe_key="push:test",
        user=user,
        game=game,
        context={"game": {"id": game.pk, "name": "Lifeboats"}},
        send_after=timezone.now(),
    )
    with mock.patch("notifications.push.webpush", side_effect=fake):
        assert outbox.deliver(row.pk) == "error"
    assert not PushSubscription.objects.filter(pk=gone.pk).exists()
    assert PushSubscription.objects.filter(pk=alive.pk).exists()
    row.refresh_from_db()
    assert row.status == Status.PENDING  # retried later, like a mail
    assert row.attempts == 1


def test_pushes_follow_the_mail_preferences(django_capture_on_commit_callbacks, settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = (
        VAPID["VAPID_PUBLIC_KEY"],
        VAPID["VAPID_PRIVATE_KEY"],
    )
    game, users = start_game(django_capture_on_commit_callbacks)
    user = users[0]
    subscribe(user)
    now = timezone.now()

    def decision(**profile):
        for key, value in profile.items():
            setattr(user.profile, key, value)
        user.profile.save()
        row = Notification(kind=Kind.PUSH, user=user, game=game, context={}, send_after=now)
        return preferences.decide(row, now).action

    assert decision(notify_mode=NotifyMode.EACH, email_opt_out=True) == "send"  # a push is no mail
    assert decision(notify_mode=NotifyMode.DIGEST, email_opt_out=False) == "skip"
    assert decision(notify_mode=NotifyMode.NONE) == "skip"
    local = now.astimezone(user.profile.zone)
    start = (local - dt.timedelta(hours=1)).time().replace(second=0, microsecond=0)
    end = (local + dt.timedelta(hours=1)).time().replace(second=0, microsecond=0)
    assert decision(notify_mode=NotifyMode.EACH, quiet_hours_start=start, quiet_hours_end=end) == "hold"


def test_subscribing_and_unsubscribing_a_browser(client, settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = (
        VAPID["VAPID_PUBLIC_KEY"],
        VAPID["VAPID_PRIVATE_KEY"],
    )
    user = UserFactory()
    url = reverse("notifications:push_subscribe")
    body = {"endpoint": ENDPOINT, "keys": {"p256dh": "BKey", "auth": "auth"}}
    assert client.post(url, json.dumps(body), content_type="application/json").status_code == 302  # sign in
    client.force_login(user)
    page = client.get(reverse("notifications:settings")).content.decode()
    assert 'id="push-toggle"' in page
    assert "notifications/push.js" in page
    assert "<script>" not in page  # no inline script (the CSP)
    assert client.post(url, json.dumps(body), content_type="application/json").status_code == 201
    assert PushSubscription.objects.get(endpoint=ENDPOINT).user == user
    nested = b"[" * 5000 + b"]" * 5000
    for bad in (
        b"",
        b"[]",
        b"{",
        json.dumps({"endpoint": "http://plain.example/"}).encode(),
        b"\xff",
        nested,
    ):
        assert client.post(url, bad, content_type="application/json").status_code == 400
    assert client.get(url).status_code == 405
    off = reverse("notifications:push_unsubscribe")
    response = client.post(off, json.dumps({"endpoint": ENDPOINT}), content_type="application/json")
    assert response.json() == {"forgotten": 1}
    assert client.post(off, b"[]", content_type="application/json").status_code == 400
    assert client.post(off, nested, content_type="application/json").status_code == 400
    subscribe(user)
    assert client.post(off).status_code == 302  # the page's form: every browser
    assert not PushSubscription.objects.filter(user=user).exists()


def test_push_is_not_offered_without_keys(client):
    client.force_login(UserFactory())
    assert 'id="push-toggle"' not in client.get(reverse("notifications:settings")).content.decode()
    body = {"endpoint": ENDPOINT, "keys": {"p256dh": "BKey", "auth": "auth"}}
    response = client.post(
        reverse("notifications:push_subscribe"), json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 404


# -- vacations booked ahead -------------------------------------------------------------------
def test_a_booked_vacation_moves_the_deadlines_when_it_begins(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = start_game(capture)
    seat = waiting(game)[0]
    user = users[seat]
    due = Seat.objects.get(game=game, index=seat).due_at
    now = timezone.now()
    vacation = preferences.start_vacation(user=user, days=3, now=now, starts_at=now + dt.timedelta(days=2))
    assert not vacation.deadlines_moved
    assert Seat.objects.get(game=game, index=seat).due_at == due  # not yet
    assert preferences.active_vacation(user=user) is None
    assert vacations.begin_booked_vacations(now=now + dt.timedelta(days=1)) == 0
    with committed(capture):
        assert vacations.begin_booked_vacations(now=now + dt.timedelta(days=2, minutes=1)) == 1
        assert vacations.begin_booked_vacations(now=now + dt.timedelta(days=2, minutes=6)) == 0  # once
    assert Seat.objects.get(game=game, index=seat).due_at == due + dt.timedelta(days=3)
    assert preferences.vacation_days_left(user=user) == 18


def test_overlapping_vacations_are_refused_and_a_booked_one_can_be_called_off():
    user = UserFactory()
    now = timezone.now()
    booked = preferences.start_vacation(user=user, days=5, now=now, starts_at=now + dt.timedelta(days=10))
    with pytest.raises(preferences.VacationError):
        preferences.start_vacation(user=user, days=3, now=now, starts_at=now + dt.timedelta(days=12))
    preferences.start_vacation(user=user, days=2, now=now)  # now, before it: fine
    assert preferences.cancel_booked_vacation(user=user, vacation_id=booked.pk, now=now)
    assert not Vacation.objects.filter(pk=booked.pk).exists()
    other = UserFactory()
    theirs = preferences.start_vacation(user=other, days=2, now=now, starts_at=now + dt.timedelta(days=3))
    assert not preferences.cancel_booked_vacation(user=user, vacation_id=theirs.pk, now=now)


def test_the_day_before_a_vacation_ends_its_player_is_mailed_once(django_capture_on_commit_callbacks):
    user, later = UserFactory(), UserFactory()
    now = timezone.now()
    preferences.start_vacation(user=user, days=4, now=now - dt.timedelta(days=3, hours=1))
    preferences.start_vacation(user=later, days=4, now=now - dt.timedelta(days=1))
    mail.outbox.clear()
    with committed(django_capture_on_commit_callbacks):
        assert vacations.mail_vacations_ending(now=now) == 1
        assert vacations.mail_vacations_ending(now=now + dt.timedelta(minutes=5)) == 0  # once
    (message,) = mails_to(user)
    assert "Your vacation ends tomorrow" in message.subject
    assert "/mail/settings/" in message.body
    assert not mails_to(later)


def test_booking_ahead_on_the_settings_page(client, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    game, users = start_game(capture)
    user = users[waiting(game)[0]]
    client.force_login(user)
    day = (timezone.now() + dt.timedelta(days=7)).astimezone(user.profile.zone).date()
    response = client.post(reverse("notifications:settings"), {"days": 3, "starts_on": day.isoformat()})
    assert response.status_code == 302
    vacation = Vacation.objects.get(user=user)
    assert vacation.starts_at.astimezone(user.profile.zone).date() == day
    assert not vacation.deadlines_moved
    page = client.get(reverse("notifications:settings")).content.decode()
    assert "Booked ahead" in page
    for junk in ({"days": 3, "starts_on": "not a day"}, {"days": "x"}, {"cancel": "²"}):
        assert client.post(reverse("notifications:settings"), junk).status_code in (302, 400)
    client.post(reverse("notifications:settings"), {"cancel": vacation.pk})
    assert not Vacation.objects.filter(pk=vacation.pk).exists()


def test_back_from_a_booked_vacation_that_beat_had_not_begun_yet(django_capture_on_commit_callbacks):
    """Charged days and the days the deadlines moved by stay the same number (preferences)."""
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    user = users[seat]
    due = Seat.objects.get(game=game, index=seat).due_at
    now = timezone.now()
    preferences.start_vacation(
        user=user, days=3, now=now - dt.timedelta(hours=2), starts_at=now - dt.timedelta(hours=1)
    )
    assert preferences.end_vacation(user=user, now=now) == 1
    assert Seat.objects.get(game=game, index=seat).due_at == due + dt.timedelta(days=1)
    assert vacations.begin_booked_vacations(now=now) == 0  # ended: nothing more to move
