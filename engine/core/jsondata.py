"""Copies of JSON-shaped data, for the states' exact round trips."""

from __future__ import annotations

from typing import Any


def jcopy(value: Any) -> Any:
    """A fresh copy of JSON-shaped data (dicts, lists, scalars); faster than deepcopy."""
    if isinstance(value, dict):
        return {k: jcopy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [jcopy(v) for v in value]
    return value
