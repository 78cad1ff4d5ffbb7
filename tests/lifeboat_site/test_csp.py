"""The Content-Security-Policy every response carries, and pages that need nothing it refuses.

The policy allows no inline style or script (no 'unsafe-inline') and no eval, in every
environment; so no template (mails aside: they are not pages) may hold a <style> element, a
style= attribute, an inline <script> or an on*= handler, and the board pictures drawn in Python
carry none either. The browser tests check the same in Chromium, page by page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils.csp import CSP

import engine
from games.lifeboat import presenter as lifeboat
from games.lifeboats import presenter as lifeboats
from games.pictures.palette import CHARACTER_FILL, GAME_FILL, contrast, ink_on
from tests.games.pictures.moments import LIFEBOAT, LIFEBOATS, play_to

TEMPLATES = Path(settings.BASE_DIR) / "templates"
SITE_CSS = Path(settings.BASE_DIR) / "static/site/site.css"
#: Mails are not pages: an HTML mail keeps its inline styles (mail clients need them).
MAIL_TEMPLATES = re.compile(r"(^|/)email/")

REFUSED = {
    "a <style> element": re.compile(r"<style\b", re.I),
    "a style= attribute": re.compile(r"\sstyle\s*=", re.I),
    "an inline <script>": re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")", re.I),
    "an on*= handler": re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I),
    "an hx-on attribute (eval)": re.compile(r"\shx-on[:-]", re.I),
    "a trigger filter (eval)": re.compile(r"hx-trigger=\"[^\"]*\["),
}


def page_templates() -> list[Path]:
    return [
        p
        for p in sorted(TEMPLATES.rglob("*.html"))
        if not MAIL_TEMPLATES.search(p.relative_to(TEMPLATES).as_posix())
    ]


def test_the_policy_is_strict_in_every_environment():
    policy = settings.SECURE_CSP
    assert "django.middleware.csp.ContentSecurityPolicyMiddleware" in settings.MIDDLEWARE
    assert policy["script-src"] == [CSP.SELF]
    assert policy["style-src"] == [CSP.SELF]
    assert policy["object-src"] == [CSP.NONE]
    assert policy["frame-ancestors"] == [CSP.NONE]
    values = [v for values in policy.values() for v in values]
    assert CSP.UNSAFE_INLINE not in values
    assert CSP.UNSAFE_EVAL not in values


@pytest.mark.django_db
def test_a_page_is_sent_with_the_policy():
    response = Client().get("/accounts/login/")
    assert response.status_code == 200
    header = response.headers["Content-Security-Policy"]
    assert "style-src 'self'" in header
    assert "script-src 'self'" in header
    assert "unsafe-inline" not in header
    assert "Content-Security-Policy-Report-Only" not in response.headers


def test_no_page_template_holds_what_the_policy_refuses():
    found = [
        f"{path.relative_to(TEMPLATES)}:{text[: m.start()].count(chr(10)) + 1}: {what}"
        for path in page_templates()
        for text in [path.read_text(encoding="utf-8")]
        for what, pattern in REFUSED.items()
        for m in pattern.finditer(text)
    ]
    assert found == []


def test_the_checks_see_what_they_look_for():
    samples = {
        "a <style> element": "<style>p{}</style>",
        "a style= attribute": '<p style="color:red">',
        "an inline <script>": "<script>alert(1)</script>",
        "an on*= handler": '<button onclick="x()">',
        "an hx-on attribute (eval)": '<form hx-on::after-request="x()">',
        "a trigger filter (eval)": '<div hx-trigger="every 4s [ok()]">',
    }
    for what, sample in samples.items():
        assert REFUSED[what].search(sample), what
    assert not REFUSED["an inline <script>"].search('<script src="/static/site/site.js" defer></script>')


@pytest.mark.parametrize(("slug", "moments"), [("lifeboat", LIFEBOAT), ("lifeboats", LIFEBOATS)])
def test_the_board_pictures_carry_no_style(slug, moments):
    presenter = {"lifeboat": lifeboat, "lifeboats": lifeboats}[slug]
    for _name, players, wanted in moments:
        view = engine.get_game(slug).view(play_to(slug, players, wanted), 0)
        board = presenter.board(view, {}, 0)
        assert "<svg" in str(board.svg)
        assert "style=" not in str(board.svg)


def test_every_figure_fill_has_readable_text():
    for fill in {*CHARACTER_FILL.values(), *GAME_FILL.values()}:
        assert contrast(fill, ink_on(fill)) >= 4.5, fill  # WCAG AA for normal text
