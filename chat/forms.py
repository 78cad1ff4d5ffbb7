from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MAX_LENGTH


class MessageForm(forms.Form):
    text = forms.CharField(
        label=_("Message"), max_length=MAX_LENGTH, widget=forms.Textarea(attrs={"rows": 2})
    )
    to = forms.TypedChoiceField(label=_("To"), coerce=int, required=False, empty_value=None)

    def __init__(self, *args, seats: list[tuple[int, str]] = (), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["to"].choices = [("", _("the whole table")), *((i, _("only %s") % n) for i, n in seats)]
