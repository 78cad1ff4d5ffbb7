from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from games import payloads
from games.models import Game

#: The lobby's presets, the time bank included.
PACE_CHOICES = Game.Pace.choices


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    slug = forms.ChoiceField(label=_("Game"), choices=())
    options = forms.CharField(
        label=_("Options (JSON)"),
        required=False,
        initial="{}",
        help_text=_("Rule options as a JSON object; leave {} for the defaults."),
    )
    pace = forms.ChoiceField(label=_("Pace"), choices=PACE_CHOICES, initial=Game.Pace.HOURS_24)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=30, initial=5)
    division_size = forms.IntegerField(
        label=_("Players per division"), min_value=3, max_value=500, initial=12
    )
    promote = forms.IntegerField(label=_("Promoted per division"), min_value=0, max_value=50, initial=2)
    relegate = forms.IntegerField(label=_("Relegated per division"), min_value=0, max_value=50, initial=2)
    auto_advance = forms.BooleanField(
        label=_("Start each round as soon as the previous one has ended"), required=False, initial=True
    )
    min_reliability = forms.IntegerField(
        label=_("Minimum reliability to sign up (%)"), min_value=0, max_value=100, required=False
    )
    previous_id = forms.TypedChoiceField(
        label=_("Follows season"), required=False, coerce=int, empty_value=None
    )

    def __init__(self, *args, previous_choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].choices = [(g.slug, g.name) for g in engine.GAMES.values()]
        self.fields["previous_id"].choices = [("", _("None (a first season)")), *previous_choices]

    def clean_options(self):
        raw = self.cleaned_data.get("options") or "{}"
        try:
            value = payloads.loads(raw)  # within the limits of a move's JSON (no RecursionError)
        except payloads.PayloadError:
            raise forms.ValidationError(_("Options must be a JSON object.")) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Options must be a JSON object."))
        return value
