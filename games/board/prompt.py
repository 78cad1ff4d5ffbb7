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

from django.utils.translation import gettext_lazy as _

#: Offered through the trade form instead of one button per listed gift.
FORM_TYPES = frozenset({"offer_trade"})

BUTTONS_UP_TO = 4
RADIOS_UP_TO = 12

#: The question each action type answers, where the game's presenter has no better wording.
QUESTIONS: dict[str, Any] = {
    # Lifeboat
    "keep": _("Which card do you keep? The rest are passed on."),
    "nothing": _("Your action"),
    "row": _("Your action"),
    "flare": _("Your action"),
    "parasol": _("Your action"),
    "swap": _("Your action"),
    "mug": _("Your action"),
    "medkit": _("Your action"),
    "place_rowed": _("Which cards go on the Row stack? The rest go to the bottom of the deck."),
    "accept": _("Accept, or refuse and fight?"),
    "refuse": _("Accept, or refuse and fight?"),
    "fight": _("The fight: which side, and which weapons?"),
    "compass": _("Navigation"),
    "navigate": _("Which Navigation card do you play?"),
    "react": _("Someone goes overboard: how do you react?"),
    "water": _("Who gets your Water?"),
    "play": _("Play a card face up"),
    "answer_trade": _("A trade offer to you"),
    # Lifeboats
    "place_boat": _("Where does your boat go?"),
    "place_figure": _("Where does your next figure sit?"),
    "vote": _("Cast your vote card (face down; it is final)"),
    "decide": _("You decide the result"),
    "jump_out": _("Which figure leaves its boat?"),
    "jump_in": _("Which boat does your figure board?"),
}


@dataclass
class Choice:
    label: str
    value: str
    #: Other legal actions offered through this choice (they read the same and play the same).
    also: list[str] = field(default_factory=list)
    #: The picture's part keys a click on which picks this choice (`games.pictures.choices`),
    #: space-separated for the template's `data-picks`.
    picks: str = ""


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
        text = (question(kind) if question else None) or str(QUESTIONS.get(kind, kind.replace("_", " ")))
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
) -> tuple[list[Question], list[Question]]:
    """(questions the game waits for the seat to answer, optional questions open any time);
    `any_time` is the game's `is_any_time` (the engine's rule table says which actions are)."""
    required = [a for a in legal_actions if not any_time(a)] if waited else []
    optional = [a for a in legal_actions if any_time(a) and a.get("type") not in FORM_TYPES]
    return _group(required, label, question, compose), _group(optional, label, question, None)


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
