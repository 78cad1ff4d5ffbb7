from django.urls import path

from . import views

app_name = "leagues"
urlpatterns = [
    path("", views.archive, name="archive"),
    path("new/", views.season_new, name="new"),
    path("<int:season_id>/", views.season_detail, name="detail"),
    path("<int:season_id>/signup/", views.signup, name="signup"),
    path("<int:season_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:season_id>/start/", views.start, name="start"),
    path("<int:season_id>/round/", views.next_round, name="next_round"),
    path("<int:season_id>/finish/", views.finish, name="finish"),
]
