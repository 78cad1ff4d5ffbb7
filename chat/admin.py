"""Staff moderate the table chat: hide or show messages (hidden ones reach nobody)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import ChatMessage


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "game",
        "author",
        "author_seat",
        "recipient_seat",
        "short_text",
        "created_at",
        "hidden",
    )
    list_filter = ("hidden",)
    list_editable = ("hidden",)
    search_fields = ("text", "author__username", "author__email")
    raw_id_fields = ("game", "author")
    readonly_fields = ("game", "author", "author_seat", "recipient_seat", "text", "created_at")
    actions = ("hide", "show")

    @admin.display(description=_("text"))
    def short_text(self, obj: ChatMessage) -> str:
        return obj.text[:80]

    @admin.action(description=_("Hide the selected messages"))
    def hide(self, request, queryset):
        queryset.update(hidden=True)

    @admin.action(description=_("Show the selected messages again"))
    def show(self, request, queryset):
        queryset.update(hidden=False)

    def has_add_permission(self, request):
        return False
