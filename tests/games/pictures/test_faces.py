"""Card faces: every card of both games has one, drawn in the sprite of its game and language."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

from engine.lifeboat.data import CHARACTERS, KIND, NAVIGATION, PROVISION_IDS
from engine.lifeboats.data import PLAYER_COLOURS, card_id, hat_id
from games.lifeboat.faces import character_card, lifeboat_card
from games.lifeboats.faces import lifeboats_card
from games.pictures import faces
from games.pictures.sprite import languages, sprite_path
from games.sprites import GAMES, draw_sprite

from .helpers import SVG

LIFEBOAT_CARDS = [
    *PROVISION_IDS,
    *NAVIGATION,
    *(f"love-{c}" for c in CHARACTERS),
    *(f"hate-{c}" for c in CHARACTERS),
]
LIFEBOATS_CARDS = [card_id(2, c) for c in (*PLAYER_COLOURS, "black")] + [hat_id(2, 1), "red", "hat"]


def symbols(game: str, language: str) -> dict[str, ET.Element]:
    root = ET.fromstring(sprite_path(game, language).read_text(encoding="utf-8"))
    return {s.get("id"): s for s in root.iter(f"{SVG}symbol")}


@pytest.mark.parametrize(("game", "language"), [(g, lang) for g in GAMES for lang in ("en", "hu", "cs")])
def test_the_committed_sprites_are_drawn_from_the_faces_and_catalogues_of_now(game, language):
    on_disk = sprite_path(game, language).read_text(encoding="utf-8")
    assert on_disk == draw_sprite(game, language), "run: manage.py draw_card_sprites"


def test_every_card_has_a_face_in_its_game_s_sprite():
    lifeboat = symbols("lifeboat", "en")
    for card in LIFEBOAT_CARDS:
        assert lifeboat_card(card).face in lifeboat, card
    for slug in CHARACTERS:
        assert character_card(slug).face in lifeboat
    lifeboats = symbols("lifeboats", "en")
    for card in LIFEBOATS_CARDS:
        assert lifeboats_card(card).face in lifeboats, card
    for deck in ("provisions", "navigation", "secret"):
        assert lifeboat_card(None, deck=deck).face in lifeboat
    assert lifeboats_card(None).face in lifeboats


def test_cards_of_a_kind_share_a_face_and_other_kinds_do_not():
    by_face: dict[str, set[str]] = {}
    for card in PROVISION_IDS:
        by_face.setdefault(lifeboat_card(card).face, set()).add(KIND[card])
    assert all(len(kinds) == 1 for kinds in by_face.values())
    assert len(by_face) == 15  # 14 kinds, the Paintings worth 3 and worth 2 apart
    navigation = {lifeboat_card(c).face for c in NAVIGATION}
    assert len(navigation) == len(NAVIGATION)


def test_a_face_s_name_never_contains_a_card_id():
    ids = [*LIFEBOAT_CARDS, *LIFEBOATS_CARDS[:-2]]
    for game in GAMES:
        for face in symbols(game, "en"):
            assert not [card for card in ids if card in face], face


@pytest.mark.parametrize("game", GAMES)
def test_sprites_are_plain_svg_a_strict_content_security_policy_allows(game):
    for language in languages():
        text = sprite_path(game, language).read_text(encoding="utf-8")
        root = ET.fromstring(text)
        assert not [e.tag for e in root.iter() if e.get("style") is not None or e.tag.endswith("}style")]
        assert not [
            e.tag
            for e in root.iter()
            if e.tag.endswith("}script") or any(a.startswith("on") for a in e.attrib)
        ]
        for symbol in root.iter(f"{SVG}symbol"):
            if symbol.get("id").startswith(("face-", "back-")):
                assert symbol.get("viewBox") == faces.VIEWBOX


def test_faces_carry_their_words_in_the_sprite_s_language():
    water = {lang: "".join(symbols("lifeboat", lang)["face-water"].itertext()) for lang in ("en", "hu", "cs")}
    assert "Water" in water["en"]
    assert "Ivóvíz" in water["hu"]
    assert "Voda" in water["cs"]
    knife = "".join(symbols("lifeboat", "hu")["face-knife"].itertext())
    assert "Kés" in knife
    assert "+3" in knife
    nav = "".join(symbols("lifeboat", "en")["face-n19"].itertext())
    # its number; First Mate overboard, the Captain thirsty
    assert "19" in nav
    assert "FM" in nav
    assert "Ca" in nav


def test_a_card_s_words_say_what_it_is_in_the_active_language():
    assert lifeboat_card("prov-01").label == "Water: cancels one thirst"
    painting = next(c for c in PROVISION_IDS if KIND[c] == "painting")
    assert "3 points" in lifeboat_card(painting).label
    assert lifeboat_card("nav-25").label.startswith("Navigation 25: nobody goes overboard; a bird")
    assert lifeboat_card("love-kid").label == "Love: The Kid (+9 if alive)"
    assert lifeboat_card("hate-first_mate").label == "Hate: First Mate (+8 if dead)"
    assert lifeboats_card("card-1-blue").label == "Vote card: blue"
    with translation.override("hu"):
        assert lifeboat_card("prov-01").label.startswith("Ivóvíz: ")
        assert lifeboats_card("hat-1-2").label.startswith("Kapitánysapka")
    with translation.override("cs"):
        assert lifeboat_card("love-kid").label.startswith("Láska: Dítě")


def test_an_unknown_card_is_a_back_and_a_wrong_id_an_error():
    back = lifeboat_card(None, deck="navigation")
    assert (back.card, back.face, back.known) == (None, "back-navigation", False)
    assert lifeboats_card(None).face == "back-vote"
    with pytest.raises(ValueError, match="not a Lifeboat card"):
        lifeboat_card("prov-99")
    with pytest.raises(ValueError, match="not a Lifeboats card"):
        lifeboats_card("card-1-white")
