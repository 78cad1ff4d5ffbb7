from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import engine
from games.presentations import kind_name, learn_links, presentation

from . import payloads
from .board.options import option_text, value_text
from .errors import InvalidRequest
from .models import Game


def int_list(value: Any) -> list[int]:
    """ "2, 2, 3" (or a list) as a list of whole numbers; anything else: ValidationError."""
    if isinstance(value, list):
        return value
    try:
        return [int(part) for part in str(value).replace(" ", "").split(",")]
    except ValueError:
        raise forms.ValidationError(_("Give whole numbers separated by commas, such as 2, 2, 3.")) from None


class IntListField(forms.CharField):
    """An option whose value is a list of whole numbers, typed as "2, 2, 3"."""

    def prepare_value(self, value: Any) -> Any:
        return ", ".join(str(v) for v in value) if isinstance(value, list) else value

    def to_python(self, value: Any) -> list[int] | None:
        value = super().to_python(value)
        return int_list(value) if value not in (None, "") else None


OPTION_FIELDS = {bool: forms.BooleanField, int: forms.IntegerField, str: forms.CharField, list: IntListField}
#: The player count the form starts with (both games take four).
DEFAULT_PLAYERS = 4


def _choice_value(value: Any) -> str:
    return ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)


def option_field_name(slug: str, option: str) -> str:
    return f"{slug}__{option}"


@dataclass(frozen=True)
class OptionGroup:
    """A game's option fields in a form, and whether the form shows them now."""

    slug: str
    name: str
    fields: list[forms.BoundField]
    shown: bool


class GameOptionsForm(forms.Form):
    """A form that chooses a game (its field `game_field`) and sets that game's options: one field
    per option of every game, named `<slug>__<option>`, labelled and explained in words
    (`games.board.options`). Only the chosen game's fields are shown (`option_groups`; site.js
    follows the game's select) and used (`chosen_options`)."""

    game_field = "game"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # site.js shows the chosen game's options as the choice changes
        self.fields[self.game_field].widget.attrs["data-shows-options"] = ""
        for slug, rules in sorted(engine.GAMES.items()):
            for option, default in rules.options.items():
                field_class = OPTION_FIELDS.get(type(default))
                if field_class is None:
                    continue
                text = option_text(presentation(slug).OPTIONS, option)
                name = option_field_name(slug, option)
                choices = presentation(slug).OPTION_CHOICES.get(option)
                if choices:
                    self.fields[name] = forms.TypedChoiceField(
                        label=text.label,
                        help_text=text.help,
                        choices=[(_choice_value(c), value_text(c)) for c in choices],
                        coerce=int_list if isinstance(default, list) else type(default),
                        required=False,
                        initial=_choice_value(default),
                    )
                else:
                    self.fields[name] = field_class(
                        label=text.label, help_text=text.help, required=False, initial=default
                    )

    def main_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if "__" not in name]

    def main_data(self) -> dict[str, Any]:
        """The cleaned data without the option fields (the chosen game's are in `options`)."""
        return {name: value for name, value in self.cleaned_data.items() if "__" not in name}

    def chosen_game(self) -> str:
        """The game the form is for now: the one posted or asked for (`?game=`), else the first."""
        value = self[self.game_field].value()
        return value if value in engine.GAMES else sorted(engine.GAMES)[0]

    def option_groups(self) -> list[OptionGroup]:
        """One group of option fields per game that has options; only the chosen game's is shown
        (the others stay in the form, hidden, and are not used)."""
        chosen = self.chosen_game()
        groups = []
        for slug, rules in sorted(engine.GAMES.items()):
            fields = [self[name] for name in self.fields if name.startswith(f"{slug}__")]
            if fields:
                groups.append(OptionGroup(slug=slug, name=rules.name, fields=fields, shown=slug == chosen))
        return groups

    def chosen_options(self, data: dict[str, Any]) -> dict[str, Any]:
        """The options set for the chosen game in cleaned `data` (a form error if the rules refuse
        them together)."""
        rules = engine.get_game(data[self.game_field])
        options = {}
        for option, default in rules.options.items():
            value = data.get(option_field_name(rules.slug, option))
            if value is not None and value != "" and type(default) in OPTION_FIELDS:
                options[option] = value
        try:
            rules.resolve_options(options)
        except ValueError:
            self.add_error(None, _("These options do not fit the rules of %(game)s.") % {"game": rules.name})
        return options


class GameCreateForm(GameOptionsForm):
    """Game, player count, pace, visibility, starting by itself, and the chosen game's options."""

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
    bots_rated = forms.BooleanField(
        label=_("Rated even if bots fill seats"),
        required=False,
        initial=False,
        help_text=_(
            "Whoever joins agrees that the game counts for their rating even with bots at the table "
            "(the bots have no rating). Otherwise a game with a bot is not rated."
        ),
    )
    auto_start = forms.BooleanField(
        label=_("Start by itself when the last seat is taken"),
        required=False,
        initial=False,
        help_text=_("Otherwise you start the game yourself once it is full."),
    )
    quick = forms.BooleanField(
        label=_("Quick game"),
        required=False,
        initial=False,
        help_text=_(
            "Every player's small questions (answering a swap, joining a fight, ...) go to their "
            "assistant unless they change that: the game ends in days, not weeks."
        ),
    )
    assistants = forms.BooleanField(
        label=_("Assistants allowed"),
        required=False,
        initial=True,
        help_text=_(
            "Players may hand kinds of decision to their assistant, the site's bot deciding from "
            "what they see. Untick for a game where every decision must be a person's."
        ),
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

    @property
    def learn_links(self) -> list[tuple[str, str]]:
        """Each game's How to play page (slug, title), for a newcomer choosing a game."""
        return learn_links()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [
            (slug, f"{rules.name} ({rules.min_players}-{rules.max_players})")
            for slug, rules in sorted(engine.GAMES.items())
        ]

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
        data["options"] = self.chosen_options(data)
        return data


class VersionForm(forms.Form):
    """The version the client saw (optional for lobby buttons) and an invite token."""

    expected_version = forms.IntegerField(min_value=0, required=False)
    invite = forms.CharField(required=False, max_length=64)


class SeatForm(VersionForm):
    """A lobby button about one seat (counted from 0, as the engine counts)."""

    seat = forms.IntegerField(label=_("Seat"), min_value=0, max_value=19)


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


class AssistantForm(forms.Form):
    """The kinds of decision a player hands their assistant (`kinds`, of one game)."""

    kinds = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, slug: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kinds"].choices = [
            (kind, kind_name(slug, kind)) for kind in engine.get_game(slug).decision_kinds
        ]


class AheadForm(forms.Form):
    """An answer given ahead for `kind`: `choice` (an action, as the act form posts it) or `order`
    (items in order of preference, blanks ignored); or `withdraw` it."""

    kind = forms.CharField(max_length=32)
    choice = forms.CharField(required=False, max_length=payloads.MAX_BYTES)
    withdraw = forms.BooleanField(required=False)

    def clean_choice(self) -> Any:
        raw = self.cleaned_data.get("choice")
        if not raw:
            return None
        try:
            return payloads.loads(raw)
        except payloads.PayloadError as exc:
            raise forms.ValidationError(str(exc)) from None

    def plan(self, order: list[str]) -> dict[str, Any]:
        """The plan this form posts; `order`: the form's `order` values as the browser listed its
        selects (a multi-valued field)."""
        kind = self.cleaned_data["kind"]
        choice = self.cleaned_data.get("choice")
        if choice is not None:
            return {"kind": kind, "actions": [choice]}
        return {"kind": kind, "order": [item for item in order if item]}
