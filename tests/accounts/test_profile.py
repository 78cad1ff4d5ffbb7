import datetime as dt
import zoneinfo

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts import selectors, services
from accounts.forms import ProfileForm
from accounts.middleware import UserPreferencesMiddleware
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PROFILE_URL = "/accounts/profile/"


def profile_data(**overrides) -> dict:
    data = {
        "display_name": "Captain Ada",
        "time_zone": "Europe/Budapest",
        "language": "hu",
        "notify_mode": "digest",
        "quiet_hours_start": "22:00",
        "quiet_hours_end": "07:30",
        "email_opt_out": "",
    }
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


def save_profile(user, **overrides):
    """Write settings the way the page does: through ProfileForm and services.update_profile."""
    form = ProfileForm(profile_data(**overrides), user=user)
    assert form.is_valid(), form.errors
    return services.update_profile(user=user, **form.cleaned_data)


def test_profile_url_is_stable():
    assert reverse("accounts:profile") == PROFILE_URL


def test_anonymous_visitor_is_sent_to_sign_in(client):
    response = client.get(PROFILE_URL)
    assert response.status_code == 302
    assert response.url == f"{reverse('account_login')}?next={PROFILE_URL}"


def test_edit_profile_saves_and_redirects(client):
    user = UserFactory()
    client.force_login(user)

    response = client.post(PROFILE_URL, profile_data())

    assert response.status_code == 302
    assert response.url == PROFILE_URL
    user.refresh_from_db()
    profile = user.profile
    assert profile.display_name == "Captain Ada"
    assert profile.time_zone == "Europe/Budapest"
    assert profile.language == "hu"
    assert profile.notify_mode == "digest"
    assert profile.quiet_hours_start == dt.time(22, 0)
    assert profile.quiet_hours_end == dt.time(7, 30)
    assert profile.email_opt_out is False


def test_unknown_time_zone_is_a_form_error_not_a_crash(client):
    user = UserFactory()
    client.force_login(user)

    response = client.post(PROFILE_URL, profile_data(time_zone="Mars/Olympus_Mons"))

    assert response.status_code == 200
    assert "time_zone" in response.context["form"].errors
    user.refresh_from_db()
    assert user.profile.time_zone == "UTC"


def test_half_given_quiet_hours_are_refused(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(PROFILE_URL, profile_data(quiet_hours_end=""))
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    user.refresh_from_db()
    assert user.profile.quiet_hours_start is None


def test_display_name_taken_by_another_player_is_refused_case_insensitively(client):
    other = UserFactory()
    save_profile(other, display_name="Barnacle")
    user = UserFactory()
    client.force_login(user)

    response = client.post(PROFILE_URL, profile_data(display_name="barnacle"))

    assert response.status_code == 200
    assert "display_name" in response.context["form"].errors
    user.refresh_from_db()
    assert user.profile.display_name != "barnacle"


def test_profile_page_shows_only_the_signed_in_users_data(client):
    other = UserFactory(email="secret-sailor@example.com")
    save_profile(other, display_name="Other Sailor")
    services.create_api_token(user=other, name="other's bot")
    user = UserFactory(email="me@example.com")
    client.force_login(user)

    page = client.get(PROFILE_URL).content.decode()

    assert "me@example.com" in page
    assert "secret-sailor@example.com" not in page
    assert "Other Sailor" not in page
    assert "other&#x27;s bot" not in page
    assert "other's bot" not in page


def test_header_shows_display_name_not_email(client):
    user = UserFactory(email="hidden@example.com")
    save_profile(user, display_name="Bosun")
    client.force_login(user)
    page = client.get(reverse("account_email")).content.decode()
    header = page.split("</header>")[0]
    assert "Bosun" in header
    assert "hidden@example.com" not in header


def test_pages_are_served_in_the_users_language(client):
    user = UserFactory()
    save_profile(user)
    client.force_login(user)

    response = client.get(PROFILE_URL)

    assert response.headers["Content-Language"] == "hu"
    assert '<html lang="hu">' in response.content.decode()
    # The zone is active only during the request: nothing leaks into the next one.
    assert timezone.get_current_timezone_name() == "UTC"


def test_time_zone_is_active_while_the_view_runs(rf):

    user = UserFactory()
    save_profile(user, time_zone="Asia/Tokyo")
    seen = {}

    def view(request):
        seen["zone"] = timezone.get_current_timezone_name()
        seen["lang"] = translation.get_language()
        return None

    request = rf.get("/")
    request.user = user
    UserPreferencesMiddleware(view)(request)

    assert seen == {"zone": "Asia/Tokyo", "lang": "hu"}
    assert timezone.get_current_timezone_name() == "UTC"


def test_csrf_is_enforced_on_profile_post():
    user = UserFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)

    response = client.post(PROFILE_URL, profile_data())

    assert response.status_code == 403
    user.refresh_from_db()
    assert user.profile.display_name != "Captain Ada"

    page = client.get(PROFILE_URL)
    token = page.context["csrf_token"]
    response = client.post(PROFILE_URL, {**profile_data(), "csrfmiddlewaretoken": str(token)})
    assert response.status_code == 302


def test_quiet_hours_wrap_midnight_in_the_users_zone():
    user = UserFactory()
    profile = save_profile(user)  # 22:00-07:30 Budapest
    budapest = zoneinfo.ZoneInfo("Europe/Budapest")
    assert profile.in_quiet_hours(dt.datetime(2026, 1, 10, 23, 0, tzinfo=budapest))
    assert profile.in_quiet_hours(dt.datetime(2026, 1, 10, 6, 0, tzinfo=budapest))
    assert not profile.in_quiet_hours(dt.datetime(2026, 1, 10, 12, 0, tzinfo=budapest))
    # 21:30 UTC is 22:30 in Budapest in winter.
    assert profile.in_quiet_hours(dt.datetime(2026, 1, 10, 21, 30, tzinfo=dt.UTC))


def test_display_name_defaults_to_a_generated_name_and_stays_unique():
    first = UserFactory(email="sam@example.com")
    second = UserFactory(email="SAM@example.org")
    names = selectors.display_names([first, second])
    assert names[first.pk] != names[second.pk]
    assert all(name.startswith("Player ") and "sam" not in name.lower() for name in names.values())


def test_the_api_help_shows_the_token_placeholder(client):
    client.force_login(UserFactory())
    page = client.get(PROFILE_URL).content.decode()
    assert "Bearer &lt;token&gt;" in page


@pytest.mark.parametrize(
    "backend",
    ["django.contrib.auth.backends.ModelBackend", "allauth.account.auth_backends.AuthenticationBackend"],
)
def test_a_session_signed_in_with_a_former_backend_stays_signed_in(client, backend):
    user = UserFactory()
    save_profile(user)  # Hungarian
    client.force_login(user, backend=backend)
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 200
    assert response.wsgi_request.user == user
    assert response.wsgi_request.LANGUAGE_CODE == "hu"
    assert client.session["_auth_user_backend"].startswith("accounts.backends.")
