from django.urls import path

from . import views

app_name = "chat"
urlpatterns = [
    path("games/<int:game_id>/chat/", views.chat, name="chat"),
]
