from django.conf import settings
from django.contrib import admin
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import include, path

from accounts import admin_access
from accounts import views as accounts_views
from lifeboat_site.health import HealthView

admin_access.secure(admin.site)


def favicon(request):
    """Browsers and feed readers ask for /favicon.ico whatever a page links: the site's icon."""
    return redirect(static("site/favicon.svg"), permanent=True)


urlpatterns = [
    path(settings.ADMIN_PATH, admin.site.urls),
    path("health/", HealthView.as_view(), name="health"),
    path("favicon.ico", favicon),
    path("i18n/setlang/", accounts_views.set_language, name="set_language"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("api/", include("games.api_urls")),
    path("", include("chat.urls")),
    path("", include("games.urls")),
    path("clubs/", include("clubs.urls")),
    path("clubs/<slug:slug>/seasons/", include("leagues.urls")),
    path("", include("ratings.urls")),
    path("", include("replays.urls")),
    path("", include("notifications.urls")),
    path("anymail/", include("lifeboat_site.anymail_urls")),
]
