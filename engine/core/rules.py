"""One table entry per action type, and the exact JSON comparison the guard checks actions with.

A game declares `rules: dict[str, Rule]`, one `Rule` per action type: `legal` lists every
concrete action of that type a seat may take now, `apply` plays one the guard accepted. Listing
and checking use the same `legal`, so `legal_actions` and `apply` cannot disagree. A free-form
type with too many variants to list (a trade of any card set) names its fields in `shape` and
its legality in `validate`; its `legal` lists only the commonest variants. An `any_time` type is
open to a seat whether or not the game waits for it, and answers none of its decisions.

Actions arrive as JSON, so they are compared as JSON: `True` is not `1`, `1.0` is not `1`, a
tuple is not a list, and a key the listing does not have makes a different action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Action = dict[str, Any]
Event = dict[str, Any]

#: What a free-form action's field may hold: exactly this type, or (`[str]`) a list of strings.
Field = type | list[type]


@dataclass(frozen=True, slots=True)
class Rule[S]:
    #: every concrete action of this type the seat may take now ([] when none)
    legal: Callable[[S, int], list[Action]]
    #: plays an accepted action: mutates the state, appends the events it causes; never raises
    apply: Callable[[S, int, Action, list[Event]], None]
    #: free-form types only: field name -> `Field`, checked exactly before `validate`
    shape: dict[str, Field] | None = None
    #: free-form types only: why this well-shaped action is refused now (None: it is legal)
    validate: Callable[[S, int, Action], str | None] | None = None
    #: an *any-time* action: a seat may take it whenever it is able to, waited for or not (a card
    #: played face up, a trade offer or answer); it answers no decision
    any_time: bool = False


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values: equal, and of the same types all the way down."""
    return bool(a == b) and _same_types(a, b)


def listed(action: Action, variants: list[Action]) -> bool:
    """The action is exactly one of the listed variants."""
    try:
        first = variants.index(action)  # the first equal variant, found at C speed
    except ValueError:
        return False
    if _same_types(action, variants[first]):
        return True
    return any(action == legal and _same_types(action, legal) for legal in variants[first + 1 :])


def _same_types(a: Any, b: Any) -> bool:
    """For two equal values: the same types all the way down (equal, `True` may still be `1`)."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        for key, value in a.items():
            other = b[key]
            if type(value) is not type(other) or (
                type(value) in _CONTAINERS and not _same_types(value, other)
            ):
                return False
        return True
    if kind is list:
        return all(map(_same_types, a, b))
    return True


_CONTAINERS = (dict, list)

_ONE = {str: "a string", int: "a whole number", bool: "true or false"}
_MANY = {str: "strings", int: "whole numbers", bool: "true or false values"}


def shape_problem(action: Action, shape: dict[str, Field]) -> str | None:
    """Why a free-form action does not have exactly the declared fields and types, if it does not."""
    if action.keys() != {"type", *shape}:
        return "This action takes exactly: " + ", ".join(f"'{name}'" for name in shape) + "."
    for name, expected in shape.items():
        value = action[name]
        if isinstance(expected, list):
            [item] = expected
            if type(value) is not list or any(type(v) is not item for v in value):
                return f"'{name}' must be a list of {_MANY.get(item, item.__name__)}."
        elif type(value) is not expected:
            return f"'{name}' must be {_ONE.get(expected, expected.__name__)}."
    return None
