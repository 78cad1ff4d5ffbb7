from django.contrib import admin

from .models import Club, Invite, JoinRequest, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "join_policy", "created_at"]
    search_fields = ["name", "slug"]
    inlines = [MembershipInline]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = ["club", "email", "created_at", "used_at", "revoked_at"]
    raw_id_fields = ["created_by", "used_by"]


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):
    list_display = ["club", "user", "status", "created_at"]
    list_filter = ["status"]
    raw_id_fields = ["user", "decided_by"]
