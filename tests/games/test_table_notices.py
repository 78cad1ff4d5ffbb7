"""The table page tells everyone which seats are absent (auto-played) and offers "I'm back"."""

import pytest

from games import services as game_services
from games.models import Seat
from games.services import turns
from notifications import preferences, writes

from .helpers import start_game, table_url, waiting_seat_and_action

pytestmark = pytest.mark.django_db


def test_an_absent_seat_is_shown_to_the_others_and_offered_a_way_back(client):
    game, users = start_game("lifeboats", 3)
    Seat.objects.filter(game=game, index=1).update(absent=True)

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


def notices_seen(client, game) -> str:
    return client.get(table_url(game)).content.decode()


def test_the_cached_notices_follow_every_change(client, django_capture_on_commit_callbacks):
    """Read once (and cached), the notices still show each change at the next page load."""
    game, users = start_game("lifeboats", 3)
    client.force_login(users[0])
    assert "No mail from this game" in notices_seen(client, game)

    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/games/{game.pk}/mute/", {"mute": "1"})
    assert "Mail me about this game again" in notices_seen(client, game)

    with django_capture_on_commit_callbacks(execute=True):
        preferences.start_vacation(user=users[1], days=2)
    assert "on vacation until" in notices_seen(client, game)
    with django_capture_on_commit_callbacks(execute=True):
        preferences.end_vacation(user=users[1])
    assert "on vacation until" not in notices_seen(client, game)

    writes.record_writes(game_ids=[game.pk])  # the start's bookkeeping, as its task does
    seat, _action = waiting_seat_and_action(game)
    Seat.objects.filter(game=game, index=seat).update(timeouts=turns.idle_limit(game) - 1)
    game_services.apply_default_action(game_id=game.pk, seat_index=seat, expected_version=game.version)
    with django_capture_on_commit_callbacks(execute=True):
        writes.record_writes(game_ids=[game.pk])  # the idle ladder marks the seat absent
    assert "absent: played automatically" in notices_seen(client, game)
    with django_capture_on_commit_callbacks(execute=True):
        preferences.mark_present(user=users[seat], game_id=game.pk)
    assert "absent: played automatically" not in notices_seen(client, game)
