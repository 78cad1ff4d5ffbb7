"""Lifeboat's rules help: characters, Provisions and Navigation cards with the numbers read from the
engine's data tables."""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from engine.lifeboat import data as lb

from .names import character_name, navigation_line, provision_name

#: One line per Provisions kind (the numbers come from the data table).
PROVISION_EFFECTS: dict[str, Promise] = {
    "water": gettext_lazy("In the thirst step, cancels one thirst of any living character."),
    "cash": gettext_lazy("Treasure: 1 point each."),
    "jewels": gettext_lazy("Treasure: 1, 2 or 3 cards score 1, 4 or 8 points."),
    "painting": gettext_lazy("Treasure, at its printed value."),
    "medkit": gettext_lazy("As an action: remove one wound from any living character."),
    "oar": gettext_lazy("Weapon; each face-up Oar gives one more card when rowing."),
    "chum": gettext_lazy("In the overboard step: one more wound to everyone in the water."),
    "blackjack": gettext_lazy("Weapon."),
    "knife": gettext_lazy("Weapon."),
    "hook": gettext_lazy("Weapon."),
    "flare_gun": gettext_lazy(
        "Declared in a fight (+8), or as an action: turn 3 Navigation cards and add their birds."
    ),
    "life_preserver": gettext_lazy("Face up: no wound from the fall, and no drowning while unconscious."),
    "compass": gettext_lazy("When navigating, add the top Navigation card to the Row stack first."),
    "parasol": gettext_lazy(
        "An action opens it; open and face up, it cancels one thirst of its holder per turn."
    ),
}


def _ability(c: lb.Character) -> str:
    if c.doubles:
        return _("%(kind)s score double") % {"kind": provision_name(c.doubles)}
    if c.swimmer:
        return _("good swimmer: no wound from the fall overboard")
    if c.pickpocket:
        return _("pickpocket: his mug for a hand card cannot be refused")
    return pgettext("character ability", "none")


def rules_reference() -> dict[str, Any]:
    """Characters, Provisions and Navigation cards with their numbers, in the active language."""
    return {
        "characters": [
            {
                "name": character_name(c.slug),
                "size": c.size,
                "survival": c.survival,
                "ability": _ability(c),
            }
            for c in lb.CHARACTER_LIST
        ],
        "provisions": [
            {
                "name": provision_name(k.slug),
                "count": k.count,
                "bonus": f"+{k.weapon}" if k.weapon else ("+8" if k.slug == "flare_gun" else ""),
                "values": "/".join(str(v) for v in k.values),
                "effect": str(PROVISION_EFFECTS.get(k.slug, "")),
            }
            for k in lb.PROVISION_KINDS
        ],
        "jewels": list(lb.JEWEL_POINTS[1:]),
        "navigation": [navigation_line(card) for card in lb.NAVIGATION_IDS],
    }
