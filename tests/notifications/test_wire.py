"""Every kind of mail as a mail server reads it: the bytes Django's SMTP backend sends
(`message(policy=email.policy.SMTP).as_bytes()`), not the Python objects.

Each header is ASCII, with RFC 2047 encoded words only where the standard allows them (Subject,
display names); `List-Unsubscribe` is `<https://…>` exactly, on one line; every mail has a
Message-ID of its own, a Date and Auto-Submitted; a game's mails to a player name its first one.
"""

import datetime as dt
import email
import email.policy
import re

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from clubs import services as club_services
from games import services as game_services
from games.models import Game
from leagues import services as league_services
from notifications import outbox
from notifications.models import Kind, Notification, Prompt, Status
from notifications.tokens import reply_address
from tests.clubs.helpers import make_club
from tests.factories import PASSWORD, GameFactory, UserFactory

from .helpers import committed, open_prompt, start_game, waiting
from .test_inbound import deliver_raw, raw_reply

pytestmark = pytest.mark.django_db
SITE = "https://lifeboat.example"
#: Headers where RFC 2047 allows encoded words (unstructured text and display names).
ENCODED_WORDS_ALLOWED = {"subject", "from", "to", "cc", "reply-to"}
LIST_UNSUBSCRIBE = re.compile(rf"^<{re.escape(SITE)}/mail/unsubscribe/[A-Za-z0-9_:.-]+/>$")
#: Kinds that are game mail: one-click unsubscribe is required (RFC 8058, the large providers).
GAME_KINDS = {"prompt", "reminder", "digest", "game_start", "game_end", "absent", "message"}


def wire(message) -> bytes:
    return message.message(policy=email.policy.SMTP).as_bytes()


def header_lines(raw: bytes) -> list[bytes]:
    head = raw.split(b"\r\n\r\n", 1)[0]
    return head.split(b"\r\n")


def unfolded(raw: bytes) -> dict[str, list[str]]:
    headers: dict[str, list[str]] = {}
    current = None
    for line in header_lines(raw):
        if line[:1] in (b" ", b"\t") and current:
            headers[current][-1] += line.decode("ascii")
            continue
        name, _, value = line.decode("ascii").partition(":")
        current = name.lower()
        headers.setdefault(current, []).append(value.strip())
    return headers


def kind_of(message) -> str:
    return message.extra_headers["X-Lifeboat-Notification"].split(":")[0]


@pytest.fixture
def every_mail(django_capture_on_commit_callbacks, settings, client, monkeypatch):
    """One mail of every kind the site sends, through the flows that send them."""
    settings.SITE_URL = SITE
    monkeypatch.setattr("notifications.preferences.trade_offer_open", lambda n: True)  # its own test
    capture = django_capture_on_commit_callbacks
    game, users = start_game(capture)  # game_start and prompt mails
    seat = waiting(game)[0]
    user = users[seat]
    user.profile.display_name = "Anna Árva"
    user.profile.save()
    prompt = open_prompt(game, seat)
    with committed(capture):  # the prompt's reminder, due now
        reminder = Notification.objects.filter(prompt=prompt, kind=Kind.REMINDER).first()
        Notification.objects.filter(pk=reminder.pk).update(send_after=timezone.now())
        outbox.sweep_outbox()
    to = reply_address(prompt_id=prompt.pk, user_id=user.pk)
    deliver_raw(capture, raw_reply(to, "what now?", sender=user.email))  # reply_error
    deliver_raw(capture, raw_reply(to, "1", sender=user.email))  # reply_ok
    for kind, extra in [
        (Kind.ABSENT, {"limit": 3}),
        (Kind.MESSAGE, {"text": "Ahoy", "author": "Béla Kovács"}),
        (
            Kind.TRADE_OFFER,
            {
                "offer": "offer-1",
                "from_name": "Béla Kovács",
                "lines_by_language": {"en": ["Béla offers you"]},
            },
        ),
        (Kind.VACATION_ENDS, {"ends_at": (timezone.now() + dt.timedelta(hours=20)).isoformat()}),
        (Kind.GAME_END, {"results": [{"place": 1, "name": "Ada", "seat": 0, "score": 12}]}),
        # the flows that write these: tests/notifications/test_club_mails.py
        (Kind.REMATCH, {"inviter": "Béla Kovács", "link": f"{SITE}/games/1/"}),
        (Kind.GAME_ABANDONED, {"why": "vote"}),
        (Kind.SEAT_OFFERED, {"club_name": "Kör ő", "seats_path": "/games/1/seats/"}),
        (Kind.SEAT_HANDED, {"to_name": "Béla Kovács", "to_bot": False}),
        (Kind.JOIN_REQUEST, {"player": "Béla Kovács", "club_name": "Kör ő", "club_path": "/clubs/kor/"}),
        (Kind.JOIN_DECIDED, {"club_name": "Kör ő", "club_path": "/clubs/kor/", "accepted": True}),
    ]:
        row = Notification.objects.create(
            kind=kind,
            dedupe_key=f"wire:{kind}",
            user=user,
            game=game,
            seat_index=seat,
            context={"game": Notification.objects.filter(game=game).first().context["game"], **extra},
            send_after=timezone.now(),
        )
        outbox.deliver(row.pk)
    # The digest of a turn mail waiting for it.
    other = users[(seat + 1) % len(users)]
    digested = Notification.objects.filter(
        user=other, kind=Kind.PROMPT
    ).first() or Notification.objects.create(
        kind=Kind.PROMPT,
        dedupe_key="wire:digest-item",
        user=other,
        game=game,
        prompt=Prompt.objects.filter(game=game).first(),
        context=Notification.objects.get(prompt=prompt, kind=Kind.PROMPT).context,
        send_after=timezone.now(),
    )
    Notification.objects.filter(pk=digested.pk).update(
        status=Status.DIGEST, created_at=timezone.now() - dt.timedelta(days=2)
    )
    with committed(capture):
        outbox.send_digests()
    # Invitations to a game and to a club, a league round.
    open_game = GameFactory(created_by=user, visibility=Game.Visibility.PRIVATE)
    club, admin, members = make_club(members=3)
    with committed(capture):
        game_services.invite_send(game_id=open_game.pk, user=user, email="friend@bücher.example", link=SITE)
        club_services.invite_email_send(
            club_id=club.pk, user=admin, email="pal@example.com", link_for=lambda i: f"{SITE}/{i.token}"
        )
        season = league_services.season_create(
            club_id=club.pk, user=admin, name="Tavasz ősz", slug="lifeboats"
        )
        for member in [admin, *members]:
            league_services.season_signup(season_id=season.pk, user=member)
        league_services.season_start(season_id=season.pk, user=admin)
    # allauth's: a sign-up's verification, a password reset.
    client.post(
        reverse("account_signup"), {"email": "new@example.com", "password1": PASSWORD, "password2": PASSWORD}
    )
    client.post(reverse("account_reset_password"), {"email": UserFactory().email})
    return list(mail.outbox)


def test_every_kind_is_on_the_wire(every_mail):
    kinds = {kind_of(m) for m in every_mail}
    # the address check: test_bounces; pushes are no mail (test_push)
    # INVITATION: rows written rendered, before invitations were rendered when sent
    assert kinds >= {k.value for k in Kind} - {Kind.ADDRESS_CHECK, Kind.PUSH, Kind.INVITATION}


def test_every_header_is_ascii_and_encoded_only_where_the_standard_allows(every_mail):
    for message in every_mail:
        raw = wire(message)
        for line in header_lines(raw):
            assert line.isascii(), (kind_of(message), line)
            assert len(line) <= 998
        for name, values in unfolded(raw).items():
            if name not in ENCODED_WORDS_ALLOWED:
                assert not any("=?" in value for value in values), (kind_of(message), name, values)
        parsed = email.message_from_bytes(raw, policy=email.policy.default)
        assert parsed["Subject"] == " ".join(str(message.subject).split())
        assert parsed["To"].addresses[0].domain.isascii()


def test_list_unsubscribe_is_a_bare_url_on_one_line(every_mail):
    for message in every_mail:
        raw = wire(message)
        lines = [line for line in header_lines(raw) if line.lower().startswith(b"list-unsubscribe:")]
        if kind_of(message) in GAME_KINDS:
            assert lines, kind_of(message)
        if not lines:
            continue
        [line] = lines
        value = line.decode().partition(":")[2].strip()
        assert LIST_UNSUBSCRIBE.match(value), value
        assert unfolded(raw)["list-unsubscribe-post"] == ["List-Unsubscribe=One-Click"]


def test_message_id_date_and_auto_submitted_on_every_mail(every_mail):
    ids = []
    for message in every_mail:
        headers = unfolded(wire(message))
        [message_id] = headers["message-id"]
        ids.append(message_id)
        assert headers["date"]
        expected = "auto-replied" if kind_of(message) in ("reply_ok", "reply_error") else "auto-generated"
        assert headers["auto-submitted"] == [expected]
    assert len(ids) == len(set(ids))


def test_a_games_mails_to_a_player_thread_under_the_first_and_share_a_prefix(every_mail):
    by_thread: dict[tuple, list] = {}
    for message in every_mail:
        row = Notification.objects.get(pk=int(message.extra_headers["X-Lifeboat-Notification"].split(":")[1]))
        if row.game_id and row.user_id:
            by_thread.setdefault((row.game_id, row.user_id), []).append((row, message))
    assert any(len(mails) >= 3 for mails in by_thread.values())
    for mails in by_thread.values():
        mails.sort(key=lambda pair: pair[0].pk)
        first_row, first = mails[0]
        root = unfolded(wire(first))["message-id"][0]
        prefix = f"[Lifeboat Club] {first_row.context['game']['name']} #{first_row.game_id}: "
        for _row, message in mails:
            assert message.subject.startswith(prefix), message.subject
        for _row, message in mails[1:]:
            headers = unfolded(wire(message))
            assert headers["references"][0].split()[0] == root
            if kind_of(message) in ("reply_ok", "reply_error"):  # under the player's own reply
                assert headers["in-reply-to"][0].endswith("@example.com>")
            else:
                assert headers["in-reply-to"] == [root]
