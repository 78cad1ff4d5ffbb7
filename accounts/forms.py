import zoneinfo
from functools import cache

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import DISPLAY_NAME_MAX_LENGTH, Language, NotifyMode
from .names import normalise
from .selectors import display_name_taken


@cache
def time_zone_choices() -> list[tuple[str, str]]:
    names = sorted(zoneinfo.available_timezones() | {"UTC"})
    return [(name, name.replace("_", " ")) for name in names]


class ProfileForm(forms.Form):
    display_name = forms.CharField(
        label=_("Display name"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        help_text=_("Other players see this name, never your email address."),
    )
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=time_zone_choices)
    language = forms.ChoiceField(label=_("Language"), choices=Language.choices)
    notify_mode = forms.ChoiceField(label=_("Turn notifications"), choices=NotifyMode.choices)
    quiet_hours_start = forms.TimeField(
        label=_("Quiet hours from"), required=False, widget=forms.TimeInput(attrs={"type": "time"})
    )
    quiet_hours_end = forms.TimeField(
        label=_("Quiet hours until"), required=False, widget=forms.TimeInput(attrs={"type": "time"})
    )
    email_opt_out = forms.BooleanField(
        label=_("Send me no game email at all"),
        required=False,
        help_text=_("Sign-in codes and password resets still arrive."),
    )

    def __init__(self, *args, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_display_name(self) -> str:
        name = normalise(self.cleaned_data["display_name"])
        if not name:
            raise forms.ValidationError(_("Choose a name."))
        if "@" in name:
            raise forms.ValidationError(
                _("A display name cannot contain @, so it never looks like an email.")
            )
        if display_name_taken(name, exclude_user=self.user):
            raise forms.ValidationError(_("Another player already uses that display name."))
        return name

    def clean(self) -> dict:
        cleaned = super().clean()
        start, end = cleaned.get("quiet_hours_start"), cleaned.get("quiet_hours_end")
        if (
            (start is None) != (end is None)
            and not self.has_error("quiet_hours_start")
            and not self.has_error("quiet_hours_end")
        ):
            raise forms.ValidationError(_("Give both ends of the quiet hours, or neither."))
        return cleaned


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=_("Token name"), max_length=60, help_text=_("What the token is for, e.g. “my bot”.")
    )
