from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from games.models import Game

from .models import Club, Membership


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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].choices = [(g.slug, g.name) for g in engine.GAMES.values()]
