"""Admin for staff: games (hidden state read-only), seats, secret assignments, actions (read-only),
writes waiting for their follow-up, seats that changed hands and the players' votes (read-only:
the services write them).

The admin site is staff-only, so the snapshot and secrets shown here never reach players.
"""

import json

from django.contrib import admin
from django.utils.html import format_html

from .models import Action, Game, GameVote, GameWrite, Seat, SeatChange, SecretAssignment


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("user", "bot", "offered", "index", "resigned", "waiting", "due_at", "score", "place")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "slug",
        "status",
        "num_players",
        "version",
        "move_count",
        "visibility",
        "created_at",
    )
    list_filter = ("slug", "status", "visibility", "pace", "rated")
    search_fields = ("id", "created_by__username")
    readonly_fields = (
        "slug",
        "options",
        "seed",
        "num_players",
        "status",
        "version",
        "move_count",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "hidden_state",
    )
    exclude = ("snapshot",)
    inlines = [SeatInline]

    @admin.display(description="snapshot (hidden state)")
    def hidden_state(self, obj: Game) -> str:
        return format_html("<pre>{}</pre>", json.dumps(obj.snapshot, indent=1, sort_keys=True))


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "user", "index", "resigned", "waiting", "due_at")
    list_filter = ("waiting", "resigned")
    raw_id_fields = ("game", "user")


@admin.register(SecretAssignment)
class SecretAssignmentAdmin(admin.ModelAdmin):
    list_display = ("id", "seat", "kind", "card")
    raw_id_fields = ("seat",)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows only the games services write: staff read them."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Action)
class ActionAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "seat_index", "source", "created_at")
    list_filter = ("source",)
    raw_id_fields = ("game",)


@admin.register(GameWrite)
class GameWriteAdmin(admin.ModelAdmin):
    """Writes whose prompts and mails are still to be recorded: normally none for long."""

    list_display = ["id", "game", "version", "kind", "acted_seat", "created_at"]
    readonly_fields = ["game", "version", "kind", "acted_seat", "actions", "created_at"]


@admin.register(SeatChange)
class SeatChangeAdmin(ReadOnlyAdmin):
    """Who held a seat before whom (a substitute, a bot, a person back from a bot)."""

    list_display = (
        "game",
        "seat_index",
        "at_move",
        "from_user",
        "from_bot",
        "to_user",
        "to_bot",
        "created_at",
    )
    list_filter = ("to_bot",)
    raw_id_fields = ("game", "from_user", "to_user")


@admin.register(GameVote)
class GameVoteAdmin(ReadOnlyAdmin):
    """Open votes of a running game's players (to abandon it, to give an absent seat to a bot)."""

    list_display = ("game", "kind", "seat_index", "user", "created_at")
    list_filter = ("kind",)
    raw_id_fields = ("game", "user")
