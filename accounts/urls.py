from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("profile/", views.profile, name="profile"),
    path("profile/tokens/", views.token_create, name="token_create"),
    path("profile/tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
    path("profile/blocks/<int:user_id>/", views.block, name="block"),
    path("profile/blocks/<int:user_id>/remove/", views.unblock, name="unblock"),
]
