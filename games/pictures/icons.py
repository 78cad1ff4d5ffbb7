"""Small hand-made icons on a 24-unit grid, drawn in `currentColor` (set by `icon`'s colour).

Each kind has a shape of its own, so the icons stay apart without colour: a drop (Water), a
crossed-out drop (thirst), crossed swords (a fight), an oar, a gull (a bird), an arrow into waves
(overboard), and so on. They are made for 14-40 px and use thick strokes.
"""

from __future__ import annotations

from .markup import Markup, el, num

_ROUND = 'stroke-linecap="round" stroke-linejoin="round"'
_DROP = "M12 2.2C9 6.8 5.2 10.6 5.2 14.8a6.8 6.8 0 0 0 13.6 0C18.8 10.6 15 6.8 12 2.2z"
_HEART = "M12 21C5.2 16.2 2 12.6 2 8.6A5 5 0 0 1 12 6a5 5 0 0 1 10 2.6c0 4-3.2 7.6-10 12.4z"
_WAVES = "M1 20.5c1.8-1.6 3.7-1.6 5.5 0s3.7 1.6 5.5 0 3.7-1.6 5.5 0 3.7 1.6 5.5 0"

ICONS: dict[str, Markup] = {
    "water": Markup(
        f'<path d="{_DROP}" fill="currentColor"/>'
        '<path d="M8.6 15a3.4 3.4 0 0 0 3.4 3.4" fill="none" stroke="#fff" stroke-width="1.6" '
        'stroke-linecap="round"/>'
    ),
    "thirst": Markup(
        f'<path d="{_DROP}" fill="none" stroke="currentColor" stroke-width="2"/>'
        f'<path d="M3.5 3.5l17 17" stroke="currentColor" stroke-width="2.4" {_ROUND}/>'
    ),
    "cash": Markup(
        '<rect x="4.5" y="3.5" width="17.5" height="11" rx="1.5" fill="none" stroke="currentColor" '
        'stroke-width="1.6"/>'
        '<rect x="2" y="7" width="18" height="12" rx="1.5" fill="currentColor"/>'
        '<circle cx="11" cy="13" r="3" fill="none" stroke="#fff" stroke-width="1.6"/>'
        '<path d="M5 10.5v5M17 10.5v5" stroke="#fff" stroke-width="1.4" stroke-linecap="round"/>'
    ),
    "jewels": Markup(
        '<path d="M6.5 4h11L22 9.2 12 21 2 9.2z" fill="currentColor"/>'
        '<path d="M2.5 9.2h19M9.4 4 7.6 9.2 12 20l4.4-10.8L14.6 4" fill="none" stroke="#fff" '
        f'stroke-width="1.2" {_ROUND}/>'
    ),
    "painting": Markup(
        '<rect x="2.5" y="4" width="19" height="16" rx="1" fill="none" stroke="currentColor" '
        'stroke-width="2.6"/>'
        '<path d="M5.5 17.5 10 11l3 4 2-2.5 3.5 5z" fill="currentColor"/>'
        '<circle cx="16" cy="8.8" r="1.8" fill="currentColor"/>'
    ),
    "medkit": Markup(
        '<path d="M9 7V4.5h6V7" fill="none" stroke="currentColor" stroke-width="2"/>'
        '<rect x="2" y="7" width="20" height="14" rx="2" fill="currentColor"/>'
        '<path d="M12 10.2v7.6M8.2 14h7.6" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>'
    ),
    "oar": Markup(
        f'<path d="M3.5 20.5 13 11" stroke="currentColor" stroke-width="2.4" {_ROUND}/>'
        f'<path d="M2.6 21.4l2.2-2.2" stroke="currentColor" stroke-width="4" {_ROUND}/>'
        '<path d="M12.4 11.6c-1-3.2 1.2-7.8 4.8-9.2 2-.8 4.1 1.3 3.4 3.3-1.4 3.7-5.9 6.9-8.2 5.9z" '
        'fill="currentColor"/>'
    ),
    "chum": Markup(
        '<path d="M5 4.5c0 0 3-2.5 7-2.5s7 2.5 7 2.5" fill="none" stroke="currentColor" stroke-width="1.6"/>'
        '<path d="M4 7h16l-2.2 14H6.2z" fill="currentColor"/>'
        '<path d="M8.5 18.5c1.4-4.2 3.6-6.5 6.6-7.5-1.1 2.3-1.1 5 .2 7.5z" fill="#fff"/>'
    ),
    "blackjack": Markup(
        f'<path d="M4 20l7-7" stroke="currentColor" stroke-width="2.6" {_ROUND}/>'
        f'<path d="M12.5 11.5 18.5 5.5" stroke="currentColor" stroke-width="6.5" {_ROUND}/>'
        '<circle cx="4" cy="20" r="2.2" fill="none" stroke="currentColor" stroke-width="1.4"/>'
    ),
    "knife": Markup(
        f'<path d="M3 21l4.6-4.6" stroke="currentColor" stroke-width="3.6" {_ROUND}/>'
        f'<path d="M5.3 13.3l5.4 5.4" stroke="currentColor" stroke-width="2" {_ROUND}/>'
        '<path d="M8 16 21.2 2.8c.4 4.2-3.7 10.4-11 15.4z" fill="currentColor"/>'
    ),
    "hook": Markup(
        f'<path d="M7 22.5V9.5a5.5 5.5 0 0 1 11 0v3" fill="none" stroke="currentColor" stroke-width="2.6" '
        f"{_ROUND}/>"
        '<path d="M15.3 11.2 18 16l2.7-4.8z" fill="currentColor"/>'
        f'<path d="M7 22.5v-5" stroke="currentColor" stroke-width="4.2" {_ROUND}/>'
    ),
    "flare_gun": Markup(
        '<path d="M2 6.5h13.5v5H9l-1.6 8.5H3l1.8-8.5H2z" fill="currentColor"/>'
        f'<path d="M19.5 9h3M18.8 5.2l2.2-2.2M18.8 12.8l2.2 2.2" stroke="currentColor" stroke-width="2" '
        f"{_ROUND}/>"
    ),
    "life_preserver": Markup(
        '<circle cx="12" cy="12" r="7.6" fill="none" stroke="currentColor" stroke-width="5.2"/>'
        '<path d="M12 1.6v5M12 17.4v5M1.6 12h5M17.4 12h5" stroke="#fff" stroke-width="3"/>'
        '<circle cx="12" cy="12" r="10.3" fill="none" stroke="currentColor" stroke-width=".8"/>'
        '<circle cx="12" cy="12" r="4.9" fill="none" stroke="currentColor" stroke-width=".8"/>'
    ),
    "compass": Markup(
        '<circle cx="12" cy="12" r="9.6" fill="none" stroke="currentColor" stroke-width="2"/>'
        '<path d="M12 4.2l2.8 7.8H9.2z" fill="currentColor"/>'
        '<path d="M12 19.8 9.2 12h5.6z" fill="none" stroke="currentColor" stroke-width="1.3" '
        'stroke-linejoin="round"/>'
    ),
    "parasol": Markup(
        '<path d="M1.5 12.5a10.5 10.5 0 0 1 21 0c-1.75-1.4-3.5-1.4-5.25 0-1.75-1.4-3.5-1.4-5.25 0'
        '-1.75-1.4-3.5-1.4-5.25 0-1.75-1.4-3.5-1.4-5.25 0z" fill="currentColor"/>'
        f'<path d="M12 12.5v7.5a2.2 2.2 0 0 1-4.4 0" fill="none" stroke="currentColor" stroke-width="2" '
        f"{_ROUND}/>"
    ),
    "bird": Markup(
        '<path d="M1.5 12c3.2-3.4 6.8-3.4 10.5.8 3.7-4.2 7.3-4.2 10.5-.8-3.3-1-6.8 0-10.5 4.6C8.3 12 4.8 '
        '11 1.5 12z" '
        'fill="currentColor"/>'
    ),
    "no_bird": Markup(
        '<path d="M1.5 12c3.2-3.4 6.8-3.4 10.5.8 3.7-4.2 7.3-4.2 10.5-.8-3.3-1-6.8 0-10.5 4.6C8.3 12 4.8 '
        '11 1.5 12z" '
        'fill="currentColor"/>'
        f'<path d="M3 3l18 18" stroke="#fff" stroke-width="4.4" {_ROUND}/>'
        f'<path d="M3 3l18 18" stroke="currentColor" stroke-width="2.2" {_ROUND}/>'
    ),
    "overboard": Markup(
        f'<path d="M12 1.5v11.5M7.5 8.5 12 13l4.5-4.5" fill="none" stroke="currentColor" stroke-width="2.4" '
        f"{_ROUND}/>"
        f'<path d="{_WAVES}" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>'
        '<path d="M1 16.5c1.8-1.6 3.7-1.6 5.5 0M17.5 16.5c1.8-1.6 3.7-1.6 5.5 0" fill="none" '
        'stroke="currentColor" '
        'stroke-width="1.6" stroke-linecap="round"/>'
    ),
    "fight": Markup(
        f'<path d="M4 4l11.5 11.5M20 4 8.5 15.5" stroke="currentColor" stroke-width="2.4" {_ROUND}/>'
        f'<path d="M13 18l5-5M6 13l5 5" stroke="currentColor" stroke-width="2.2" {_ROUND}/>'
        f'<path d="M17.5 17.5l3 3M6.5 17.5l-3 3" stroke="currentColor" stroke-width="3" {_ROUND}/>'
    ),
    "heart": Markup(f'<path d="{_HEART}" fill="currentColor"/>'),
    "broken_heart": Markup(
        f'<path d="{_HEART}" fill="currentColor"/>'
        f'<path d="M12.2 6.4 10 10.6l3.2 2.8-2.4 3.6 1.2 3.6" fill="none" stroke="#fff" stroke-width="1.8" '
        f"{_ROUND}/>"
    ),
    "shield": Markup(
        '<path d="M12 2 3.5 5v6.2c0 5 3.6 8.8 8.5 10.8 4.9-2 8.5-5.8 8.5-10.8V5z" fill="currentColor"/>'
        '<path d="M12 5.5v13" stroke="#fff" stroke-width="1.4" opacity=".7"/>'
    ),
    "skull": Markup(
        '<path d="M12 2a8.5 8.5 0 0 0-8.5 8.5c0 3.1 1.6 5.3 3.6 6.5V21h9.8v-4c2-1.2 3.6-3.4 3.6-6.5A8.5 '
        '8.5 0 0 0 12 2z" '
        'fill="currentColor"/>'
        '<circle cx="8.7" cy="11" r="2.3" fill="#fff"/><circle cx="15.3" cy="11" r="2.3" fill="#fff"/>'
        '<path d="M10 21v-2.6M14 21v-2.6" stroke="#fff" stroke-width="1.2"/>'
    ),
    "sleep": Markup(
        f'<path d="M3 10h6l-6 7h6M13 3h8l-8 9h8" fill="none" stroke="currentColor" stroke-width="2.3" '
        f"{_ROUND}/>"
    ),
    "wheel": Markup(
        '<circle cx="12" cy="12" r="6.8" fill="none" stroke="currentColor" stroke-width="2.4"/>'
        '<circle cx="12" cy="12" r="2.2" fill="currentColor"/>'
        f'<path d="M12 1.5v21M1.5 12h21M4.6 4.6l14.8 14.8M19.4 4.6 4.6 19.4" stroke="currentColor" '
        'stroke-width="1.8" '
        f"{_ROUND}/>"
    ),
    "hourglass": Markup(
        f'<path d="M5.5 2.5h13M5.5 21.5h13" stroke="currentColor" stroke-width="2.4" {_ROUND}/>'
        '<path d="M7 3h10c0 5-4 6.2-4 9s4 4 4 9H7c0-5 4-6.2 4-9S7 8 7 3z" fill="none" stroke="currentColor" '
        'stroke-width="1.8" stroke-linejoin="round"/>'
        '<path d="M9 20h6c-.6-2-2-3-3-3.4-1 .4-2.4 1.4-3 3.4z" fill="currentColor"/>'
    ),
    "hat": Markup(
        '<path d="M3 13.2C3 8.6 7 5.5 12 5.5s9 3.1 9 7.7z" fill="currentColor"/>'
        '<path d="M1.5 14.4h21l-3.2 4.4H4.7z" fill="currentColor"/>'
        '<path d="M4 13.4h16" stroke="#fff" stroke-width="1.2"/>'
        '<circle cx="12" cy="9.6" r="2" fill="#F0E442" stroke="#fff" stroke-width=".8"/>'
    ),
    "boat": Markup(
        '<path d="M1.5 14.5h21l-3.8 6.5H5.3z" fill="currentColor"/>'
        '<path d="M11 13V2.5l8 9.5h-8" fill="currentColor"/>'
        '<path d="M9.5 13V6L4 13z" fill="currentColor"/>'
    ),
    "star": Markup(
        '<path d="M12 1.8l3 6.5 7 .8-5.2 4.8 1.5 7-6.3-3.6-6.3 3.6 1.5-7L2 9.1l7-.8z" fill="currentColor"/>'
    ),
    "leak": Markup(
        f'<path d="{_DROP}" fill="currentColor"/>'
        '<path d="M7.6 14.5c1.5-1.2 2.9-1.2 4.4 0s2.9 1.2 4.4 0" fill="none" stroke="#fff" '
        'stroke-width="1.6" '
        'stroke-linecap="round"/>'
    ),
    "cards": Markup(
        '<rect x="7" y="2" width="13" height="18" rx="2" fill="none" stroke="currentColor" '
        'stroke-width="1.8"/>'
        '<rect x="3" y="5" width="13" height="17" rx="2" fill="currentColor"/>'
    ),
    "open": Markup(
        f'<path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" stroke-width="3" {_ROUND}/>'
    ),
    "bot": Markup(
        '<path d="M12 6.5V3.4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
        '<circle cx="12" cy="2.9" r="2" fill="currentColor"/>'
        '<rect x="3.5" y="6.5" width="17" height="14" rx="3.5" fill="currentColor"/>'
        f'<path d="M1.5 11.5v4.5M22.5 11.5v4.5" stroke="currentColor" stroke-width="2.2" {_ROUND}/>'
        '<circle cx="8.6" cy="12.4" r="2" fill="#fff"/><circle cx="15.4" cy="12.4" r="2" fill="#fff"/>'
        '<path d="M8.8 16.8h6.4" stroke="#fff" stroke-width="1.7" stroke-linecap="round"/>'
    ),
}


def icon(name: str, x: float, y: float, size: float, colour: str, **attrs: object) -> Markup:
    """Icon `name`, `size` units square, its top left corner at (x, y)."""
    scale = f"{size / 24:.3f}".rstrip("0").rstrip(".")
    return el(
        "g",
        {"transform": f"translate({num(x)} {num(y)}) scale({scale})", "color": colour, **attrs},
        ICONS[name],
    )
