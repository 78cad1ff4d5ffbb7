"""The seat's legal actions grouped into questions: what the game waits for, and what is optional.

Each group is one question with its legal choices; the template renders a few choices as
buttons and more as radio buttons (or a menu) in one plain form, so every action works
without JavaScript and posts exactly one legal action to the act endpoint. Choices that read
the same (two Water cards to play face up) are offered once: either plays the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: Offered through the trade form instead of one button per listed gift.
FORM_TYPES = frozenset({"offer_trade"})

BUTTONS_UP_TO = 4
RADIOS_UP_TO = 12
#: From this many choices that a tap on the picture also picks, a list of radio buttons folds
#: those choices away on a phone (`Question.on_picture`): the board is the way to choose there.
FOLD_FROM = 3


@dataclass
class Choice:
    label: str
    value: str
    #: Other legal actions offered through this choice (they read the same and play the same).
    also: list[str] = field(default_factory=list)
    #: The picture's part keys a click on which picks this choice (`games.pictures.choices`),
    #: space-separated for the template's `data-picks`.
    picks: str = ""
    #: Ticked when the form is shown (`preselect`): at most one choice of a question.
    selected: bool = False


@dataclass
class Part:
    """One field of a composed answer: a radio group (one value) or checkboxes (a set)."""

    name: str
    legend: str
    multiple: bool
    options: list[Choice]


@dataclass
class Question:
    key: str
    text: str
    choices: list[Choice] = field(default_factory=list)
    #: Set where the choices are every combination of a few fields (rowing, a fight round):
    #: the form then asks field by field and the compose endpoint finds the one legal action.
    parts: list[Part] = field(default_factory=list)

    @property
    def selected_choice(self) -> Choice | None:
        """The choice the form shows ticked (`preselect`), if any."""
        return next((c for c in self.choices if c.selected), None)

    @property
    def on_picture(self) -> list[Choice]:
        """The choices of a radio list that the picture offers too, where they are enough to fold
        away on a phone (the table's script folds them; without it they stay open); else none."""
        found = [c for c in self.choices if c.picks]
        return found if self.style == "radios" and len(found) >= FOLD_FROM else []

    @property
    def off_picture(self) -> list[Choice]:
        """The choices listed outside the fold (`on_picture`): all of them where nothing folds."""
        return [c for c in self.choices if not c.picks] if self.on_picture else self.choices

    @property
    def style(self) -> str:
        if len(self.choices) <= BUTTONS_UP_TO:
            return "buttons"
        if self.parts:
            return "compose"
        return "radios" if len(self.choices) <= RADIOS_UP_TO else "select"


def action_json(action: dict[str, Any]) -> str:
    """The action as the act form posts it (keys sorted: one text per action)."""
    return json.dumps(action, sort_keys=True)


Label = Callable[[dict[str, Any]], str]
#: The question an action type answers, worded for the seat (None: the generic one).
QuestionText = Callable[[str], str | None]
#: For an action type, the parts of a composed form (None: list the choices one by one).
Compose = Callable[[str, list[dict[str, Any]]], list[Part] | None]


def _group(
    actions: list[dict[str, Any]], label: Label, question: QuestionText | None, compose: Compose | None
) -> list[Question]:
    questions: dict[str, Question] = {}
    for action in actions:
        kind = str(action.get("type", ""))
        text = (question(kind) if question else None) or kind.replace("_", " ")
        q = questions.get(text)
        if q is None:
            q = questions[text] = Question(key=kind, text=text)
        words = label(action)
        same = next((c for c in q.choices if c.label == words), None)
        if same is None:
            q.choices.append(Choice(label=words, value=action_json(action)))
        else:  # the same words play the same
            same.also.append(action_json(action))
    if compose:
        for q in questions.values():
            q.parts = compose(q.key, [a for a in actions if a.get("type") == q.key]) or []
    return list(questions.values())


def questions(
    legal_actions: list[dict[str, Any]],
    *,
    waited: bool,
    any_time: Callable[[dict[str, Any]], bool],
    label: Label,
    question: QuestionText | None = None,
    compose: Compose | None = None,
    default: dict[str, Any] | None = None,
) -> tuple[list[Question], list[Question]]:
    """(questions the game waits for the seat to answer, optional questions open any time);
    `any_time` is the game's `is_any_time` (the engine's rule table says which actions are);
    `default` is the action a deadline would play for the seat (the engine's `default_action`),
    which the form may pre-select where it is a pass (`preselect`)."""
    required = [a for a in legal_actions if not any_time(a)] if waited else []
    optional = [a for a in legal_actions if any_time(a) and a.get("type") not in FORM_TYPES]
    asked = _group(required, label, question, compose)
    preselect(asked, default)
    return asked, _group(optional, label, question, None)


# -- what a form shows ticked ---------------------------------------------------------------------
#: The answers that give nothing up and commit the seat to nothing, by action type: the only
#: ones a form may show ticked, and only where a deadline would play them anyway (the engine's
#: `default_action`). Lifeboat: doing nothing, staying out of a fight with no weapon, no reaction
#: to going overboard, giving no Water. Everything else is a final choice a stray tap must not
#: make: a card kept or played, a side taken, a lane, a seat, a Navigation card, and every vote
#: of Lifeboats, whose cards are cast face down for good (casting no card included).
PASSES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "nothing": lambda a: True,
    "fight": lambda a: a.get("side") == "out" and not a.get("weapons") and not a.get("flare"),
    "react": lambda a: a.get("preserver") is None and not a.get("buckets") and not a.get("rile"),
    "water": lambda a: not a.get("cover"),
}


def is_pass(action: dict[str, Any] | None) -> bool:
    """Whether `action` gives nothing up and commits the seat to nothing (`PASSES`)."""
    if not action:
        return False
    check = PASSES.get(str(action.get("type", "")))
    return check is not None and check(action)


def preselect(groups: list[Question], default: dict[str, Any] | None) -> None:
    """Tick what a form may show ticked, and nothing else: the choice that is the deadline's
    `default` when that is a pass; in a form asked field by field, a radio group's one option
    (no choice at all) and, for a pass, its value of the field. A checkbox is never ticked."""
    mild = default if is_pass(default) else None
    played = action_json(mild) if mild is not None else None
    for q in groups:
        for c in q.choices:
            c.selected = played is not None and played in (c.value, *c.also)
        for part in q.parts:
            if part.multiple:
                continue
            for o in part.options:
                o.selected = len(part.options) == 1 or (
                    mild is not None and mild.get("type") == q.key and _normal(mild.get(part.name)) == o.value
                )


def _normal(value: Any) -> Any:
    if isinstance(value, list):
        return sorted(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _posted(like: Any, values: list[str]) -> Any:
    """Posted form values in the shape of a legal action's field (see `_normal`)."""
    if isinstance(like, list):
        return sorted(values)
    if isinstance(like, bool):
        return "true" if values[:1] == ["true"] else "false"
    return values[0] if values else ""


def match(
    legal: list[dict[str, Any]], kind: str, fields: Callable[[str], list[str]]
) -> dict[str, Any] | None:
    """The legal action of `kind` whose fields equal the posted ones (lists compared as sets).

    `fields(name)` gives a field's posted values (a form's `getlist`); an unticked checkbox for a
    true/false field reads as false. None when no legal action matches.
    """
    for action in legal:
        if action.get("type") == kind and all(
            _normal(v) == _posted(v, fields(k)) for k, v in action.items() if k != "type"
        ):
            return action
    return None


def mark_picks(groups: list[Question], picks: dict[str, list[dict[str, Any]]]) -> None:
    """Give each choice the picture's part keys whose click picks it: `picks` maps a part key to
    the legal actions a click on it would take (`games.pictures.choices`)."""
    keys: dict[str, list[str]] = {}
    for key, actions in picks.items():
        for action in actions:
            keys.setdefault(action_json(action), []).append(key)
    for q in groups:
        for c in q.choices:
            found = [k for value in (c.value, *c.also) for k in keys.get(value, [])]
            c.picks = " ".join(dict.fromkeys(found))
        for part in q.parts:
            for o in part.options:
                found = [k for k, actions in picks.items() if _picks_option(q.key, part, o, actions)]
                o.picks = " ".join(found)


def _picks_option(kind: str, part: Part, option: Choice, actions: list[dict[str, Any]]) -> bool:
    """Whether a part whose click takes `actions` picks `option` of a composed form's `part`: every
    one of its actions of the question's kind has that value (a radio) or holds it (a checkbox)."""
    mine = [a for a in actions if a.get("type") == kind and part.name in a]
    if not mine:
        return False
    if part.multiple:
        return all(isinstance(a[part.name], list) and option.value in map(str, a[part.name]) for a in mine)
    return all(_normal(a[part.name]) == option.value for a in mine)
