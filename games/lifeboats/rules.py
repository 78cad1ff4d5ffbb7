"""Lifeboats' rules help: the islands' points and the numbers read from the engine's data tables."""

from __future__ import annotations

from typing import Any

from engine.lifeboats import data as lbs

from .names import island_side


def rules_reference() -> dict[str, Any]:
    """Boats, votes, figures and island points, in the active language."""
    return {
        "islands": [
            {
                "name": island_side(name),
                "sailor": lbs.POINTS[name][lbs.SAILOR],
                "officer": lbs.POINTS[name][lbs.OFFICER],
            }
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
