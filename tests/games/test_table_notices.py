"""The table page tells everyone which seats are absent (auto-played) and offers "I'm back"."""

import pytest

from notifications.models import SeatStatus

from .helpers import start_game, table_url

pytestmark = pytest.mark.django_db


def test_an_absent_seat_is_shown_to_the_others_and_offered_a_way_back(client):
    game, users = start_game("lifeboats", 3)
    SeatStatus.objects.update_or_create(game=game, seat_index=1, defaults={"absent": True})

    client.force_login(users[0])
    others_page = client.get(table_url(game)).content.decode()
    assert "absent: played automatically until they act again" in others_page
    assert "I&#x27;m back" not in others_page
    assert "I'm back" not in others_page

    client.force_login(users[1])
    own_page = client.get(table_url(game)).content.decode()
    assert "I&#x27;m back" in own_page or "I'm back" in own_page


def test_without_absences_no_seat_is_marked(client):
    game, users = start_game("lifeboats", 3)
    client.force_login(users[0])
    assert "absent: played automatically" not in client.get(table_url(game)).content.decode()
