from django.urls import path

from . import views

app_name = "notifications"
urlpatterns = [
    path("mail/act/<str:token>/", views.act, name="act"),
    path("mail/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("mail/settings/", views.settings_page, name="settings"),
    path("mail/push/subscribe/", views.push_subscribe, name="push_subscribe"),
    path("mail/push/unsubscribe/", views.push_unsubscribe, name="push_unsubscribe"),
    path("mail/address/", views.address, name="address"),
    path("mail/address/confirm/<str:token>/", views.address_confirm, name="address_confirm"),
    path("games/<int:game_id>/mute/", views.mute, name="mute"),
    path("games/<int:game_id>/back/", views.back, name="back"),
]
