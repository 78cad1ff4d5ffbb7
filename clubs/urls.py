from django.urls import path

from . import views

app_name = "clubs"
urlpatterns = [
    path("", views.club_list, name="list"),
    path("invite/<str:token>/", views.invite, name="invite"),
    path("report/player/<int:user_id>/", views.report_player, name="report_player"),
    path("report/message/<int:message_id>/", views.report_message, name="report_message"),
    path("<slug:slug>/", views.club_detail, name="detail"),
    path("<slug:slug>/settings/", views.club_settings, name="settings"),
    path("<slug:slug>/games/new/", views.game_new, name="game_new"),
    path("<slug:slug>/join/", views.join_request, name="join"),
    path("<slug:slug>/requests/<int:request_id>/", views.join_request_decide, name="decide"),
    path("<slug:slug>/invites/link/", views.invite_link, name="invite_link"),
    path("<slug:slug>/invites/email/", views.invite_email, name="invite_email"),
    path("<slug:slug>/invites/<int:invite_id>/revoke/", views.invite_revoke, name="invite_revoke"),
    path("<slug:slug>/members/<int:user_id>/role/", views.member_role, name="member_role"),
    path("<slug:slug>/members/<int:user_id>/remove/", views.member_remove, name="member_remove"),
    path("<slug:slug>/reports/", views.reports, name="reports"),
    path("<slug:slug>/reports/<int:report_id>/", views.report_handle, name="report_handle"),
]
