"""Vacations in whole days: the days charged are the days the deadlines moved by."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Seat
from notifications import preferences
from notifications.models import Prompt, Vacation
from tests.factories import UserFactory

from .helpers import play, start_game, waiting

pytestmark = pytest.mark.django_db


def deadline(game, seat: int) -> dt.datetime:
    return Seat.objects.get(game=game, index=seat).due_at


def test_ending_at_once_charges_one_day_and_moves_the_deadline_back_to_one_day(
    django_capture_on_commit_callbacks,
):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    due = deadline(game, seat)
    preferences.start_vacation(user=users[seat], days=2)
    assert deadline(game, seat) == due + dt.timedelta(days=2)
    assert preferences.end_vacation(user=users[seat]) == 1
    assert deadline(game, seat) == due + dt.timedelta(days=1)
    assert preferences.vacation_days_left(user=users[seat]) == 20
    prompt = Prompt.objects.get(game=game, seat_index=seat, closed_at__isnull=True)
    assert prompt.due_at == deadline(game, seat)  # the mail's links expire with it


def test_the_days_really_used_are_charged_rounded_up(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    user, due = users[seat], deadline(game, seat)
    start = timezone.now()
    preferences.start_vacation(user=user, days=10, now=start)
    assert preferences.end_vacation(user=user, now=start + dt.timedelta(days=3, hours=2)) == 4
    assert deadline(game, seat) == due + dt.timedelta(days=4)
    assert preferences.vacation_days_used(user=user, year=start.year) == 4


def test_starting_and_ending_again_and_again_cannot_stall_a_game(django_capture_on_commit_callbacks):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    user, due = users[seat], deadline(game, seat)
    taken = 0
    while preferences.vacation_days_left(user=user) >= 2:
        preferences.start_vacation(user=user, days=2)
        preferences.end_vacation(user=user)
        taken += 1
    assert taken == 20  # one day charged each time, within the budget of 21
    assert deadline(game, seat) == due + dt.timedelta(days=taken)


def test_a_seat_asked_while_away_keeps_a_full_pace_after_an_early_return(django_capture_on_commit_callbacks):
    """At a table without assistants the game waits for a player away (where assistants are
    allowed theirs decides for them: tests/games/test_assistant.py)."""
    game, users = start_game(
        django_capture_on_commit_callbacks, slug="lifeboats", num_players=3, assistants=False
    )
    seat = waiting(game)[0]
    others = [i for i in range(len(users)) if i != seat]
    start = timezone.now()
    for index in others:
        preferences.start_vacation(user=users[index], days=5, now=start)
    game = play(django_capture_on_commit_callbacks, game, seat=seat)
    asked = [i for i in waiting(game) if i in others]
    assert asked
    back = timezone.now()
    for index in asked:
        preferences.end_vacation(user=users[index], now=back)
        assert (
            back + game.pace_delta <= deadline(game, index) <= back + dt.timedelta(days=1) + game.pace_delta
        )


def test_the_settings_page_shows_whole_days(client, django_capture_on_commit_callbacks):
    _game, users = start_game(django_capture_on_commit_callbacks)
    client.force_login(users[0])
    client.post(reverse("notifications:settings"), {"days": "2"})
    client.post(reverse("notifications:settings"), {"end": "1"})
    page = client.get(reverse("notifications:settings")).content.decode()
    assert "20 of 21 vacation days left" in page


@pytest.mark.parametrize("days", ["abc", "-1", "0", "1.5", "", "99999999999999999999999", "22", "1e3"])
def test_a_bad_number_of_days_is_a_form_error_and_changes_nothing(
    client, django_capture_on_commit_callbacks, days
):
    game, users = start_game(django_capture_on_commit_callbacks)
    seat = waiting(game)[0]
    due = deadline(game, seat)
    client.force_login(users[seat])
    response = client.post(reverse("notifications:settings"), {"days": days})
    assert response.status_code == 400
    errors = response.context["form"].errors["days"]
    assert errors
    assert "invalid literal" not in response.content.decode()
    assert not Vacation.objects.exists()
    assert deadline(game, seat) == due


def test_the_settings_page_is_headed_by_what_it_holds(client):
    """One h1 naming the page before its first card (the vacation card used to be the page's top,
    its h1 "Vacation", right under the navigation)."""
    client.force_login(UserFactory())
    page = client.get(reverse("notifications:settings")).content.decode()
    main = page[page.index("<main") :]
    assert main.count("<h1>") == 1
    assert main.index("<h1>Mail and vacation</h1>") < main.index('class="card"')
