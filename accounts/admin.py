from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import services
from .models import ApiToken, Block, Profile

User = get_user_model()


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False
    extra = 0


class ApiTokenInline(admin.TabularInline):
    model = ApiToken
    extra = 0
    fields = ["name", "prefix", "created_at", "last_used_at", "revoked_at"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


if admin.site.is_registered(User):
    admin.site.unregister(User)


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    inlines = [ProfileInline, ApiTokenInline]
    list_display = ["email", "profile_display_name", "is_active", "is_staff", "date_joined", "last_login"]
    list_select_related = ["profile"]
    search_fields = ["email", "username", "profile__display_name"]
    ordering = ["-date_joined"]

    @admin.display(description=_("display name"), ordering="profile__display_name")
    def profile_display_name(self, obj) -> str:
        profile = getattr(obj, "profile", None)
        return profile.display_name if profile else "—"


@admin.action(description=_("Revoke selected tokens"))
def revoke_tokens(modeladmin, request, queryset) -> None:
    count = services.revoke_api_tokens(token_ids=queryset.values_list("pk", flat=True))
    modeladmin.message_user(
        request,
        ngettext("Revoked %(count)d token.", "Revoked %(count)d tokens.", count) % {"count": count},
    )


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are created by their owners on the profile page; only the prefix is ever shown here."""

    list_display = ["name", "user", "prefix", "created_at", "last_used_at", "revoked_at"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter)]
    list_select_related = ["user"]
    search_fields = ["name", "prefix", "user__email"]
    fields = ["user", "name", "prefix", "created_at", "last_used_at", "revoked_at"]
    readonly_fields = ["user", "prefix", "created_at", "last_used_at", "revoked_at"]
    actions = [revoke_tokens]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    """Who blocked whom (read only: players manage their blocks on their profile)."""

    list_display = ["blocker", "blocked", "created_at"]
    search_fields = ["blocker__username", "blocked__username"]
    readonly_fields = ["blocker", "blocked", "created_at"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
