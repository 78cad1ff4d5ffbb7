from django.contrib import admin

from .models import GameMute, Notification, Prompt, SeatStatus, Vacation


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["id", "kind", "status", "user", "game", "send_after", "sent_at", "attempts"]
    list_filter = ["status", "kind"]
    search_fields = ["dedupe_key", "to_email"]
    readonly_fields = ["context"]


admin.site.register(Prompt)
admin.site.register(SeatStatus)
admin.site.register(GameMute)
admin.site.register(Vacation)
