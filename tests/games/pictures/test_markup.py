"""The one markup builder: text and attribute values are escaped, numbers formatted."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from games.lifeboat.faces import lifeboat_card
from games.pictures.markup import Markup, el, join, num, text
from games.pictures.sprite import sprite_url


def test_text_and_attributes_are_escaped_and_markup_is_kept():
    made = el("g", {"class_": 'a" onload="x', "data_card": "<b>"}, "<script>&", el("rect", {"x": 1}))
    assert (
        made == '<g class="a&quot; onload=&quot;x" data-card="&lt;b&gt;">&lt;script&gt;&amp;<rect x="1"/></g>'
    )
    assert join(["<i>", Markup("<b/>")]) == "&lt;i&gt;<b/>"
    assert text(Markup("<b/>")) == "<b/>"


def test_numbers_are_written_short():
    assert [num(3), num(2.0), num(2.26), num(-0.04), num(12.75)] == ["3", "2", "2.3", "0", "12.8"]
    assert el("circle", {"cx": 1.5, "r": 4, "fill": None, "hidden": False}) == '<circle cx="1.5" r="4"/>'


def test_the_sprite_is_the_reader_s_language_s():
    assert sprite_url("lifeboat").endswith("games/pictures/lifeboat-en.svg")
    with translation.override("hu"):
        assert sprite_url("lifeboats").endswith("games/pictures/lifeboats-hu.svg")
    with translation.override("de"):
        assert sprite_url("lifeboat").endswith("games/pictures/lifeboat-en.svg")


def test_a_template_shows_a_card_with_its_words_for_screen_readers():
    html = Template('{% include "pictures/card.svg" with face=face sprite=sprite %}').render(
        Context({"face": lifeboat_card("prov-20"), "sprite": sprite_url("lifeboat")})
    )
    assert 'aria-label="Bundle of Cash: 1 point"' in html
    assert 'data-card="prov-20"' in html
    assert 'href="/static/games/pictures/lifeboat-en.svg#face-cash"' in html
    back = Template('{% include "pictures/card.svg" with face=face sprite="/s.svg" %}').render(
        Context({"face": lifeboat_card(None)})
    )
    assert "data-card" not in back
    assert "#back-provisions" in back
