"""Which parts of Lifeboats' picture a click chooses, and which changed since a reader last looked.

- `choices(view, legal)`: part key -> the legal actions a click on that part would take: a lane,
  a boat, one's own figure, a vote card in hand or the boat or player it names.
- `changes(before, after)`: the part keys of `after` that differ from `before` (moved boats and
  figures, new leaks, landed figures, hats and points).

Keys are the board's (`games.pictures.hooks`) and the card rows' (`card:<id>`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

Action = dict[str, Any]


def choices(view: dict[str, Any], legal: list[Action]) -> dict[str, list[Action]]:
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


def changes(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    old_boats = {b["colour"]: b for b in before["boats"]}
    for b in after["boats"]:
        q = old_boats.get(b["colour"])
        if q is None:
            continue
        if (b["lane"], b["position"], b["status"]) != (q["lane"], q["position"], q["status"]):
            out.add(f"boat:{b['colour']}")
        leaks = sum(1 for t in b["seats"] if t and "leak" in t)
        if leaks != sum(1 for t in q["seats"] if t and "leak" in t):
            out.add(f"boat:{b['colour']}")
    old_where, new_where = _figures(before), _figures(after)
    for fig, place in new_where.items():
        if old_where.get(fig) != place:
            out.add(f"figure:{fig}")
            if place.startswith("island:"):
                out.add(place)
    if before["harbour"] != after["harbour"]:
        out.add("harbour")
    old_players = {p["seat"]: p for p in before["players"]}
    for p in after["players"]:
        q = old_players.get(p["seat"])
        if q is not None and (p["hats"], p["points"]) != (q["hats"], q["points"]):
            out.add(f"player:{p['seat']}")
    return out


def _figures(view: dict[str, Any]) -> dict[str, str]:
    """Where each figure is: in which boat's seat, behind which boat, on which island."""
    where: dict[str, str] = {}
    for b in view["boats"]:
        for i, token in enumerate(b["seats"]):
            if token and "id" in token:
                where[token["id"]] = f"{b['colour']}:{i}"
        for f in b["behind"]:
            where[f["id"]] = f"{b['colour']}:behind"
    for name, island in view["islands"].items():
        for f in island["figures"]:
            where[f["id"]] = f"island:{name}"
    return where
