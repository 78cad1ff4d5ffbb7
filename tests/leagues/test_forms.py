"""The season form sets the chosen game's options in fields of their own, as the create-game form
does (it used to ask for "Options (JSON)"); another game's fields are ignored, bad values are
form errors."""

from leagues.forms import SeasonForm

BASE = {"name": "Spring", "pace": "24h", "rounds": 3, "division_size": 12, "promote": 2, "relegate": 2}


def test_the_chosen_games_options_are_set_from_their_fields():
    form = SeasonForm(
        {**BASE, "slug": "lifeboats", "lifeboats__four_sailors_from": "6", "lifeboat__sharks": "on"}
    )
    assert form.is_valid(), form.errors
    # what a form posts (a field left out keeps the game's default when the season resolves them)
    assert form.cleaned_data["options"] == {"four_sailors_from": 6, "jump_needs_exit": False}
    assert "options" not in form.fields
    assert not any("__" in name for name in form.main_data())


def test_a_value_no_rule_offers_is_a_form_error():
    form = SeasonForm({**BASE, "slug": "lifeboats", "lifeboats__four_sailors_from": "99"})
    assert not form.is_valid()
    assert "lifeboats__four_sailors_from" in form.errors
