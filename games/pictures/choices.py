"""Which part of a picture chooses which legal action: `choices(slug, view, legal)`.

A template passes the keys as a board's `choosable` (they get the class `pic-choice`) and, on a
click on a part, picks the action listed for its key: where one action is listed it can be
played at once, where several are (a card to play for yourself or for another character, a
Painting of one value or another), the form's own controls decide. Only actions whose whole
choice is one thing on the picture are listed; the others (fights, Water, trades, rowing) stay
with the prompt's controls. Keys are the boards' (`hooks`) and the card rows' (`card:<id>`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

Action = dict[str, Any]


def _lifeboat(view: dict[str, Any], legal: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = defaultdict(list)
    for action in legal:
        kind = action.get("type")
        if kind in ("keep", "navigate", "play"):
            out[f"card:{action['card']}"].append(action)
        elif kind in ("swap", "medkit"):
            out[f"seat:{action['target']}"].append(action)
        elif kind == "mug":
            key = f"seat:{action['target']}" if action["card"] == "hand" else f"card:{action['card']}"
            out[key].append(action)
    return dict(out)


def _lifeboats(view: dict[str, Any], legal: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = defaultdict(list)
    seat_of = {p["colour"]: p["seat"] for p in view["players"]}
    vote_kind = (view.get("vote") or {}).get("kind")
    hand = (view.get("you") or {}).get("hand_ids", [])
    for action in legal:
        kind = action.get("type")
        if kind == "place_boat":
            out[f"lane:{action['lane']}"].append(action)
        elif kind in ("place_figure", "jump_in"):
            out[f"boat:{action['boat']}"].append(action)
        elif kind == "jump_out":
            boat = next((b for b in view["boats"] if b["colour"] == action["boat"]), None)
            for token in boat["seats"] if boat else []:
                if token and token.get("owner") == view.get("seat") and token.get("rank") == action["rank"]:
                    out[f"figure:{token['id']}"].append(action)
        elif kind in ("vote", "decide"):
            choice = action.get("card") if kind == "vote" else action.get("choice")
            if choice is None:
                continue
            if choice == "hat":
                keys = [f"card:{c}" for c in hand if c.startswith("hat-")]
            else:
                keys = [f"card:{c}" for c in hand if c.endswith(f"-{choice}") and c.startswith("card-")]
                keys.append(
                    f"player:{seat_of[choice]}"
                    if vote_kind == "eject" and choice in seat_of
                    else f"boat:{choice}"
                )
            for key in keys:
                out[key].append(action)
    return dict(out)


def choices(slug: str, view: dict[str, Any], legal: list[Action]) -> dict[str, list[Action]]:
    """Part key -> the legal actions choosing that part would take, for the seat whose `view`
    and `legal` actions these are."""
    return _lifeboat(view, legal) if slug == "lifeboat" else _lifeboats(view, legal)
