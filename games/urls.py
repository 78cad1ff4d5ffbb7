from django.urls import path

from . import assistant_views, table_views, views

app_name = "games"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/", views.lobby_page, name="lobby"),
    path("games/new/", views.create, name="create"),
    path("games/history/", views.history, name="history"),
    path("games/watch/", views.watch, name="watch"),
    path("games/next/", views.next_waiting, name="next"),
    path("games/assistant/", assistant_views.defaults, name="assistant_defaults"),
    path("games/rules/<slug:slug>/", table_views.rules, name="rules"),
    path("games/learn/<slug:slug>/dismiss/", views.learn_dismiss, name="learn_dismiss"),
    path("games/<int:game_id>/", views.table, name="table"),
    path("games/<int:game_id>/act/", views.act, name="act"),
    path("games/<int:game_id>/assistant/", assistant_views.assistant, name="assistant"),
    path("games/<int:game_id>/ahead/", assistant_views.ahead, name="ahead"),
    path("games/<int:game_id>/version/", table_views.version, name="version"),
    path("games/<int:game_id>/trade/", table_views.trade, name="trade"),
    path("games/<int:game_id>/compose/", table_views.compose, name="compose"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/leave/", views.leave, name="leave"),
    path("games/<int:game_id>/start/", views.start, name="start"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/abandon/", views.abandon, name="abandon"),
    path("games/<int:game_id>/invite/", views.invite, name="invite"),
    path("games/<int:game_id>/seats/", views.seats, name="seats"),
    path("games/<int:game_id>/bots/", views.fill_with_bots, name="fill_with_bots"),
    path("games/<int:game_id>/cancel/", views.cancel, name="cancel"),
    path("games/<int:game_id>/vote/abandon/", views.vote_abandon, name="vote_abandon"),
    path("games/<int:game_id>/vote/bot/", views.vote_bot, name="vote_bot"),
    path("games/<int:game_id>/seat/offer/", views.seat_offer, name="seat_offer"),
    path("games/<int:game_id>/seat/take/", views.seat_take, name="seat_take"),
    path("games/<int:game_id>/seat/bot/", views.seat_to_bot, name="seat_to_bot"),
    path("games/<int:game_id>/rematch/", views.rematch, name="rematch"),
]
