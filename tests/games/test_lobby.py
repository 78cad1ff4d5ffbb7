"""Creating and waiting: the create form in words, a game that starts by itself, who may start."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from games.models import Game
from tests.factories import GameFactory, UserFactory
from tests.games.board.helpers import text_of

from .helpers import table_url

pytestmark = pytest.mark.django_db


def test_the_create_form_is_a_page_of_its_own(client):
    client.force_login(UserFactory())
    response = client.get(reverse("games:create"))
    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="num_players"' in page
    assert response.context["form"]["num_players"].value() == 4
    assert f'action="{reverse("games:create")}"' in page


def test_the_create_form_needs_a_signed_in_user(client):
    response = client.get(reverse("games:create"))
    assert response.status_code == 302
    assert reverse("account_login") in response["Location"]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "Shark variant",
                "Every character's Size is one higher",
                "Four sailors each, from this many players",
            ],
        ),
        ("hu", ["Cápás változat"]),
        ("cs", ["Varianta se žraloky"]),
    ],
)
def test_the_options_have_labels_and_explanations_in_the_readers_language(client, language, words):
    user = UserFactory()
    Profile.objects.filter(user=user).update(language=language)
    client.force_login(user)
    text = text_of(client.get(reverse("games:create")).content.decode())
    for word in words:
        assert word in text
    assert "sharks:" not in text
    assert "lifeboat__" not in text


def test_an_open_game_shows_its_options_in_words(client):
    game = GameFactory(slug="lifeboat", num_players=4, options={"sharks": True, "ambivalent_scores": True})
    client.force_login(game.created_by)
    text = text_of(client.get(table_url(game)).content.decode())
    assert "Shark variant: on" in text
    assert "sharks: True" not in text
    lobby = text_of(client.get(reverse("games:lobby")).content.decode())
    assert "Shark variant: on" in lobby


def fill(game, users):
    """Each user takes a seat, in their own browser."""
    for user in users:
        client = Client()
        client.force_login(user)
        client.post(reverse("games:join", args=[game.pk]))


def test_a_full_game_tells_everyone_who_may_start_it(client):
    game = GameFactory(num_players=3)
    Profile.objects.filter(user=game.created_by).update(display_name="Captain Ahab")
    others = [UserFactory(), UserFactory()]
    fill(game, others)
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    client.force_login(others[0])
    text = text_of(client.get(table_url(game)).content.decode())
    assert "Every seat is taken: Captain Ahab, who created the game, may start it now." in text
    client.force_login(game.created_by)
    page = client.get(table_url(game)).content.decode()
    assert "you may start the game now" in text_of(page)
    assert "Start the game" in text_of(page)


def test_a_game_created_to_start_by_itself_starts_when_its_last_seat_is_taken(client):
    creator = UserFactory()
    client.force_login(creator)
    client.post(
        reverse("games:create"),
        {"game": "lifeboats", "num_players": 3, "pace": "24h", "visibility": "public", "auto_start": "on"},
    )
    game = Game.objects.get()
    assert game.auto_start
    text = text_of(client.get(table_url(game)).content.decode())
    assert "The game starts by itself as soon as the last seat is taken." in text
    last = [UserFactory(), UserFactory()]
    fill(game, last[:1])
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    client.force_login(last[1])
    response = client.post(reverse("games:join", args=[game.pk]), follow=True)
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert "You took the last seat: the game has started." in text_of(response.content.decode())


def test_a_game_not_created_to_start_by_itself_waits_for_its_creator(client):
    game = GameFactory(num_players=3)
    fill(game, [UserFactory(), UserFactory()])
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


@pytest.mark.parametrize(
    ("language", "refusal"), [("hu", "A játék már elkezdődött."), ("cs", "Hra už začala.")]
)
def test_a_refusal_because_the_game_started_is_in_the_readers_language(client, language, refusal):
    game = GameFactory(num_players=3)
    fill(game, [UserFactory(), UserFactory()])
    client.force_login(game.created_by)
    game.refresh_from_db()
    client.post(reverse("games:start", args=[game.pk]), {"expected_version": game.version})
    latecomer = UserFactory()
    Profile.objects.filter(user=latecomer).update(language=language)
    client.force_login(latecomer)
    response = client.post(reverse("games:join", args=[game.pk]))
    assert response.status_code == 409
    assert refusal in text_of(response.content.decode())


def test_table_and_rules_answers_vary_on_htmx(client):
    game = GameFactory()
    client.force_login(game.created_by)
    for url in (table_url(game), reverse("games:rules", args=["lifeboat"])):
        assert "HX-Request" in client.get(url)["Vary"]


def test_every_option_a_game_declares_can_be_set_from_the_create_form(client):
    import engine
    from games.forms import GameCreateForm, option_field_name

    form = GameCreateForm()
    for slug, rules in engine.GAMES.items():
        for option in rules.options:
            assert option_field_name(slug, option) in form.fields, (slug, option)
    client.force_login(UserFactory())
    page = client.get(reverse("games:create")).content.decode()
    assert 'name="lifeboats__island_lanes"' in page
    assert "Lanes per island" in text_of(page)
    response = client.post(
        reverse("games:create"),
        {
            "game": "lifeboats",
            "num_players": 3,
            "pace": "24h",
            "visibility": "public",
            "lifeboats__island_lanes": "3, 1, 3",
        },
    )
    assert response.status_code == 302
    assert Game.objects.get().options["island_lanes"] == [3, 1, 3]


@pytest.mark.parametrize("lanes", ["3, 3, 3", "a, b, c", "7"])
def test_lanes_that_do_not_share_seven_are_refused_by_the_form(client, lanes):
    client.force_login(UserFactory())
    data = {"game": "lifeboats", "num_players": 3, "pace": "24h", "visibility": "public"}
    response = client.post(reverse("games:create"), {**data, "lifeboats__island_lanes": lanes})
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_a_list_option_without_a_menu_is_typed_as_numbers():
    from django import forms as django_forms

    from games.forms import IntListField

    field = IntListField(required=False)
    assert field.clean("2, 2,3") == [2, 2, 3]
    assert field.clean("") is None
    with pytest.raises(django_forms.ValidationError):
        field.clean("two")


def option_fieldsets(html: str) -> dict[str, bool]:
    """{game slug: whether its options' fieldset is shown} in a page's create form."""
    return {
        slug: hidden == ""
        for slug, hidden in re.findall(r'<fieldset data-options-for="([a-z]+)"( hidden)?>', html)
    }


def test_the_create_form_shows_only_the_chosen_games_options(client):
    client.force_login(UserFactory())
    assert option_fieldsets(client.get("/games/").content.decode()) == {"lifeboat": True, "lifeboats": False}
    asked = client.get("/games/new/?game=lifeboats").content.decode()
    assert option_fieldsets(asked) == {"lifeboat": False, "lifeboats": True}
    assert 'href="?game=lifeboat"' in asked  # without JavaScript: a link to the other's options
    refused = client.post("/games/new/", {"game": "lifeboats", "num_players": "99", "pace": "24h"})
    assert refused.status_code == 400
    assert option_fieldsets(refused.content.decode()) == {"lifeboat": False, "lifeboats": True}
