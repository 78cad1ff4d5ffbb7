"""The one way markup is made in this package: `el` builds an SVG element and escapes what it is given.

A `Markup` is markup this module made; anything else put into an element is text and is escaped
(attribute values always are). Numbers are written by `num`, so no view value reaches the markup
unformatted. The result of a picture is a Django `SafeString` (`safe`), ready for a template.

    el("text", {"x": 4, "y": 10, "font_size": 12}, player_name)   # the name is escaped
    el("g", {"class_": "pic-seat", "data_seat": 2}, child, other)  # children are Markup

Attribute names are written Pythonically: `_` becomes `-` (`font_size`, `data_card`) and a
trailing `_` is dropped (`class_`). A value of None or False leaves the attribute out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from html import escape

from django.utils.safestring import SafeString, mark_safe


class Markup(str):
    """Markup made by `el` (or joined from such): put into an element as it is."""

    __slots__ = ()


Attrs = Mapping[str, object]

_NAMES: dict[str, str] = {}


def _name(key: str) -> str:
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def num(value: float) -> str:
    """A coordinate or count as SVG wants it: integers plain, other numbers to 0.1 at most."""
    if isinstance(value, bool):
        raise TypeError("a bool is not a number here")
    if isinstance(value, int):
        return str(value)
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


@lru_cache(maxsize=4096)
def _escaped(value: str) -> str:
    """An attribute value escaped (the same few hundred values recur on every board)."""
    return escape(value, quote=True)


def _value(value: object) -> str:
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is str:
        return _escaped(value)  # type: ignore[arg-type]
    if kind is float:
        return num(value)  # type: ignore[arg-type]
    if isinstance(value, bool):
        raise TypeError("a bool is not an attribute value here")
    if isinstance(value, (int, float)):
        return num(value)
    return escape(str(value), quote=True)


def attrs(values: Attrs | None) -> str:
    """` name="value"` for each attribute, every value escaped or formatted."""
    if not values:
        return ""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        out.append(f' {_NAMES.get(key) or _name(key)}="{_value(value)}"')
    return "".join(out)


def text(value: object) -> Markup:
    """Text content, escaped (a Markup stays as it is)."""
    if isinstance(value, Markup):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Markup(num(value))
    return Markup(escape(str(value), quote=False))


def el(name: str, values: Attrs | None = None, *children: object) -> Markup:
    """`<name ...>children</name>`, or `<name .../>` without children."""
    head = name + attrs(values)
    if not children:
        return Markup(f"<{head}/>")
    inner = "".join(text(c) for c in children if c is not None)
    return Markup(f"<{head}>{inner}</{name}>")


def join(parts: Iterable[object]) -> Markup:
    """Pieces side by side (text among them escaped, as in `el`)."""
    return Markup("".join(text(p) for p in parts if p is not None))


def safe(markup: Markup) -> SafeString:
    """The finished picture for a template (built only from `el`, so every text in it is escaped)."""
    return mark_safe(markup)
