"""The board pictures as SVG strings, built in Python (escape + join): a few hundred small
shapes placed by arithmetic read better as code than as template tags. The one place of the site
that writes markup in Python.

Every text drawn here is escaped; numbers and colours come from the presenters.
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


def _text(x: int, y: int, text: str, size: int = 12, extra: str = "") -> str:
    return f'<text x="{x}" y="{y}" font-size="{size}"{extra}>{escape(text)}</text>'


# A picture is as wide as it is drawn or as its container, never narrower than 544 px (it
# scrolls sideways in a narrower screen): `.board svg.board-pic` in static/site/site.css, since the
# Content-Security-Policy refuses style= attributes.


def lifeboat(b: Any) -> SafeString:
    """The boat from bow (left) to stern (right): characters, wounds, marks, decks and birds."""
    w = b.width
    # gettext calls stay outside f-strings (xgettext does not look inside them) and loops.
    title = escape(_("The lifeboat, bow on the left, stern on the right"))
    seat_words = _("%(n)s: %(name)s, %(condition)s, %(wounds)s/%(size)s wounds")
    navigator, you, face_up = _("navigator"), _("you"), _("face up")
    out = [
        f'<svg viewBox="0 0 {w} 190" width="{w}" height="190" class="board-pic" role="img" '
        'aria-labelledby="boat-t boat-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="boat-t">{title}</title>',
        '<desc id="boat-d">',
        escape(
            " ".join(
                seat_words
                % {
                    "n": n,
                    "name": s.name,
                    "condition": s.condition_name,
                    "wounds": s.wounds,
                    "size": s.size,
                }
                + (", " + navigator if s.navigator else "")
                + "."
                for n, s in enumerate(b.seats, start=1)
            )
            + " "
            + _("Birds %(n)s of 4.") % {"n": b.bird_count}
        ),
        "</desc>",
        f'<path d="M10 60 H{w - 10} L{w - 50} 150 H50 Z" fill="#8B5E3C" stroke="#000"/>',
    ]
    for x, label, count in ((37, _("Prov."), b.provisions), (w - 37, _("Nav."), b.navigation)):
        out.append(f'<rect x="{x - 25}" y="66" width="50" height="70" rx="5" fill="#fff" stroke="#000"/>')
        out.append(_text(x, 96, label, 12, ' text-anchor="middle"'))
        out.append(_text(x, 118, str(count), 18, ' text-anchor="middle" font-weight="700"'))
    for s in b.seats:
        x = s.x
        dash = ' stroke-dasharray="6 4"' if s.condition == "unconscious" else ""
        out.append(
            f'<g><circle cx="{x}" cy="92" r="30" fill="{s.fill}" stroke="#000" '
            f'stroke-width="{5 if s.is_me else 1.5}"{dash}/>'
        )
        out.append(_text(x, 99, s.mark, 20, f' text-anchor="middle" font-weight="700" fill="{s.ink}"'))
        if s.condition == "dead":
            out.append(f'<path d="M{x - 22} 70 l44 44 m0 -44 l-44 44" stroke="#000" stroke-width="5"/>')
        elif s.condition == "unconscious":
            out.append(_text(x + 20, 68, "zz", 14, ' font-weight="700"'))
        if s.navigator:
            out.append(_text(x - 30, 68, "★", 18, ' aria-hidden="true"'))
        if s.side:
            out.append(_text(x + 20, 124, "A" if s.side == "attacker" else "D", 13, ' font-weight="700"'))
        out.extend(
            f'<circle cx="{px}" cy="138" r="4" fill="{"#D55E00" if filled else "#fff"}" stroke="#000"/>'
            for px, filled in s.pips
        )
        name = you if s.is_me else (s.player if len(s.player) <= 14 else s.player[:13] + "…")
        out.append(_text(x, 54, name, 12, ' text-anchor="middle"'))
        marks = (f"{len(s.face_up)} {face_up}" if s.face_up else "") + (" ↑" if s.rowed else "")
        marks += " ⚔" if s.fought else ""
        out.append(_text(x, 168, marks, 11, ' text-anchor="middle"') + "</g>")
    out.extend(
        f'<path d="M{bx} 22 q8 -10 16 0 q8 -10 16 0" fill="none" stroke="{"#000" if on else "#bbb"}" '
        f'stroke-width="3"/>'
        for bx, on in b.birds
    )
    out.append(
        _text(
            12,
            24,
            _("Birds: %(n)s/4") % {"n": b.bird_count} + " · " + _("Row stack: %(n)s") % {"n": b.row_stack},
            13,
        )
    )
    out.append("</svg>")
    return mark_safe("".join(out))  # every text above is escaped


def _token(t: Any) -> str:
    x, y = t.x, t.y
    if t.kind == "empty":
        return (
            f'<rect x="{x - 11}" y="{y - 11}" width="22" height="22" fill="none" stroke="#999" '
            'stroke-dasharray="3 3"/>'
        )
    if t.kind == "leak":
        return f'<rect x="{x - 11}" y="{y - 11}" width="22" height="22" fill="#56B4E9"/>' + _text(
            x, y + 5, "≈", 16, ' text-anchor="middle"'
        )
    if t.kind == "officer":
        shape = f'<path d="M{x} {y - 13} l13 13 l-13 13 l-13 -13 z" fill="{t.fill}" stroke="#000"/>'
    else:
        shape = f'<circle cx="{x}" cy="{y}" r="10" fill="{t.fill}" stroke="#000"/>'
    return shape + _text(x, y + 4, t.letter, 11, f' text-anchor="middle" font-weight="700" fill="{t.ink}"')


def lifeboats(b: Any) -> SafeString:
    """Seven lanes from the sinking ship (bottom) to the islands (top), with boats and figures."""
    w, h = b.width, b.height
    boat_words = _("%(boat)s: lane %(lane)s, row %(row)s")
    desc = " ".join(
        boat_words % {"boat": boat.label, "lane": boat.lane, "row": boat.position}
        + "; "
        + ", ".join(t.label for t in boat.seats)
        + "."
        for boat in b.boats
    )
    title = escape(_("Seven lanes from the sinking ship (bottom) to the islands (top)"))
    out = [
        f'<svg viewBox="0 0 {w} {h}" width="{w}" height="{h}" class="board-pic" role="img" '
        'aria-labelledby="sea-t sea-d" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="sea-t">{title}</title>',
        f'<desc id="sea-d">{escape(desc)}</desc>',
        f'<rect width="{w}" height="{h}" fill="#DCEFFA"/>',
    ]
    for ln in b.lanes:
        out.append(
            f'<line x1="{ln["x"]}" y1="58" x2="{ln["x"]}" y2="{h}" stroke="#9CC" stroke-dasharray="4 6"/>'
        )
        out.append(_text(ln["mid"], h - 12, f"L{ln['lane']}", 13, ' text-anchor="middle"'))
    for i in b.islands:
        out.append(
            f'<g><rect x="{i.x}" y="4" width="{i.width}" height="50" rx="18" fill="#F3E3B5" '
            'stroke="#7A6A3A"/>'
        )
        out.append(_text(i.x + 8, 17, f"{i.title} ({i.points})", 11))
        for f in i.figures:
            if f.kind == "officer":
                out.append(
                    f'<rect x="{f.x - 5}" y="{f.y - 5}" width="10" height="10" fill="{f.fill}" '
                    'stroke="#000"/>'
                )
            else:
                out.append(f'<circle cx="{f.x}" cy="{f.y}" r="5" fill="{f.fill}" stroke="#000"/>')
        out.append("</g>")
    out.append(f'<rect x="0" y="{h - 30}" width="{w}" height="30" fill="#777"/>')
    for boat in b.boats:
        x, y = boat.x, boat.y
        out.append(
            f'<g><rect x="{x}" y="{y}" width="84" height="84" rx="14" fill="#fff" '
            f'stroke="{boat.fill}" stroke-width="6"/>'
            f'<rect x="{x}" y="{y}" width="22" height="18" fill="{boat.fill}"/>'
        )
        out.append(
            _text(
                x + 11, y + 14, boat.letter, 13, f' text-anchor="middle" font-weight="700" fill="{boat.ink}"'
            )
        )
        out.extend(_token(t) for t in boat.seats)
        out.extend(
            f'<circle cx="{f.x}" cy="{f.y}" r="6" fill="{f.fill}" stroke="#000" stroke-dasharray="2 2"/>'
            for f in boat.behind
        )
        out.append("</g>")
    out.append("</svg>")
    return mark_safe("".join(out))  # every text above is escaped
