"""The rules help reads its numbers from the engines' data tables."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse

from engine.lifeboat.data import CHARACTER_LIST, PROVISION_KINDS
from engine.lifeboats.data import POINTS
from games.presentations import presentation

from .helpers import text_of


def test_lifeboat_help_lists_every_character_and_card_with_numbers():
    text = text_of(
        render_to_string("games/lifeboat/rules.html", {"rules": presentation("lifeboat").rules_reference()})
    )
    for c in CHARACTER_LIST:
        assert f"{c.name} {c.size} {c.survival}" in text
    for k in PROVISION_KINDS:
        assert f"{k.name} {k.count}" in text
    assert "Gaffing Hook 1 +4" in text
    assert len([n for n in range(19, 43) if f"No. {n}: overboard" in text]) == 24


def test_lifeboats_help_lists_island_points():
    text = text_of(
        render_to_string("games/lifeboats/rules.html", {"rules": presentation("lifeboats").rules_reference()})
    )
    for name, pts in POINTS.items():
        assert f"{name.capitalize()} {pts['sailor']} {pts['officer']}" in text


def test_rules_help_is_a_page_and_a_fragment_the_table_loads_when_opened(client):
    url = reverse("games:rules", args=["lifeboat"])
    page = client.get(url)
    assert page.status_code == 200
    assert "<title>Lifeboat: rules help" in page.content.decode()
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "The Kid 3 9" in text_of(fragment)
    assert "<html" not in fragment
    assert client.get(reverse("games:rules", args=["chess"])).status_code == 404


def test_lifeboat_help_explains_scoring_the_shark_variant_and_ghosts():
    html = render_to_string(
        "games/lifeboat/rules.html", {"rules": presentation("lifeboat").rules_reference()}
    )
    for words in ("Psychopath", "Narcissist", "Shark variant", "Ghosts", "rile the sharks", "Ambivalent"):
        assert words in html


def test_lifeboats_help_explains_the_options():
    html = render_to_string(
        "games/lifeboats/rules.html", {"rules": presentation("lifeboats").rules_reference()}
    )
    for words in ("Lanes per island", "Four sailors each from", "no other boat has room"):
        assert words in html
