"""Staff moderate the table chat: hide or show messages (hidden ones reach nobody). Every change
goes through `services.message_set_hidden`, which also withdraws a hidden message's mail not sent
yet."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from . import services
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
        for pk in queryset.values_list("pk", flat=True):
            services.message_set_hidden(message_id=pk, hidden=True)

    @admin.action(description=_("Show the selected messages again"))
    def show(self, request, queryset):
        for pk in queryset.values_list("pk", flat=True):
            services.message_set_hidden(message_id=pk, hidden=False)

    def save_model(self, request, obj, form, change):
        """The list's "hidden" box (the only field staff may change) through the service."""
        services.message_set_hidden(message_id=obj.pk, hidden=obj.hidden)

    def has_add_permission(self, request):
        return False
