"""The site's URLconf plus a view that fails, for the production logging test (never mounted by
the site itself)."""

from django.urls import include, path


def boom(request):
    raise ZeroDivisionError("the boom view fails on purpose")


urlpatterns = [path("boom/", boom), path("", include("lifeboat_site.urls"))]
