"""Every page and every mail kind renders in each language, and really in that language."""

from html import escape

import pytest
from django.utils import translation

import engine
from accounts.models import Profile
from clubs import services as club_services
from games import i18n
from notifications import rendering
from notifications.models import Kind, Notification, Prompt
from tests.factories import UserFactory
from tests.notifications.helpers import start_game, waiting

pytestmark = pytest.mark.django_db

#: A phrase of the site footer and lobby in each language (English must not leak through).
FOOTER = {
    "en": "slow, secret board games",
    "hu": "lassú, titkos társasjátékok",
    "cs": "pomalé, tajné deskové hry",
}
LANGUAGES = ["en", "hu", "cs"]


def set_language(user, language: str) -> None:
    Profile.objects.filter(user=user).update(language=language)


@pytest.fixture(autouse=True)
def _back_to_english():
    yield
    translation.activate("en")


@pytest.fixture
def table(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4)
    club = club_services.club_create(user=users[0], name="Harbour Club")
    return game, users, club


def pages(game, club, user) -> list[str]:
    return [
        "/",
        "/games/",
        "/games/history/",
        "/games/rules/lifeboat/",
        "/games/rules/lifeboats/",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/chat/",
        f"/games/{game.pk}/replay/",
        "/accounts/profile/",
        "/clubs/",
        f"/clubs/{club.slug}/",
        f"/clubs/{club.slug}/seasons/",
        f"/clubs/{club.slug}/seasons/new/",
        "/mail/settings/",
        f"/leaderboards/{game.slug}/",
        f"/players/{user.pk}/",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_renders_in_the_profile_language(client, table, language):
    game, users, club = table
    user = users[0]
    set_language(user, language)
    client.force_login(user)
    for url in pages(game, club, user):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        html = response.content.decode()
        assert f'<html lang="{language}"' in html, url
        assert FOOTER[language] in html, (url, language)


@pytest.mark.parametrize("language", ["hu", "cs"])
def test_the_table_names_cards_and_actions_in_the_profile_language(client, table, language):
    game, users, _club = table
    seat = waiting(game)[0]
    set_language(users[seat], language)
    client.force_login(users[seat])
    html = client.get(f"/games/{game.pk}/").content.decode()
    rules = engine.get_game(game.slug)
    state = rules.from_json(type(game).objects.get(pk=game.pk).snapshot)
    with translation.override("en"):
        english = [i18n.describe_action(rules, state, seat, a) for a in rules.legal_actions(state, seat)]
    with translation.override(language):
        labels = [i18n.describe_action(rules, state, seat, a) for a in rules.legal_actions(state, seat)]
    assert not set(labels) & set(english)
    assert any(escape(label) in html for label in labels)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sign_in_pages_render_in_the_browser_language(client, language):
    for url in ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, url
        assert FOOTER[language] in response.content.decode(), url


def test_an_anonymous_visitor_gets_the_browser_language(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="cs,en;q=0.5").content.decode()
    assert FOOTER["cs"] in html
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert FOOTER["hu"] in html


def test_the_footer_switcher_saves_the_language_to_the_profile(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post("/i18n/setlang/", {"language": "hu", "next": "/games/"})
    assert response.status_code == 302
    assert response["Location"] == "/games/"
    assert Profile.objects.get(user=user).language == "hu"
    assert FOOTER["hu"] in client.get("/").content.decode()
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert Profile.objects.get(user=user).language == "hu"


def test_the_footer_switcher_works_without_an_account(client):
    client.post("/i18n/setlang/", {"language": "cs", "next": "/"})
    assert FOOTER["cs"] in client.get("/").content.decode()


#: Extra context per mail kind on top of a real prompt mail's context.
EXTRA = {
    Kind.GAME_END: {"results": [{"place": 1, "name": "Ada", "seat": 0, "score": 12}]},
    Kind.REPLY_OK: {"label": "Row"},
    Kind.REPLY_ERROR: {"error": "No.", "line": "9"},
    Kind.ABSENT: {"limit": 3},
    Kind.MESSAGE: {"text": "Ahoy", "author": "Ada"},
    Kind.TRADE_OFFER: {"offer": "offer-1", "from_name": "Ada", "lines_by_language": {}},
    Kind.VACATION_ENDS: {"ends_at": "2026-12-24T10:00:00+00:00"},
    Kind.REMINDER: {"reminder": "1h"},
    Kind.GAME_START: {"players": [{"name": "Ada", "seat": 0}]},
}
#: A phrase each kind's mail shows in Hungarian and Czech.
HELLO = {"hu": "Kedves", "cs": "Ahoj"}


@pytest.mark.parametrize("language", ["hu", "cs"])
@pytest.mark.parametrize(
    "kind", [k for k in Kind if k not in (Kind.ACCOUNT, Kind.INVITATION, Kind.PUSH)]
)  # pre-rendered; a push is no mail (its words: tests/notifications/test_club_life.py)
def test_every_mail_kind_renders_in_the_recipient_language(
    django_capture_on_commit_callbacks, kind, language
):
    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4)
    seat = waiting(game)[0]
    user = users[seat]
    set_language(user, language)
    user.refresh_from_db()
    prompt_row = Notification.objects.get(kind=Kind.PROMPT, game=game, seat_index=seat)
    prompt = Prompt.objects.get(pk=prompt_row.prompt_id)
    context = {**prompt_row.context, **EXTRA.get(kind, {})}
    if kind == Kind.DIGEST:
        context = {
            "items": [
                {"game": context["game"], "open": True, "prompt": prompt.pk, "choices": context["choices"]}
            ]
        }
    row = Notification(
        kind=kind,
        user=Profile.objects.get(user=user).user,
        game=game,
        seat_index=seat,
        prompt=prompt if kind in (Kind.PROMPT, Kind.REMINDER) else None,
        context=context,
    )
    subject, text, html, _ctx = rendering.render_parts(row)
    assert subject.strip()
    assert text.strip()
    assert html.strip()
    assert HELLO[language] in text
    assert HELLO[language] in html
    if kind in (Kind.PROMPT, Kind.REMINDER, Kind.DIGEST):
        # the choices read in the recipient's language, whatever language the mover used
        rules = engine.get_game(game.slug)
        with translation.override(language):
            state = rules.from_json(type(game).objects.get(pk=game.pk).snapshot)
            first = i18n.describe_action(rules, state, seat, prompt.actions[0])
        assert first in text
    assert translation.get_language() == "en"  # rendering does not leak the recipient's language


@pytest.mark.parametrize(
    ("language", "played", "refused"), [("hu", "lejátszva", "Írd"), ("cs", "zahráno", "Napiš")]
)
def test_a_reply_by_mail_is_answered_in_the_player_language(
    django_capture_on_commit_callbacks, language, played, refused
):
    from django.core import mail

    from notifications.inbound import handle_inbound, parse_message
    from notifications.tokens import reply_address
    from tests.notifications.helpers import mails_to, open_prompt
    from tests.notifications.test_inbound import raw_reply

    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4)
    seat = waiting(game)[0]
    user = users[seat]
    set_language(user, language)
    prompt = open_prompt(game, seat)
    to = reply_address(prompt_id=prompt.pk, user_id=user.pk)
    rules = engine.get_game("lifeboat")
    with translation.override(language):
        state = rules.from_json(type(game).objects.get(pk=game.pk).snapshot)
        label = i18n.describe_action(rules, state, seat, prompt.actions[0])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        handle_inbound(parse_message(raw_reply(to, "what now?", sender=user.email)))
    with django_capture_on_commit_callbacks(execute=True):
        handle_inbound(parse_message(raw_reply(to, "1", sender=user.email)))
    error_mail, ok_mail = mails_to(user)
    assert refused in " ".join(error_mail.body.split())  # the text part wraps at 78 characters
    assert played in ok_mail.subject
    assert label in " ".join(ok_mail.body.split())  # the text part wraps at 78 characters
    assert translation.get_language() == "en"


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "Sun 29 Nov 2026, 17:05"), ("hu", "2026. nov. 29. (vas) 17:05"), ("cs", "ne 29. 11. 2026 17:05")],
)
def test_a_deadline_reads_in_the_recipient_zone_and_date_format(
    django_capture_on_commit_callbacks, language, shown
):
    import datetime as dt

    game, users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4)
    seat = waiting(game)[0]
    Profile.objects.filter(user=users[seat]).update(language=language, time_zone="Europe/Budapest")
    row = Notification.objects.select_related("user__profile").get(
        kind=Kind.PROMPT, game=game, seat_index=seat
    )
    Prompt.objects.filter(pk=row.prompt_id).update(due_at=dt.datetime(2026, 11, 29, 16, 5, tzinfo=dt.UTC))
    _subject, text, html, _ctx = rendering.render_parts(row)
    assert shown in text
    assert shown in html


def test_a_league_round_mail_is_in_each_player_language():
    from leagues import services as league_services
    from notifications.models import Notification as Row
    from tests.leagues.test_seasons import open_season

    season, admin, users = open_season(members=4)
    Profile.objects.filter(user=users[0]).update(language="hu")
    Profile.objects.filter(user=users[1]).update(language="cs")
    translation.activate("en")  # the admin reads English
    league_services.season_start(season_id=season.pk, user=admin)
    hu = Row.objects.get(user=users[0], kind=Kind.GAME_START, body_text__contains=season.name)
    cs = Row.objects.get(user=users[1], kind=Kind.GAME_START, body_text__contains=season.name)
    assert "forduló" in hu.subject
    assert "kolo" in cs.subject


@pytest.mark.parametrize(("slug", "players"), [("lifeboat", 4), ("lifeboats", 4)])
@pytest.mark.parametrize(("language", "day_word"), [("hu", {"nap", "forduló"}), ("cs", {"Den", "kolo"})])
def test_the_game_log_reads_in_the_active_language(slug, players, language, day_word):
    import random

    from games.board.log import Played
    from games.present import log_sections as sections

    rules = engine.get_game(slug)
    state = rules.new_game(players, seed=7)
    events = []
    rng = random.Random(7)
    for _step in range(150):
        if rules.is_over(state):
            break
        seat = rules.to_act(state)[0]
        events += rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    view = rules.view(state, 0)
    visible = list(engine.events_for(events, 0, game_over=rules.is_over(state)))
    names = {i: f"P{i}" for i in range(players)}
    english = sections(slug, [Played(None, visible)], view, names, 0)
    with translation.override(language):
        translated = sections(slug, [Played(None, visible)], view, names, 0)
    assert [len(s.lines) for s in translated] == [len(s.lines) for s in english]
    assert any(word in s.heading for s in translated for word in day_word)
    same = [
        a
        for s, t in zip(english, translated, strict=True)
        for a, b in zip(s.lines, t.lines, strict=True)
        if a == b
    ]
    assert len(same) < len(visible) // 10  # nearly every sentence differs from the English one


@pytest.mark.parametrize("language", ["hu", "cs"])
def test_a_prompt_mail_words_what_happened_in_the_recipient_language(
    django_capture_on_commit_callbacks, language
):
    from tests.notifications.helpers import play

    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4)
    for _ in range(4):
        game = play(django_capture_on_commit_callbacks, game)
    row = (
        Notification.objects.filter(kind=Kind.PROMPT, game=game)
        .exclude(context__news=[])
        .select_related("user__profile")
        .latest("pk")
    )
    english = rendering.render_parts(row)[3]["events"]
    Profile.objects.filter(user=row.user).update(language=language)
    row.user.profile.refresh_from_db()
    _subject, text, _html, ctx = rendering.render_parts(row)
    lines = ctx["events"]
    assert lines
    assert lines != english
    assert all(" ".join(line.split()) in " ".join(text.split()) for line in lines)


@pytest.mark.parametrize(("language", "saved"), [("hu", "A beállításaidat elmentettük."), ("cs", None)])
def test_the_settings_saved_message_is_in_the_language_just_chosen(client, language, saved):
    user = UserFactory()
    client.force_login(user)
    data = {"display_name": "Ann", "time_zone": "UTC", "language": language, "notify_mode": "each"}
    page = client.post("/accounts/profile/", data, follow=True).content.decode()
    with translation.override(language):
        expected = saved or translation.gettext("Your settings are saved.")
    assert expected != "Your settings are saved."
    assert expected in page
