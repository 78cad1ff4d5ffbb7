"""What changed between two views of one seat, as the part keys the boards mark (`hooks`).

A table that knows the version a reader last looked at can rebuild that view (the replay does)
and pass `changes(slug, before, after)` as a board's `changed`: moved or hurt characters, new
face-up cards, birds, the Row stack, moved boats and figures, new leaks, landed figures.
"""

from __future__ import annotations

from typing import Any


def _lifeboat(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
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


def _lifeboats(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
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


def changes(slug: str, before: dict[str, Any] | None, after: dict[str, Any]) -> set[str]:
    """The part keys of `after`'s board that differ from `before` (None: nothing marked)."""
    if before is None:
        return set()
    return _lifeboat(before, after) if slug == "lifeboat" else _lifeboats(before, after)
