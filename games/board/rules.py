"""Rules help: card and character reference with the numbers read from the engines' data tables."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.lifeboat import data as lb
from engine.lifeboats import data as lbs

from .lifeboat import navigation_summary

#: One line per Provisions kind (the numbers come from the data table).
PROVISION_EFFECTS: dict[str, str] = {
    "water": "In the thirst step, cancels one thirst of any living character.",
    "cash": "Treasure: 1 point each.",
    "jewels": "Treasure: 1, 2 or 3 cards score 1, 4 or 8 points.",
    "painting": "Treasure, at its printed value.",
    "medkit": "As an action: remove one wound from any living character.",
    "oar": "Weapon; each face-up Oar gives one more card when rowing.",
    "chum": "In the overboard step: one more wound to everyone in the water.",
    "blackjack": "Weapon.",
    "knife": "Weapon.",
    "hook": "Weapon.",
    "flare_gun": "Declared in a fight (+8), or as an action: turn 3 Navigation cards and add their birds.",
    "life_preserver": "Face up: no wound from the fall, and no drowning while unconscious.",
    "compass": "When navigating, add the top Navigation card to the Row stack first.",
    "parasol": "An action opens it; open and face up, it cancels one thirst of its holder per turn.",
}


def _ability(c: lb.Character) -> str:
    if c.doubles:
        return f"{lb.KINDS[c.doubles].name} score double"
    if c.swimmer:
        return "good swimmer: no wound from the fall overboard"
    if c.pickpocket:
        return "pickpocket: his mug for a hand card cannot be refused"
    return "none"


@cache
def lifeboat_reference() -> dict[str, Any]:
    return {
        "characters": [
            {"name": c.name, "size": c.size, "survival": c.survival, "ability": _ability(c)}
            for c in lb.CHARACTER_LIST
        ],
        "provisions": [
            {
                "name": k.name,
                "count": k.count,
                "bonus": f"+{k.weapon}" if k.weapon else ("+8" if k.slug == "flare_gun" else ""),
                "values": "/".join(str(v) for v in k.values),
                "effect": PROVISION_EFFECTS.get(k.slug, ""),
            }
            for k in lb.PROVISION_KINDS
        ],
        "jewels": list(lb.JEWEL_POINTS[1:]),
        "navigation": [navigation_summary(card) for card in lb.NAVIGATION_IDS],
    }


@cache
def lifeboats_reference() -> dict[str, Any]:
    return {
        "islands": [
            {"name": name, "sailor": lbs.POINTS[name][lbs.SAILOR], "officer": lbs.POINTS[name][lbs.OFFICER]}
            for name in lbs.ISLANDS
        ],
        "seats": lbs.SEATS_PER_BOAT,
        "moves": lbs.MOVES_TO_LAND,
        "hats": lbs.HATS_PER_PLAYER,
        "officers": lbs.OFFICERS_PER_PLAYER,
        "sailors_few": lbs.SAILORS_FEW_PLAYERS,
        "sailors_many": lbs.SAILORS_MANY_PLAYERS,
        "weights": dict(lbs.EJECTION_WEIGHT),
    }


REFERENCES = {"lifeboat": lifeboat_reference, "lifeboats": lifeboats_reference}


def reference(slug: str) -> dict[str, Any] | None:
    build = REFERENCES.get(slug)
    return build() if build else None
