"""Reading a move's JSON from a client (the act form's `action` field, the API's body).

An action is a small dict (`{"type": "water", "cover": [[2, 1]]}`): a few levels deep, a few short
strings and small integers. `loads` refuses anything else before it reaches the engine or the
database: text over `MAX_BYTES`, nesting over `MAX_DEPTH` (checked before parsing, so a
`'[' * 5000` never reaches the recursive parser), NaN and Infinity, integers beyond 32 bits and
strings with a NUL (PostgreSQL's JSON refuses both) or over `MAX_STRING`.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from django.utils.translation import gettext as _

#: The longest action text taken (the act form's field and the API's whole body).
MAX_BYTES = 10_000
#: The deepest nesting of arrays and objects taken (the API's body counts its own object).
MAX_DEPTH = 8
#: The longest string inside an action (card ids, kinds, seat colours are short).
MAX_STRING = 200
#: Integers inside an action (seats, counts, versions) fit a signed 32-bit column.
MAX_INT = 2**31 - 1


def small_int(text: str) -> int | None:
    """`text` as a non-negative integer when it is plain ASCII digits within MAX_INT, else None
    (`"²".isdigit()` is true, and `int("²")` raises)."""
    if not text.isascii() or not text.isdecimal() or len(text) > 10 or int(text) > MAX_INT:
        return None
    return int(text)


class PayloadError(ValueError):
    """The text is not an action the site takes; the message says why, for a player."""


#: A client's id of one answer (a table form's, an API request's Idempotency-Key): 8 to 64
#: letters, digits, "-" and "_" (a UUID, a random token).
ANSWER_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def answer_key(text: str | None) -> str | None:
    """`text` as an answer key, None when there is none (empty), or PayloadError."""
    if not text:
        return None
    if not ANSWER_KEY.fullmatch(text):
        raise PayloadError(_("The answer's key must be 8 to 64 letters, digits, “-” or “_”."))
    return text


def loads(text: str | bytes) -> Any:
    """The JSON value in `text`, within the limits above, else PayloadError."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise PayloadError(_("The move is too long."))
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise PayloadError(_("The move is not valid JSON.")) from None
    if len(text.encode()) > MAX_BYTES:
        raise PayloadError(_("The move is too long."))
    if _depth(text) > MAX_DEPTH:
        raise PayloadError(_("The move is nested too deeply."))
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except (ValueError, RecursionError):
        raise PayloadError(_("The move is not valid JSON.")) from None
    _check_values(value)
    return value


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # 1e999
        raise ValueError(text)
    return number


def _depth(text: str) -> int:
    """The deepest nesting of `[` and `{` in `text`, outside strings (a linear scan)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _check_values(value: Any) -> None:
    """Refuse strings with a NUL or over MAX_STRING and integers beyond MAX_INT, anywhere."""
    if isinstance(value, str):
        if "\x00" in value or len(value) > MAX_STRING:
            raise PayloadError(_("The move holds a text the site does not take."))
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        return
    elif isinstance(value, int):
        if abs(value) > MAX_INT:
            raise PayloadError(_("The move holds a number out of range."))
    elif isinstance(value, list):
        for item in value:
            _check_values(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_values(key)
            _check_values(item)
