"""The hooks a template uses on a picture: what a part is (`data-*`), whether it may be chosen,
and whether it changed since the reader last looked.

A part is a `<g>` with one data attribute naming it: `data-seat="2"` (a Lifeboat character, by
seat), `data-card="prov-11"` (a card face), `data-boat="red"`, `data-lane="3"`,
`data-figure="fig-2-sailor-0"`, `data-player="1"`, `data-island="left"`, or, for the parts of
which a board has one, `data-part="birds"` (also `row_stack`, `harbour`, `deck-provisions`,
`deck-navigation`). Its key, the string `changed` and `choosable` list, is `"<name>:<value>"`
(`"seat:2"`, `"card:prov-11"`) or the part's name (`"birds"`).

A changed part gets the class `pic-changed` and a dashed marker drawn around it (so the change
shows without the stylesheet too; the stylesheet makes it pulse); a choosable one `pic-choice`.
"""

from __future__ import annotations

from collections.abc import Collection

from .markup import Markup, el, join, num
from .palette import MARK

CHANGED = "pic-changed"
CHOICE = "pic-choice"


def key(name: str, value: object = None) -> str:
    return name if value is None else f"{name}:{value}"


def _marker(x: float, y: float, width: float, height: float) -> Markup:
    return el(
        "rect",
        {
            "class_": "pic-marker",
            "x": x - 2.5,
            "y": y - 2.5,
            "width": width + 5,
            "height": height + 5,
            "rx": 6,
            "fill": "none",
            "stroke": MARK,
            "stroke_width": 3,
            "stroke_dasharray": "6 3",
        },
    )


def part(
    name: str,
    value: object,
    inner: Markup,
    *,
    changed: Collection[str],
    choosable: Collection[str],
    box: tuple[float, float, float, float] | None = None,
    at: tuple[float, float] | None = None,
) -> Markup:
    """`inner` in a `<g>` with its hook; `at` moves the group (inner coordinates are then
    relative to it, which repeats well under gzip); a changed part gets a marker around `box`
    (x, y, width, height, in the inner coordinates)."""
    part_key = key(name, value)
    classes = []
    marker = None
    if part_key in changed:
        classes.append(CHANGED)
        if box is not None:
            marker = _marker(*box)
    if part_key in choosable:
        classes.append(CHOICE)
    attrs: dict[str, object] = {"part": name} if value is None else {name: value}
    attrs = {f"data_{k}": v for k, v in attrs.items()}
    attrs["class_"] = " ".join(classes) or None
    if at is not None:
        attrs["transform"] = f"translate({num(at[0])} {num(at[1])})"
    return el("g", attrs, join([inner, marker]))


def hooked_use(
    name: str,
    value: object,
    href: str,
    box: tuple[float, float, float, float],
    *,
    changed: Collection[str],
    choosable: Collection[str],
) -> Markup:
    """A part that is one sprite symbol drawn in `box` (x, y, width, height): the `<use>` carries
    the hook itself (one element per figure), wrapped in a marked group only when it changed."""
    part_key = key(name, value)
    x, y, width, height = box
    attrs: dict[str, object] = {f"data_{name}": value}
    if part_key in choosable:
        attrs["class_"] = CHOICE
    drawn = el("use", {**attrs, "href": href, "x": x, "y": y, "width": width, "height": height})
    if part_key not in changed:
        return drawn
    return el("g", {"class_": CHANGED}, drawn, _marker(x, y, width, height))
