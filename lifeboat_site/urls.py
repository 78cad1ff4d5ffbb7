from django.contrib import admin
from django.urls import include, path

from accounts import views as accounts_views

urlpatterns = [
    path("admin/", admin.site.urls),
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
    path("anymail/", include("anymail.urls")),
]
