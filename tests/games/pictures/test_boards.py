"""The boards: what a player can see on them and read in their text equivalent."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.utils import translation

import engine
from games.lifeboat import faces as lifeboat_faces
from games.lifeboat import picture as lb_pic
from games.lifeboats import picture as lbs_pic
from games.pictures.sprite import sprite_path

from .helpers import BOATS_SPRITE, NAMES, SPRITE, SVG, picture
from .moments import LIFEBOAT, LIFEBOATS, play_to

LB = engine.get_game("lifeboat")
LBS = engine.get_game("lifeboats")


def lifeboat_at(name: str) -> object:
    players, wanted = next((p, w) for n, p, w in LIFEBOAT if n == name)
    return play_to("lifeboat", players, wanted)


def lifeboats_at(name: str) -> object:
    players, wanted = next((p, w) for n, p, w in LIFEBOATS if n == name)
    return play_to("lifeboats", players, wanted)


def lifeboat_board(state, seat, **hooks):
    return picture(lb_pic.lifeboat_board(LB.view(state, seat), NAMES, sprite=SPRITE, **hooks))


def lifeboats_board(state, seat, **hooks):
    return picture(lbs_pic.lifeboats_board(LBS.view(state, seat), NAMES, sprite=BOATS_SPRITE, **hooks))


# -- both ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "draw",
    [lambda: lifeboat_board(lifeboat_at("fight"), 0), lambda: lifeboats_board(lifeboats_at("vote"), 0)],
)
def test_a_board_scales_to_a_phone_and_uses_no_inline_style(draw):
    board = draw()
    _x, _y, width, _h = (float(v) for v in board.root.get("viewBox").split())
    assert board.root.get("width") == "100%"
    assert width <= 420  # at 390 px the drawing is shown at about its own size: text stays legible
    assert board.styled() == []
    assert board.root.get("role") == "img"
    assert (
        board.root.get("aria-labelledby")
        == f"{board.root.find(f'{SVG}title').get('id')} {board.root.find(f'{SVG}desc').get('id')}"
    )


def test_what_the_view_says_is_escaped_never_markup():
    names = {0: '<script>alert("x")</script>', 1: '"><g onload="x">', 2: "A & B", 3: "D"}
    state = lifeboat_at("navigation")
    board = picture(lb_pic.lifeboat_board(LB.view(state, 0), names, sprite='/s.svg"><x'))
    assert not [e for e in board.root.iter() if e.tag.endswith("script") or "onload" in e.attrib]
    assert '<script>alert("x")</script>' in board.description
    assert "A & B" in board.description
    boats = picture(lbs_pic.lifeboats_board(LBS.view(lifeboats_at("vote"), 1), names, sprite=BOATS_SPRITE))
    assert '"><g onload="x">, you' in boats.description


def test_the_lifeboats_text_keeps_a_lower_case_name_as_its_player_wrote_it():
    names = {0: "dj kat", 1: "van dijk", 2: "ørn", 3: "zoë"}
    for seat in (0, 1):
        text = picture(
            lbs_pic.lifeboats_board(LBS.view(lifeboats_at("vote"), seat), names, sprite=BOATS_SPRITE)
        )
        for name in names.values():
            assert name[:1].upper() + name[1:] not in text.description
        assert sum(f". {name}" in text.description for name in names.values()) > 0


# -- Lifeboat ---------------------------------------------------------------------------------------
def test_the_lifeboat_says_who_sits_where_bow_to_stern_and_marks_the_reader():
    state = lifeboat_at("fight")
    view = LB.view(state, 2)
    board = lifeboat_board(state, 2)
    desc = board.description
    assert board.title == "The lifeboat from bow (left) to stern (right)"
    places = [desc.index(f"{i}. ") for i in range(1, len(view["boat"]) + 1)]
    assert places == sorted(places)
    for place, seat in enumerate(view["boat"], start=1):
        p = view["players"][seat]
        reader = ", you" if seat == 2 else ""
        assert f"{place}. {p['name']} ({NAMES[seat]}{reader}): {p['wounds']} of {p['size']} wounds" in desc
    assert f"Birds: {view['birds']} of 4." in desc
    assert "attacker" in desc
    assert "defender" in desc
    assert [int(s) for s in board.with_data("seat")] == [
        *view["boat"],
        *(p["seat"] for p in view["players"] if not p["in_boat"]),
    ]


def test_the_lifeboat_is_drawn_in_the_reader_s_language():
    state = lifeboat_at("action")
    with translation.override("hu"):
        board = lifeboat_board(state, 0)
    assert board.title == "A mentőcsónak az orrától (balra) a tatjáig (jobbra)"
    assert "Madarak" in board.description
    assert "Kapitány" in board.texts() or "Kapitány" in " ".join(board.texts())


def test_cards_face_up_are_drawn_in_front_of_their_owner():
    state = lifeboat_at("action")
    view = LB.view(state, 0)
    board = lifeboat_board(state, 0)
    parents = {child: parent for parent in board.root.iter() for child in parent}
    assert any(p["table"] for p in view["players"])
    for p in view["players"]:
        seat_part = board.part(f"seat:{p['seat']}")
        # beside the seat's part (never a part to choose inside another), placed as the seat is
        assert not [e for e in seat_part.iter() if e.get("data-card")]
        cards = [parents[board.part(f"card:{c['id']}")] for c in p["table"]]
        assert all(group is cards[0] for group in cards)
        if cards:
            siblings = list(parents[seat_part])
            assert siblings[siblings.index(seat_part) + 1] is cards[0]
            assert cards[0].get("transform") == seat_part.get("transform")
        for card in p["table"]:
            use = board.part(f"card:{card['id']}").find(f"{SVG}use")
            assert use.get("href") == f"{SPRITE}#{lifeboat_faces.lifeboat_card(card['id']).face}"


def test_the_row_stack_is_face_down_except_for_the_navigator_looking_at_it():
    state = lifeboat_at("navigation")
    navigator = state.navigator
    other = next(s for s in range(state.n) if s != navigator)
    assert len(state.row_stack) >= 2
    mine = lifeboat_board(state, navigator).part("row_stack")
    theirs = lifeboat_board(state, other).part("row_stack")
    assert sorted(e.get("data-card") for e in mine.iter() if e.get("data-card")) == sorted(state.row_stack)
    assert [e.get("href").split("#")[1] for e in theirs.iter(f"{SVG}use")] == ["back-navigation"] * len(
        state.row_stack
    )
    assert "navigator" in lifeboat_board(state, other).description


def test_characters_gone_overboard_float_beside_the_boat():
    state = play_to("lifeboat", 6, lambda s: 0 < len(s.boat) < s.n)
    view = LB.view(state, None)
    board = lifeboat_board(state, None)
    gone = [p for p in view["players"] if not p["in_boat"]]
    for p in gone:
        assert "overboard" in " ".join(
            "".join(t.itertext()) for t in board.part(f"seat:{p['seat']}").iter(f"{SVG}text")
        )
        assert f"{p['name']} ({NAMES[p['seat']]}) went overboard and is dead." in board.description
    # they are drawn after (sternward of) everyone still in the boat
    order = [int(s) for s in board.with_data("seat")]
    assert order[-len(gone) :] == [p["seat"] for p in gone]


def test_changed_and_choosable_parts_are_marked():
    state = lifeboat_at("action")
    view = LB.view(state, 0)
    card = next(c["id"] for p in view["players"] for c in p["table"])
    board = lifeboat_board(
        state, 0, changed={"seat:1", f"card:{card}", "birds"}, choosable={"seat:2", f"card:{card}"}
    )
    assert "pic-changed" in board.classes("seat:1")
    assert (
        board.part("seat:1").find(f"{SVG}rect[@class='pic-marker']") is not None
    )  # drawn, not only animated
    assert {"pic-changed", "pic-choice"} <= board.classes(f"card:{card}")
    assert "pic-changed" in board.classes("birds")
    assert "pic-choice" in board.classes("seat:2")
    assert "pic-changed" not in board.classes("seat:2")
    assert board.part("seat:2").get("data-seat") == "2"


# -- Lifeboats --------------------------------------------------------------------------------------
def _translate(part) -> tuple[float, float]:
    x, y = re.match(r"translate\((-?[\d.]+) (-?[\d.]+)\)", part.get("transform")).groups()
    return float(x), float(y)


def sprite_symbol(game: str, language: str, symbol: str):
    root = ET.fromstring(sprite_path(game, language).read_text(encoding="utf-8"))
    return next(s for s in root.iter(f"{SVG}symbol") if s.get("id") == symbol)


def test_lanes_are_numbered_1_to_7_left_to_right_and_boats_sit_over_their_number():
    state = lifeboats_at("vote")
    view = LBS.view(state, 0)
    board = lifeboats_board(state, 0)
    centres = {}
    for lane in range(1, 8):
        part = board.part(f"lane:{lane}")
        symbol = part.get("href").split("#")[1]
        assert "".join(sprite_symbol("lifeboats", "en", symbol).itertext()) == str(lane)
        centres[lane] = float(part.get("x")) + float(part.get("width")) / 2
    assert sorted(centres, key=centres.get) == list(range(1, 8))
    for b in view["boats"]:
        if b["status"] == "sea":
            x, _y = _translate(board.part(f"boat:{b['colour']}"))
            assert abs(x + 25 - centres[b["lane"]]) < 1, b["colour"]
            assert f"in lane {b['lane']}," in board.description


def test_figures_show_owner_and_rank_by_shape_and_letter():
    state = lifeboats_at("vote")
    view = LBS.view(state, 0)
    board = lifeboats_board(state, 0)
    colour_of = {p["seat"]: p["colour"] for p in view["players"]}
    figures = [t for b in view["boats"] for t in b["seats"] if t and "id" in t]
    assert figures
    for fig in figures:
        symbol = board.part(f"figure:{fig['id']}").get("href").split("#")[1]
        assert symbol == f"fig-{fig['rank']}-{colour_of[fig['owner']]}"
    letters = {"red": ("R", "P", "Č"), "blue": ("B", "K", "M"), "black": ("K", "F", "Čn")}
    for colour, (en, hu, cs) in letters.items():
        sailor = sprite_symbol("lifeboats", "en", f"fig-sailor-{colour}")
        officer = sprite_symbol("lifeboats", "en", f"fig-officer-{colour}")
        assert sailor.find(f"{SVG}circle") is not None  # a disc
        assert officer.find(f"{SVG}path") is not None  # a diamond
        assert "".join(sailor.itertext()) == en
        assert "".join(sprite_symbol("lifeboats", "hu", f"fig-officer-{colour}").itertext()) == hu
        assert "".join(sprite_symbol("lifeboats", "cs", f"fig-sailor-{colour}").itertext()) == cs


def test_islands_show_their_points_and_who_is_ashore_and_the_harbour_who_landed():
    state = lifeboats_at("landing")
    view = LBS.view(state, 0)
    board = lifeboats_board(state, 0)
    left = " ".join("".join(t.itertext()) for t in board.part("island:left").iter(f"{SVG}text"))
    assert "Left island" in left
    assert "6" in left
    assert "8" in left
    ashore = [f["id"] for island in view["islands"].values() for f in island["figures"]]
    assert set(ashore) <= set(board.with_data("figure"))
    landed = [b for b in view["boats"] if b["status"] == "landed"]
    assert landed
    in_harbour = [e.get("data-boat") for e in board.part("harbour").iter() if e.get("data-boat")]
    assert in_harbour == [b["colour"] for b in sorted(landed, key=lambda b: b["harbour"])]
    for b in landed:
        assert f"harbour space {b['harbour']}." in board.description


def test_players_show_hats_points_and_whether_they_have_voted_not_what():
    state = lifeboats_at("vote")
    view = LBS.view(state, 0)
    board = lifeboats_board(state, 0)
    for p in view["players"]:
        assert f"{p['hats']} of 3 captain's hats left, {p['points']} points" in board.description
    voted = view["vote"]["cast"]
    assert voted
    for seat in view["vote"]["eligible"]:
        plays = ", you play " if seat == 0 else " plays "
        sentence = board.description.split(f"{NAMES[seat]}{plays}", 1)[1].split(".")[0]
        assert ("has voted" if seat in voted else "has not voted yet") in sentence
    cast_by_others = [LBS.view(state, s)["you"]["cast_id"] for s in voted if s != 0]
    assert cast_by_others
    assert not [c for c in cast_by_others if c in board.markup]


def test_the_boat_an_ejection_is_about_is_marked():
    state = lifeboats_at("ejection")
    view = LBS.view(state, 0)
    board = lifeboats_board(state, 0)
    boat = board.part(f"boat:{view['vote']['boat']}")
    assert boat.find(f"{SVG}rect[@stroke-dasharray='3 2']") is not None


def test_after_a_reveal_the_boats_a_decision_is_among_are_marked_and_named():
    state = play_to(
        "lifeboats",
        4,
        lambda s: (
            s.phase in ("leak", "move") and s.vote is not None and s.vote.revealed and s.vote.outcome is None
        ),
    )
    view = LBS.view(state, 0)
    board = lifeboats_board(state, 0)
    among = view["vote"]["among"]
    for b in view["boats"]:
        marked = (
            board.part(f"boat:{b['colour']}").find(f"{SVG}rect[@stroke-dasharray='3 2']") is not None
            if b["lane"]
            else False
        )
        assert marked == (b["colour"] in among), b["colour"]
    assert (
        f"{NAMES[view['vote']['decider']]}{', you' if view['vote']['decider'] == 0 else ''} decides among"
        in board.description
    )


# -- bots ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "hu", "cs"])
@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_a_bots_seat_shows_its_bot_mark_however_its_name_is_cut(slug, language):
    """ "Bot Ada (bot)" was cut to "Bot Ada…" on the board, hiding that the seat is a bot's: the
    board draws the bot's mark and the bot's own name (the whole name is the mark's title)."""
    from games.seats import bot_name

    with translation.override(language):
        names = {**NAMES, 1: bot_name("Faraday"), 2: bot_name("Ada")}
        if slug == "lifeboat":
            drawn = lb_pic.lifeboat_board(LB.view(lifeboat_at("fight"), 0), names, sprite=SPRITE)
        else:
            drawn = lbs_pic.lifeboats_board(LBS.view(lifeboats_at("vote"), 0), names, sprite=BOATS_SPRITE)
    board = picture(drawn)
    marks = [g for g in board.root.iter(f"{SVG}g") if g.get("class") == "pic-bot"]
    assert sorted(g.find(f"{SVG}title").text for g in marks) == sorted([names[1], names[2]])
    texts = board.texts()
    assert "Ada" in texts
    assert any(t == "Faraday" or (t.endswith("…") and "Faraday".startswith(t[:-1])) for t in texts)
    assert not [t for t in texts if t.startswith(str(names[1])[:3]) and t != "Faraday"], texts
