from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from games.forms import GameOptionsForm
from games.models import Game

#: The lobby's presets, the time bank included.
PACE_CHOICES = Game.Pace.choices


class SeasonForm(GameOptionsForm):
    """A season's game, its options (the chosen game's fields, as in the create-game form), pace,
    rounds and divisions."""

    game_field = "slug"

    name = forms.CharField(label=_("Name"), max_length=80)
    slug = forms.ChoiceField(label=_("Game"), choices=())
    pace = forms.ChoiceField(label=_("Pace"), choices=PACE_CHOICES, initial=Game.Pace.HOURS_24)
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

    def clean(self):
        data = super().clean()
        if data.get("slug") is not None:
            data["options"] = self.chosen_options(data)
        return data
