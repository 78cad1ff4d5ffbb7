from django.urls import path

from . import views

app_name = "ratings"
urlpatterns = [
    path("players/<int:user_id>/", views.player, name="player"),
    path("leaderboards/<slug:slug>/", views.leaderboard, name="leaderboard"),
]
