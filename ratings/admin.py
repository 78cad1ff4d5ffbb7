from django.contrib import admin

from .models import Rating, Result


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["user", "slug", "ordinal", "mu", "sigma", "games"]
    list_filter = ["slug"]
    raw_id_fields = ["user"]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ["game", "user", "slug", "place", "character", "rated"]
    list_filter = ["slug", "rated"]
    raw_id_fields = ["game", "user"]
