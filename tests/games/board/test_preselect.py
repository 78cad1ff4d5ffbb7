"""No final or secret choice comes ticked: a stray tap on Play must not make it.

Over random games of both games, at every prompted state, the table of each seat the game waits
for is rendered, and what its forms show ticked is read as a person's tap on Play would send it.
The only answer a form may show ticked is a pass that a deadline would play anyway (the engine's
`default_action`): Lifeboat's "Do nothing", staying out of a fight without a weapon, no reaction,
giving no Water. A radio group with one option is no choice and may be ticked. Never a card kept
or played, a lane, a seat, a Navigation card, a weapon, or any vote of Lifeboats (cast face down,
for good: casting no card included). Before, every list of radio buttons ticked its first choice:
the Lifeboats vote form ticked "Vote for the green boat to move".
"""

from __future__ import annotations

import json
import random
from html.parser import HTMLParser
from typing import Any

import pytest
from django.urls import reverse

from games import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _stays_out(a: dict[str, Any]) -> bool:
    return a["side"] == "out" and not a["weapons"] and not a["flare"]


#: The product's rule, stated here on its own: the answers that give nothing up, by action type.
MILD = {
    "nothing": lambda a: True,
    "fight": _stays_out,
    "react": lambda a: a.get("preserver") is None and not a.get("buckets") and not a.get("rile"),
    "water": lambda a: not a.get("cover"),
}


class Forms(HTMLParser):
    """The forms of the prompt section (`#prompt`): each form's controls and what is ticked."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # inside <section id="prompt">: the nesting of sections
        self.forms: list[dict[str, Any]] = []
        self.select: list[tuple[str, bool, bool]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section":
            if self.depth or a.get("id") == "prompt":
                self.depth += 1
            return
        if not self.depth:
            return
        if tag == "form":
            self.forms.append({"hidden": {}, "radios": [], "boxes": [], "options": []})
        elif tag == "input" and self.forms:
            kind, form = a.get("type"), self.forms[-1]
            if kind == "hidden":
                form["hidden"][a.get("name")] = a.get("value")
            elif kind == "radio":
                form["radios"].append((a.get("name"), a.get("value"), "checked" in a))
            elif kind == "checkbox":
                form["boxes"].append((a.get("name"), a.get("value"), "checked" in a))
        elif tag == "option" and self.forms:
            self.forms[-1]["options"].append((a.get("value"), "selected" in a, "disabled" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self.depth:
            self.depth -= 1


def ticked_answers(html: str) -> list[dict[str, Any]]:
    """What each form of the prompt would send if Play were tapped now, as far as it is ticked:
    {"action": ...} for a list or a menu, {"type", "fields", "only"} for a form asked field by field."""
    parser = Forms()
    parser.feed(html)
    found = []
    for form in parser.forms:
        assert not [b for b in form["boxes"] if b[2]], f"a checkbox comes ticked: {form['boxes']}"
        for name, value, checked in form["radios"]:
            if not checked:
                continue
            if name == "action":
                found.append({"action": json.loads(value)})
            else:  # one field of a composed answer; `only`: the field offers nothing else
                others = [r for r in form["radios"] if r[0] == name and r[1] != value]
                found.append({"type": form["hidden"]["type"], "field": (name, value), "only": not others})
        options = [o for o in form["options"] if o[1]]
        if options:
            value, _selected, disabled = options[0]
            if not disabled:
                found.append({"action": json.loads(value)})
    return found


def check_ticked(game, seat: int, html: str) -> int:
    rules = game.engine
    state = rules.from_json(game.snapshot)
    default = rules.default_action(state, seat)
    mild = MILD.get(default["type"], lambda a: False)(default)
    where = f"{game.slug} step {game.move_count}, seat {seat}"
    for ticked in ticked_answers(html):
        if "action" in ticked:
            action = ticked["action"]
            assert action == default, f"{where}: {action} comes ticked, the deadline would play {default}"
            assert mild, f"{where}: {action} comes ticked, and it is not a pass"
        elif not ticked["only"]:
            name, value = ticked["field"]
            assert ticked["type"] == default["type"], f"{where}: {ticked} comes ticked"
            assert mild, f"{where}: {name}={value} comes ticked, and {default} is not a pass"
            assert str(default[name]) == value, f"{where}: {name}={value} comes ticked, not {default}"
    return len(ticked_answers(html))


@pytest.mark.parametrize(
    ("slug", "players", "seed"), [("lifeboat", 6, 1), ("lifeboat", 4, 2), ("lifeboats", 5, 3)]
)
def test_no_final_or_secret_choice_comes_ticked_in_any_prompted_state(client, slug, players, seed):
    users = [UserFactory() for _ in range(players)]
    game = services.game_create_started(users=users, slug=slug, seed=seed)
    rng = random.Random(seed)
    rules = game.engine
    seen_kinds: set[str] = set()
    ticked = 0
    for _ in range(600):
        game.refresh_from_db()
        state = rules.from_json(game.snapshot)
        if rules.is_over(state):
            break
        waited = rules.to_act(state)
        for seat in waited:
            client.force_login(users[seat])
            html = client.get(reverse("games:table", args=[game.pk]), **HTMX).content.decode()
            ticked += check_ticked(game, seat, html)
            seen_kinds.update(a["type"] for a in rules.legal_actions(state, seat))
        seat = rng.choice(waited)
        game = services.action_submit(
            game_id=game.pk,
            user=users[seat],
            action=rng.choice(rules.legal_actions(state, seat)),
            expected_version=game.version,
        )
    if slug == "lifeboats":
        assert "vote" in seen_kinds  # the secret votes were asked
    else:
        assert {"keep", "nothing", "fight", "water"} <= seen_kinds
        assert ticked  # and "Do nothing" or "Stay out" did come ticked
