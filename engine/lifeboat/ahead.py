"""Answer ahead in Lifeboat (`engine.core.ahead`): the draft and the action.

- `draft`: an order of preference of provision kinds. When cards reach the seat, the first kind
  among them is kept; of several cards of that kind, the most valuable (a Painting's printed
  value), then the first offered. With none of the kinds listed, the seat is asked.
- `act`: the seat's action at its next place in the Actions phase: nothing, row, a named swap or
  mug, or the action of a card it holds (Flare Gun, Parasol, Medical Kit); or a few of them in
  order of preference. The first that is then legal is played, unless since it was queued the
  seat or a character the plan names fought in a fight or changed seats (`TOUCHES`: such an
  event voids the plan): what it planned may then no longer be what it wants. Otherwise the
  seat is asked as usual. (Wounds, mugs and falls void nothing: a plan that needs a card gone
  is no longer legal, and the seat can withdraw its plan whenever it looks.)

Both from the seat's view, legal actions and visible events alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import events_for
from ..core.ahead import ORDER, PICK, Options, Plan, pick, without_asked
from .board import Action, Events
from .data import KIND, PROVISION_KINDS, VALUE
from .flow import KIND_OF_STEP

KINDS = frozenset({"draft", "act"})

#: event type -> the seats it touches; an `act` plan is void once one touches the seat or a
#: character the plan names
TOUCHES: dict[str, Callable[[dict[str, Any]], list[int]]] = {
    "fight_resolved": lambda ev: ev["sides"]["attacker"] + ev["sides"]["defender"],
    "swapped": lambda ev: [ev["seat"], ev["target"]],
}


def asked(view: dict[str, Any]) -> str | None:
    """The kind of decision the view's seat is asked now, if it is waited for."""
    seat = view["seat"]
    if seat is None or seat not in view["to_act"]:
        return None
    return KIND_OF_STEP[view["step"]]


def options(view: dict[str, Any]) -> Options:
    """What a conscious seat in the boat may queue now."""
    seat = view["seat"]
    if seat is None or view["phase"] == "over" or seat not in view["boat"]:
        return {}
    if view["players"][seat]["condition"] != "conscious":
        return {}
    out: Options = {"act": {PICK: act_choices(view)}}
    if view["decks"]["provisions"] or view["step"] == "draft":
        out["draft"] = {ORDER: [kind.slug for kind in PROVISION_KINDS]}
    return without_asked(out, asked(view))


def act_choices(view: dict[str, Any]) -> list[Action]:
    """Every action the seat could name for its place, as the table looks now (whether it is then
    legal is checked when it is played)."""
    seat = view["seat"]
    players = view["players"]
    table = players[seat]["table"]
    held = {c["kind"] for c in view["me"]["hand"]} | {c["kind"] for c in table}
    others = [t for t in view["boat"] if t != seat]
    out: list[Action] = [{"type": "nothing"}, {"type": "row"}]
    out += [{"type": "swap", "target": t} for t in others]
    for t in others:
        out += [{"type": "mug", "target": t, "card": c["id"]} for c in players[t]["table"]]
        if players[t]["hand_size"]:
            out.append({"type": "mug", "target": t, "card": "hand"})
    if "flare_gun" in held:
        out.append({"type": "flare"})
    if "parasol" in held and not any(c["kind"] == "parasol" and c.get("open") for c in table):
        out.append({"type": "parasol"})
    if "medkit" in held:
        out += [
            {"type": "medkit", "target": t}
            for t in view["boat"]
            if players[t]["condition"] != "dead" and players[t]["wounds"] > 0
        ]
    return out


def resolve(plan: Plan, view: dict[str, Any], legal: list[Action]) -> Action | None:
    if plan["kind"] != "draft":
        return pick(plan, legal)
    offered: list[str] = (view.get("me") or {}).get("draft") or []
    for kind in plan["order"]:
        cards = [c for c in offered if KIND.get(c) == kind]
        if cards:
            best = max(cards, key=lambda c: VALUE.get(c, 0))  # the first of the most valuable
            return pick({"actions": [{"type": "keep", "card": best}]}, legal)
    return None


def voided(plan: Plan, seat: int, events: Events) -> bool:
    if plan["kind"] != "act":
        return False
    involved = {seat}
    involved.update(a["target"] for a in plan["actions"] if type(a.get("target")) is int)
    return any(
        involved.intersection(TOUCHES[ev["type"]](ev))
        for ev in events_for(events, seat)
        if ev["type"] in TOUCHES
    )
