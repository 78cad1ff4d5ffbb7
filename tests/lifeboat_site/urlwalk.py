"""The pieces of the URL walk (test_url_walk.py): patterns found in the URLconf, the paths built
from them with valid and hostile arguments, and the malformed bodies sent to each.

Nothing here names a view: a URL added anywhere in the URLconf is walked the next time.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import quote

from django import forms
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RegexPattern, RoutePattern

#: Argument values no page expects, as they go into a path or query (percent-encoded).
HOSTILE = {
    "huge": "9" * 30,
    "int64+1": str(2**63),
    "negative": "-1",
    "zero": "0",
    "unicode": quote("Ünï🚣"),
    "unicode-digits": quote("²٣"),
    "nul": "%00",
    "traversal": "..%2F..%2F..%2Fetc%2Fpasswd",
    "dots": "..",
    "empty": "",
    "long": "a" * 3000,
    "markup": quote("'\"><script>x</script>"),
    "bad-utf8": "%FF%FE",
}

#: The query parameters pages read (and a few others), each set to one hostile value per query.
QUERY_NAMES = ["v", "after", "step", "seat", "invite", "next", "page", "format", "token", "q", "days"]
QUERIES = [
    "&".join(f"{name}={value}" for name in QUERY_NAMES)
    for value in [quote("²"), "-99999999999999999999", "%00", "%FF%FE", "x" * 2000, "", "1e999", "spectator"]
] + ["next=%2F%2Fevil.example&step=0&seat=0", "next=javascript:alert(1)&format=json"]

#: Form field names that views read from request.POST directly (besides every Form's fields).
EXTRA_FIELDS = [
    "action",
    "expected_version",
    "version",
    "invite",
    "to",
    "type",
    "give",
    "take",
    "days",
    "end",
    "scope",
    "mute",
    "accept",
    "choice",
    "next",
    "language",
    "List-Unsubscribe",
    "side",
    "weapons",
    "flare",
    "card",
    "cover",
    "to_stack",
    "target",
    "boat",
    "rank",
    "lane",
    "key",
    "code",
    "token",
    "action_add",
    "action_send",
    "action_remove",
    "action_primary",
    "email",
    "login",
    "password",
    "oldpassword",
    "password1",
    "password2",
    "remember",
    "role",
    "csrfmiddlewaretoken",
]


def form_field_names() -> list[str]:
    """Every field name of every Django form class loaded (ours, allauth's, the admin's)."""
    names: set[str] = set(EXTRA_FIELDS)
    seen: set[type] = set()
    todo: list[type] = [forms.BaseForm]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
                names.update(getattr(sub, "base_fields", {}))
    return sorted(names)


def form_bodies(fields: list[str]) -> list[tuple[str, dict[str, object]]]:
    """Form-encoded bodies: each sets every field to hostile values of one kind."""
    awkward = ["-1", "9" * 30, "²", "٣", "1e999", "NaN", "0", "true", "[]", "null"]
    return [
        *[(f"form-all-{value[:8]}", {f: value for f in fields}) for value in awkward],
        ("form-nul", {f: "a\x00b" for f in fields}),
        ("form-huge", {f: "x" * 4000 for f in fields}),
        ("form-nested", {f: "[" * 5000 + "]" * 5000 for f in fields}),
        ("form-mixed", {f: awkward[i % len(awkward)] for i, f in enumerate(fields)}),
        ("form-unicode", {f: "Ünï🚣\u200b\u202e" for f in fields}),
        ("form-empty", {f: "" for f in fields}),
        ("form-lists", {f: ["1", "-1", "x"] for f in fields}),
        ("form-json", {f: json.dumps({"type": "vote", "card": [[[[[[[[[["red"]]]]]]]]]]}) for f in fields}),
    ]


#: Raw bodies: (name, content type, bytes).
RAW_BODIES: list[tuple[str, str, bytes]] = [
    ("json-bad", "application/json", b"{oops"),
    (
        "json-nested",
        "application/json",
        ('{"action": ' + "[" * 3000 + "]" * 3000 + ', "version": 1}').encode(),
    ),
    ("json-deep-list", "application/json", ("[" * 5000 + "]" * 5000).encode()),
    ("json-types", "application/json", b'{"action": {"type": ["vote"], "card": {"x": 1}}, "version": "1"}'),
    (
        "json-huge-ints",
        "application/json",
        b'{"action": {"type": "vote", "card": 1e999}, "version": 99999999999999999999}',
    ),
    ("json-nul", "application/json", b'{"action": {"type": "vote\\u0000"}, "version": 1}'),
    ("json-too-big", "application/json", b'{"a": "' + b"x" * 3_000_000 + b'"}'),
    ("json-utf16-claimed", "application/json; charset=utf-16", b'{"action": 1}'),
    ("text", "text/plain", b"\xff\xfe garbage \x00"),
    ("xml", "application/xml", b"<?xml version='1.0'?><!DOCTYPE x [<!ENTITY a 'a'>]><x>&a;</x>"),
    ("multipart-no-boundary", "multipart/form-data", b"--x\r\nContent-Disposition: form-data\r\n\r\ny"),
    ("multipart-bad", "multipart/form-data; boundary=zz", b"--zz\r\nbroken\r\n"),
    ("form-malformed", "application/x-www-form-urlencoded", b"%%%&&==&a=%ZZ&=&" + b"b=" * 2000),
    ("empty", "application/x-www-form-urlencoded", b""),
]


@dataclass(frozen=True)
class Endpoint:
    """One URL pattern: its full description and the pieces its path is built from."""

    description: str
    pieces: tuple[object, ...]  # the patterns from the URLconf's root down to the endpoint

    @property
    def arguments(self) -> list[str]:
        names: list[str] = []
        for piece in self.pieces:
            names += [n for n in _argument_names(piece) if n not in names]
        return names

    def path(self, values: dict[str, str]) -> str:
        return "/" + "".join(_render(piece, values) for piece in self.pieces)


def endpoints() -> list[Endpoint]:
    """Every URL pattern of the root URLconf, nested includes walked."""

    def walk(patterns: list[object], pieces: tuple[object, ...]) -> Iterator[Endpoint]:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, (*pieces, entry.pattern))
            elif isinstance(entry, URLPattern):
                chain = (*pieces, entry.pattern)
                yield Endpoint("".join(str(p) for p in chain), chain)

    return list(walk(get_resolver().url_patterns, ()))


def _argument_names(pattern: object) -> list[str]:
    if isinstance(pattern, RoutePattern):
        return re.findall(r"<(?:\w+:)?(\w+)>", str(pattern))
    if isinstance(pattern, RegexPattern):
        return list(pattern.regex.groupindex)
    return []


def _render(pattern: object, values: dict[str, str]) -> str:
    text = str(pattern)
    if isinstance(pattern, RoutePattern):
        return re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], text)
    return _render_regex(text, values)


def _render_regex(regex: str, values: dict[str, str]) -> str:
    """A path matching the simple regexes of URLconfs: named groups replaced by their values,
    optional unnamed groups left out, anchors dropped and escapes undone."""
    out, i = [], 0
    while i < len(regex):
        char = regex[i]
        if char == "(":
            end = _group_end(regex, i)
            named = re.match(r"\(\?P<(\w+)>", regex[i:])
            if named:
                out.append(values[named.group(1)])
            elif regex[end + 1 : end + 2] != "?":
                out.append(_render_regex(regex[i + 1 : end], values))
            i = end + 1
            if i < len(regex) and regex[i] in "?*+":
                i += 1
        elif char in "^$":
            i += 1
        elif char == "\\" and i + 1 < len(regex):
            out.append(regex[i + 1])
            i += 2
        else:
            out.append(char)
            i += 1
    return "".join(out)


def _group_end(regex: str, start: int) -> int:
    depth, i, in_class = 0, start, False
    while i < len(regex):
        char = regex[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError(f"unbalanced group in {regex!r}")


@dataclass
class Fillings:
    """The argument values of one endpoint's paths: valid ones first, then each argument hostile."""

    valid: list[dict[str, str]] = field(default_factory=list)
    hostile: list[tuple[str, dict[str, str]]] = field(default_factory=list)


def fillings(endpoint: Endpoint, known: dict[str, list[str]]) -> Fillings:
    """Known values for every argument (each known value of each argument in turn), then every
    hostile value for each argument with the others valid."""
    names = endpoint.arguments
    base = {name: (known.get(name) or ["1"])[0] for name in names}
    result = Fillings(valid=[base])
    for name in names:
        for value in (known.get(name) or [])[1:]:
            result.valid.append({**base, name: value})
    for name, (label, value) in itertools.product(names, HOSTILE.items()):
        result.hostile.append((f"{name}={label}", {**base, name: value}))
    return result
