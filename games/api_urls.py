from django.urls import path

from . import api

app_name = "api"
urlpatterns = [
    path("games/", api.game_list, name="games"),
    path("games/<int:game_id>/", api.game_detail, name="game"),
    path("games/<int:game_id>/actions/", api.action_create, name="actions"),
]
