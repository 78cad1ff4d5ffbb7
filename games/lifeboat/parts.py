"""Which parts of Lifeboat's picture a click chooses, and which changed since a reader last looked.

- `choices(view, legal)`: part key -> the legal actions a click on that part would take. A template
  passes the keys as the board's `choosable` (class `pic-choice`); where one action is listed a
  tap selects it, where several are (a card to play for yourself or for another character), the
  form's own controls decide. In a move composed field by field, a tap picks one field: a fight's
  side (the attacker's or the defender's seat), a weapon (its card in hand), a rowed card for the
  Row stack. Water and trades stay with the form.
- `changes(before, after)`: the part keys of `after` that differ from `before` (moved or hurt
  characters, new face-up cards, birds, the Row stack, the decks).

Keys are the board's (`games.pictures.hooks`) and the card rows' (`card:<id>`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

Action = dict[str, Any]


def choices(view: dict[str, Any], legal: list[Action]) -> dict[str, list[Action]]:
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
        elif kind == "fight":  # a side by its fighter's seat, a weapon by its card in hand
            window = view.get("window") or {}
            fighter = window.get(action["side"]) if action["side"] in ("attacker", "defender") else None
            if fighter is not None:
                out[f"seat:{fighter}"].append(action)
            for weapon in action["weapons"]:
                out[f"card:{weapon}"].append(action)
        elif kind == "place_rowed":  # a rowed card for the Row stack
            for card in action["to_stack"]:
                out[f"card:{card}"].append(action)
    return dict(out)


def changes(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    old = {p["seat"]: p for p in before["players"]}
    old_places = {seat: i for i, seat in enumerate(before["boat"])}
    for place, seat in enumerate(after["boat"]):
        p, q = after["players"][seat], old.get(seat)
        if (
            q is None
            or old_places.get(seat) != place
            or (p["wounds"], p["condition"]) != (q["wounds"], q["condition"])
        ):
            out.add(f"seat:{seat}")
        old_cards = {c["id"]: c for c in (q["table"] if q else [])}
        for card in p["table"]:
            if card["id"] not in old_cards or old_cards[card["id"]].get("open") != card.get("open"):
                out.add(f"card:{card['id']}")
    for p in after["players"]:
        if not p["in_boat"] and old.get(p["seat"], {}).get("in_boat", True):
            out.add(f"seat:{p['seat']}")
    if before["birds"] != after["birds"]:
        out.add("birds")
    if before["row_stack"] != after["row_stack"]:
        out.add("row_stack")
    played = (after.get("navigation_card") or {}).get("id")
    if played and played != (before.get("navigation_card") or {}).get("id"):
        out.add(f"card:{played}")
    for deck, count in after["decks"].items():
        if before["decks"].get(deck) != count:
            out.add(f"deck-{deck}")
    return out
