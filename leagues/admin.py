from django.contrib import admin

from .models import Division, Entry, LeagueTable, Round, Season


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "slug", "status", "current_round", "rounds", "created_at"]
    list_filter = ["status", "slug"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["season", "user", "division", "final_rank"]
    raw_id_fields = ["user"]


admin.site.register(Division)
admin.site.register(Round)


@admin.register(LeagueTable)
class LeagueTableAdmin(admin.ModelAdmin):
    list_display = ["round", "division", "number", "game"]
    raw_id_fields = ["game"]
