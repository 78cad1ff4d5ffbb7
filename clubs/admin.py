from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from refusals.errors import Refusal

from . import selectors, services
from .models import Club, Invite, JoinRequest, Membership, Report


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


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    """The moderation queue: every report, open ones first; staff never see reports about
    themselves, nor private talk of a running game they play (`selectors.reports_readable`).
    Closing a report or hiding its message goes through `clubs.services.report_handle`."""

    list_display = ["created_at", "reported", "reason", "club", "short_message", "reporter", "status"]
    list_filter = ["status", "reason"]
    search_fields = ["details", "message_text", "reported__username", "reporter__username"]
    raw_id_fields = ["reporter", "reported", "club", "message", "handled_by"]
    readonly_fields = [
        "reporter",
        "reported",
        "club",
        "message",
        "message_text",
        "reason",
        "details",
        "status",
        "created_at",
        "handled_by",
        "handled_at",
        "note",
    ]
    actions = ["resolve", "dismiss", "resolve_and_hide"]

    def get_queryset(self, request):
        # none about the reader, none of private talk of a running game they play
        readable = selectors.reports_readable(user=request.user).values("pk")
        return super().get_queryset(request).filter(pk__in=readable)

    def get_ordering(self, request):
        return ["-status", "-created_at"]  # "open" sorts after "dismissed"/"resolved": open first

    @admin.display(description=_("message"))
    def short_message(self, obj: Report) -> str:
        return obj.message_text[:80]

    def _handle(self, request, queryset, outcome: str, hide: bool) -> None:
        done = 0
        for report_id in queryset.filter(status=Report.Status.OPEN).values_list("pk", flat=True):
            try:
                services.report_handle(
                    report_id=report_id,
                    user=request.user,
                    outcome=outcome,
                    hide_message=hide,
                    as_staff=True,
                )
            except Refusal as exc:
                self.message_user(request, f"#{report_id}: {exc.message}", messages.WARNING)
            else:
                done += 1
        self.message_user(request, _("Reports closed: %(count)d.") % {"count": done})

    @admin.action(description=_("Close the selected reports as dealt with"))
    def resolve(self, request, queryset):
        self._handle(request, queryset, Report.Status.RESOLVED, hide=False)

    @admin.action(description=_("Dismiss the selected reports"))
    def dismiss(self, request, queryset):
        self._handle(request, queryset, Report.Status.DISMISSED, hide=False)

    @admin.action(description=_("Hide the reported messages and close the reports"))
    def resolve_and_hide(self, request, queryset):
        self._handle(request, queryset, Report.Status.RESOLVED, hide=True)

    def has_add_permission(self, request):
        return False
