"""The replay page as a reader sees it: seats counted from 1 as on the table, "you" only for the
reader, the board and log in the reader's words."""

import re

import pytest
from django.test import Client
from django.urls import reverse

import engine
from games.board.log import Played
from games.models import Action
from games.present import news
from tests.clubs.helpers import play_to_end, start_table
from tests.factories import UserFactory
from tests.games.board.helpers import text_of

pytestmark = pytest.mark.django_db


def page(user, game, **params) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(reverse("replays:replay", args=[game.pk]), params).content.decode()


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_seats_count_from_one_as_on_the_table(slug):
    users = [UserFactory() for _ in range(4)]
    game = play_to_end(start_table(users, slug=slug), seed=3)
    text = text_of(page(users[0], game, seat=2, step=10))
    assert "As seat 3 saw it" in text
    assert "What only seat 3 could see" in text
    assert re.search(r"seat 1 \(.+\) · seat 2 \(", text)
    table = text_of(Client().get(reverse("games:table", args=[game.pk])).content.decode(), "players-h")
    assert table == "Players"


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_you_is_only_ever_the_reader(slug):
    users = [UserFactory() for _ in range(4)]
    game = play_to_end(start_table(users, slug=slug), seed=5)
    stranger = text_of(page(UserFactory(), game, seat=1, step=30))
    assert not re.search(r"\b[Yy]ou\b", text_of_log(stranger))
    own = text_of(page(users[1], game, seat=1, step=30))
    assert "As you saw it" in own
    other = text_of(page(users[1], game, seat=2, step=30))
    assert "As seat 3 saw it" in other


def text_of_log(text: str) -> str:
    return text[text.index("Log (newest first)") :] if "Log (newest first)" in text else ""


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_the_last_step_shows_the_results_and_an_earlier_one_does_not(slug):
    users = [UserFactory() for _ in range(4)]
    game = play_to_end(start_table(users, slug=slug), seed=7)
    end = text_of(page(users[0], game))
    assert "Results" in end
    assert "Place 1" in end
    for user in users:
        assert user.profile.display_name in end[end.index("Results") :]
    assert "Results" not in text_of(page(users[0], game, step=10))


#: Symbols Debian's Chromium draws as empty boxes (no font of the machine has them).
GLYPHS = re.compile("[⏮⏭◀▶]")


def test_the_step_links_draw_their_icons_instead_of_font_glyphs():
    users = [UserFactory() for _ in range(4)]
    game = play_to_end(start_table(users, slug="lifeboats"), seed=3)
    html = page(users[0], game, step=5)
    assert not GLYPHS.search(html)
    assert html.count('class="step-icon"') == 4  # start, back, forward, end
    learn = Client().get(reverse("replays:learn", args=["lifeboat"]), {"step": 2}).content.decode()
    assert not GLYPHS.search(learn)
    assert learn.count('class="step-icon"') == 2  # back, forward


@pytest.mark.parametrize("slug", ["lifeboat", "lifeboats"])
def test_the_last_step_shows_the_whole_log(slug):
    """The replay's last step is the game's whole story: every line of its log, not the latest."""
    users = [UserFactory() for _ in range(4)]
    game = play_to_end(start_table(users, slug=slug), seed=7)
    rules = game.engine
    view = rules.view(rules.from_json(game.snapshot), None)
    actions = Action.objects.filter(game=game).order_by("seq").values_list("seat_index", "events")
    played = [Played(seat, engine.events_for(events, None, game_over=True)) for seat, events in actions]
    seats = list(game.seats.select_related("user__profile"))
    names = {seat.index: seat.user.profile.display_name for seat in seats}
    reader = next(seat.index for seat in seats if seat.user == users[0])  # "you" on the page
    whole = news(slug, played, view, names, reader)
    html = page(users[0], game, seat="spectator")
    log = html[html.index('id="replay-log-h"') :]
    assert log.count("<li>") == len(whole) > 80
    assert whole[0] in text_of(html)
