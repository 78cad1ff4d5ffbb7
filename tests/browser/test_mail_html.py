"""The HTML part of every game mail as a mail client shows it: Chromium renders it at 360 and
800 px (light and dark), screenshots are saved (a tmp dir, or MAIL_SHOTS_DIR to keep them), and at
360 px nothing is wider than the screen; also with its <style> dropped, as some clients do. Then a
person reads a prompt mail from the outbox, follows the signed link of a numbered choice and
confirms it: the move is played.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.core import mail

from games import services
from games.models import Action, Seat
from lifeboat_site.celery import app as celery_app
from notifications.models import Prompt
from tests.factories import GameFactory, UserFactory
from tests.notifications.mail_samples import GAME_KINDS, render_in, sample_rows

pytestmark = [pytest.mark.browser]


def variants(html: str, unstyled: str) -> list[tuple[int, str, str, str]]:
    return [
        (360, "light", "", html),
        (800, "light", "", html),
        (360, "dark", "", html),
        (360, "light", "-nostyle", unstyled),
    ]


LANGUAGES = ("en", "hu", "cs")
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture
def eager():
    old = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = old


def shots_dir(tmp_path: Path) -> Path:
    where = Path(os.environ.get("MAIL_SHOTS_DIR") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    return where


@pytest.mark.django_db
@pytest.mark.parametrize(("slug", "players"), [("lifeboat", 5), ("lifeboats", 4)])
def test_every_mail_kind_fits_a_phone_and_a_desktop(
    chromium, tmp_path, eager, django_capture_on_commit_callbacks, slug, players
):
    rows = sample_rows(django_capture_on_commit_callbacks, slug, players)
    where = shots_dir(tmp_path)
    shot = 0
    for kind in GAME_KINDS:
        assert rows[kind], f"no {kind} mail in the sample game"
        row = rows[kind][len(rows[kind]) // 2]  # mid-game: news to tell, figures in the boats
        for language in LANGUAGES:
            _subject, _text, html = render_in(row, language)
            assert not re.search(r"<img[^>]+src=[\"']https?:", html), "a remote image"
            unstyled = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
            # a phone and a desktop; a phone in dark mode; a phone whose client drops <style>
            for width, scheme, variant, body in variants(html, unstyled):
                context = chromium.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
                page = context.new_page()
                page.route("**/*", lambda route: route.abort())  # a mail loads nothing
                page.set_content(body)
                if width == 360:
                    over = page.evaluate(OVERFLOW)
                    assert over <= 0, f"{slug} {kind} ({language}, {scheme}{variant}) is {over}px too wide"
                page.screenshot(
                    path=str(where / f"{slug}-{kind}-{language}-{width}-{scheme}{variant}.png"),
                    full_page=True,
                )
                shot += 1
                context.close()
    assert shot == len(GAME_KINDS) * len(LANGUAGES) * 4


# -- a person acts from a prompt mail ---------------------------------------------------------------
def choices_in(text: str) -> list[tuple[int, str, str]]:
    """The numbered choices of a mail's text part: (number, label, link), as a reader sees them."""
    return [
        (int(n), label.strip(), url)
        for n, label, url in re.findall(r"^ +(\d+)\. (.+)\n +(https?://\S+)$", text, flags=re.M)
    ]


@pytest.mark.django_db(transaction=True)
def test_a_person_plays_a_choice_from_a_prompt_mail(chromium, live_server, settings, eager):
    settings.SITE_URL = live_server.url
    users = [UserFactory() for _ in range(3)]
    game = GameFactory(slug="lifeboats", num_players=3, created_by=users[0], players=users[1:], seed=20261202)
    mail.outbox.clear()
    game = services.game_start(game_id=game.pk, user=users[0])
    rules = game.engine
    [seat] = rules.to_act(rules.from_json(game.snapshot))
    player = Seat.objects.select_related("user").get(game=game, index=seat).user
    [prompt_mail] = [m for m in mail.outbox if player.email in m.to and "your move" in m.subject]
    choices = choices_in(prompt_mail.body)
    assert len(choices) >= 2
    number, label, link = choices[1]
    assert link.startswith(live_server.url)

    page = chromium.new_page(viewport={"width": 360, "height": 800})
    page.goto(link)
    assert label in page.inner_text("body")  # the confirmation names the choice read in the mail
    page.get_by_role("button").first.click()
    page.wait_for_load_state()
    assert label in page.inner_text("body")
    page.close()

    game.refresh_from_db()
    last = Action.objects.filter(game=game).order_by("-seq").first()
    assert last.seat_index == seat
    assert last.source == Action.Source.EMAIL
    prompt = Prompt.objects.get(game=game, seat_index=seat, used_at__isnull=False)
    assert last.payload == prompt.actions[number - 1]  # the choice with the number the person read
    assert game.move_count == 1
