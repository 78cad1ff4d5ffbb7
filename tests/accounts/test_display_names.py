"""Display names that look alike are one name: spaces, invisible characters, other scripts, case."""

import pytest

from accounts import selectors, services
from accounts.names import normalise, skeleton
from tests.factories import UserFactory

from .test_profile import PROFILE_URL, profile_data, save_profile

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "lookalike",
    [
        "Ann  Anchor",
        "\u0410nn Anchor",
        "Ann\u200b Anchor",
        "ANN ANCHOR",
        "\uff21nn Anchor",
        " Ann Anchor\u2060",
    ],
)
def test_a_lookalike_of_a_taken_name_is_refused(client, lookalike):
    save_profile(UserFactory(), display_name="Ann Anchor")
    user = UserFactory()
    client.force_login(user)
    response = client.post(PROFILE_URL, profile_data(display_name=lookalike))
    assert response.status_code == 200
    assert "display_name" in response.context["form"].errors
    assert selectors.display_name_taken(lookalike)


def test_names_are_stored_normalised_and_different_names_pass(client):
    save_profile(UserFactory(), display_name="Ann Anchor")
    user = UserFactory()
    client.force_login(user)
    response = client.post(PROFILE_URL, profile_data(display_name="  Ánn\u200b   Ankor "))
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.profile.display_name == "Ánn Ankor"
    assert user.profile.name_key == skeleton("Ánn Ankor")


def test_normalise_and_skeleton():
    assert normalise("Ann\u3164 \u200bAnchor") == "Ann Anchor"
    assert skeleton("\u0410nn Anchor") == skeleton("ann anchor")
    assert skeleton("Zoë") != skeleton("Zoe")


def test_the_default_name_reveals_nothing_of_the_address():
    user = UserFactory(email="secret.sailor+games@example.com")
    name = selectors.display_name(user)
    assert name.startswith("Player ")
    assert "secret" not in name.lower()
    assert "sailor" not in name.lower()
    other = UserFactory(email="secret.sailor@example.org")
    assert selectors.display_name(other) != name
    assert services.default_display_name().startswith("Player ")
