"""Copies of JSON-shaped data, for the states' exact round trips."""

from __future__ import annotations

from typing import Any

_CONTAINERS = (dict, list)


def jcopy(value: Any) -> Any:
    """A fresh copy of JSON-shaped data (dicts, lists, scalars); faster than deepcopy.

    Exact type tests, and scalars copied in place rather than through a call each: a state is
    mostly lists of card ids.
    """
    kind = type(value)
    if kind is dict:
        return {k: jcopy(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if kind is list:
        return [jcopy(v) if type(v) in _CONTAINERS else v for v in value]
    return value
