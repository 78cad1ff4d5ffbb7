from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import engine

from . import payloads
from .board.options import CHOICES, option_text
from .errors import InvalidRequest
from .models import Game

OPTION_FIELDS = {bool: forms.BooleanField, int: forms.IntegerField, str: forms.CharField}
#: The player count the form starts with (both games take four).
DEFAULT_PLAYERS = 4


def option_field_name(slug: str, option: str) -> str:
    return f"{slug}__{option}"


class GameCreateForm(forms.Form):
    """Game, player count, pace, visibility, starting by itself, and one field per option of
    every game (labelled and explained in words: `games.board.options`).

    Only the chosen game's option fields are used; they are named `<slug>__<option>`.
    """

    game = forms.ChoiceField(label=_("Game"))
    num_players = forms.IntegerField(label=_("Players"), min_value=1, max_value=20, initial=DEFAULT_PLAYERS)
    pace = forms.ChoiceField(label=_("Pace"), choices=Game.Pace.choices, initial=Game.Pace.HOURS_24)
    visibility = forms.ChoiceField(
        label=_("Who may join"), choices=Game.Visibility.choices, initial=Game.Visibility.PUBLIC
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        initial=True,
        help_text=_("The result counts for the players' ratings."),
    )
    auto_start = forms.BooleanField(
        label=_("Start by itself when the last seat is taken"),
        required=False,
        initial=False,
        help_text=_("Otherwise you start the game yourself once it is full."),
    )
    min_reliability = forms.IntegerField(
        label=_("Minimum reliability to join (%)"),
        min_value=0,
        max_value=100,
        required=False,
        help_text=_(
            "Only players who made at least this share of their decisions before the deadline may "
            "join; players new to the site may always join. Leave empty for anyone."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [
            (slug, f"{rules.name} ({rules.min_players}-{rules.max_players})")
            for slug, rules in sorted(engine.GAMES.items())
        ]
        for slug, rules in sorted(engine.GAMES.items()):
            for option, default in rules.options.items():
                field_class = OPTION_FIELDS.get(type(default))
                if field_class is None:
                    continue
                text = option_text(slug, option)
                name = option_field_name(slug, option)
                choices = CHOICES.get((slug, option))
                if choices:
                    self.fields[name] = forms.TypedChoiceField(
                        label=text.label,
                        help_text=text.help,
                        choices=[(c, str(c)) for c in choices],
                        coerce=type(default),
                        required=False,
                        initial=default,
                    )
                else:
                    self.fields[name] = field_class(
                        label=text.label, help_text=text.help, required=False, initial=default
                    )

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if "__" not in name]

    def option_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """(game name, its option fields), one group per game that has options."""
        groups = []
        for slug, rules in sorted(engine.GAMES.items()):
            fields = [self[name] for name in self.fields if name.startswith(f"{slug}__")]
            if fields:
                groups.append((rules.name, fields))
        return groups

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        slug = data.get("game")
        if slug is None:
            return data
        rules = engine.get_game(slug)
        count = data.get("num_players")
        if count is not None and not rules.min_players <= count <= rules.max_players:
            self.add_error(
                "num_players",
                _("%(game)s takes %(min)d to %(max)d players.")
                % {"game": rules.name, "min": rules.min_players, "max": rules.max_players},
            )
        options = {}
        for option, default in rules.options.items():
            value = data.get(option_field_name(slug, option))
            if value is not None and value != "" and type(default) in OPTION_FIELDS:
                options[option] = value
        data["options"] = options
        return data


class VersionForm(forms.Form):
    """The version the client saw (optional for lobby buttons) and an invite token."""

    expected_version = forms.IntegerField(min_value=0, required=False)
    invite = forms.CharField(required=False, max_length=64)


class ActionForm(forms.Form):
    action = forms.CharField(
        label=_("Action (JSON)"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=payloads.MAX_BYTES,
    )
    expected_version = forms.IntegerField(min_value=0)

    def clean_action(self) -> dict[str, Any]:
        try:
            action = payloads.loads(self.cleaned_data["action"])
        except payloads.PayloadError as exc:
            raise forms.ValidationError(str(exc)) from None
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise forms.ValidationError(_("An action must be a JSON object with a “type”."))
        return action


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("Email address"))


def cleaned_or_error(form: forms.Form) -> dict[str, Any]:
    """The cleaned data, or InvalidRequest carrying the form's first error message."""
    if form.is_valid():
        return form.cleaned_data
    field, errors = next(iter(form.errors.items()))
    prefix = "" if field == "__all__" else f"{form.fields[field].label or field}: "
    raise InvalidRequest(f"{prefix}{errors[0]}")
