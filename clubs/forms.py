from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from games.models import Game

from .models import Club, Membership, Report


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False, max_length=2000
    )
    join_policy = forms.ChoiceField(label=_("Joining"), choices=Club.JoinPolicy.choices)


class ClubSettingsForm(forms.Form):
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False, max_length=2000
    )
    join_policy = forms.ChoiceField(label=_("Joining"), choices=Club.JoinPolicy.choices)


class InviteEmailForm(forms.Form):
    email = forms.EmailField(label=_("Email address"))


class JoinRequestForm(forms.Form):
    message = forms.CharField(label=_("Message to the admins"), max_length=500, required=False)


class DecisionForm(forms.Form):
    accept = forms.TypedChoiceField(
        choices=[("1", _("Accept")), ("0", _("Decline"))], coerce=lambda v: v == "1"
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


class ClubGameForm(forms.Form):
    slug = forms.ChoiceField(label=_("Game"), choices=())
    num_players = forms.IntegerField(label=_("Players"), min_value=3, max_value=6, initial=4)
    #: The lobby's presets, the time bank included (games.models.Game.Pace).
    pace = forms.ChoiceField(label=_("Pace"), choices=Game.Pace.choices, initial=Game.Pace.HOURS_24)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    quick = forms.BooleanField(
        label=_("Quick game"),
        required=False,
        initial=False,
        help_text=_("Every player's small questions go to their assistant unless they change that."),
    )
    assistants = forms.BooleanField(
        label=_("Assistants allowed"),
        required=False,
        initial=True,
        help_text=_("Untick for tables where every decision must be a person's."),
    )
    min_reliability = forms.IntegerField(
        label=_("Minimum reliability to join (%)"), min_value=0, max_value=100, required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].choices = [(g.slug, g.name) for g in engine.GAMES.values()]


class ReportForm(forms.Form):
    """A report of a player or a message; `clubs` offers the clubs a player report may go to."""

    #: Starts blank: a report is filed under the reason its author chose, never the list's first.
    reason = forms.ChoiceField(label=_("Reason"), choices=[("", _("Choose…")), *Report.Reason.choices])
    details = forms.CharField(
        label=_("What happened?"),
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        max_length=2000,
        help_text=_("Only the moderators read this; the player you report never sees your report."),
    )
    club = forms.TypedChoiceField(
        label=_("Send to"), coerce=int, required=False, empty_value=None, choices=()
    )

    def __init__(self, *args, clubs: list[Club] = (), **kwargs):
        super().__init__(*args, **kwargs)
        if clubs:
            self.fields["club"].choices = [
                ("", _("the site's staff only")),
                *(
                    (c.pk, _("the moderators of %(club)s and the site's staff") % {"club": c.name})
                    for c in clubs
                ),
            ]
        else:
            del self.fields["club"]


class ReportHandleForm(forms.Form):
    outcome = forms.ChoiceField(
        label=_("Outcome"),
        choices=[(Report.Status.RESOLVED, _("Dealt with")), (Report.Status.DISMISSED, _("Dismiss"))],
    )
    note = forms.CharField(label=_("Note for the other moderators"), max_length=500, required=False)
    hide_message = forms.BooleanField(label=_("Hide the reported message"), required=False)
