"""The forms of the mail settings page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext_lazy as _


class VacationForm(forms.Form):
    """Whole days away, from one to what is left of the year's budget."""

    days = forms.IntegerField(label=_("Days away"), min_value=1, initial=1)
    starts_on = forms.DateField(
        label=_("From"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Leave empty to start now; a later day books the vacation ahead."),
    )

    def __init__(self, *args: Any, days_left: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["days"]
        message = _("You have %(limit_value)s vacation days left this year.")
        field.validators.append(MaxValueValidator(days_left, message=message))
        field.widget.attrs["max"] = days_left
