"""The season form's options are JSON within limits: deep nesting is a form error, not a 500."""

from leagues.forms import SeasonForm


def test_deeply_nested_options_are_a_form_error():
    form = SeasonForm({"name": "Spring", "slug": "lifeboats", "options": "[" * 5000 + "]" * 5000})
    assert not form.is_valid()
    assert "options" in form.errors
