"""Answer ahead: a seat's own next decision of some kinds, answered before it is asked.

While a seat waits for others, its player may queue a *plan* for its next decision of a kind its
game allows (`Game.ahead_kinds`); the site keeps it secret and lets the player withdraw it until
it is used. When that decision comes, `Game.resolve_ahead` turns the plan into the action to
play, one of the seat's legal actions, or None: then the seat is asked as usual. Either way the
plan is spent. Events the seat could not foresee may void a plan first (`Game.ahead_voided`).

Everything here reads the seat's own view, legal actions and visible events only, so a plan
never depends on, nor reveals, what the seat may not see. A plan is plain JSON, one of:

- `{"kind": k, "actions": [{...}, ...]}`: *pick* one action now, or a few in order of
  preference: the first of them that is then legal is played;
- `{"kind": k, "order": [item, ...]}`: an *order* of preference of items (Lifeboat's draft:
  provision kinds), resolved by the game (the first item available).

What a seat may queue now (`Game.ahead_options`) is, per kind, `{"pick": [actions]}` or
`{"order": [items]}`; a plan is checked against it (`problem`) when it is queued.
"""

from __future__ import annotations

from typing import Any

from .rules import Action, listed

Plan = dict[str, Any]
#: kind -> {"pick": [actions]} or {"order": [items]}
Options = dict[str, dict[str, list[Any]]]

PICK = "pick"
ORDER = "order"


def problem(options: Options, plan: Any) -> str | None:
    """Why `plan` may not be queued given what the seat may queue now (`options`); None if it may."""
    if not isinstance(plan, dict) or not isinstance(plan.get("kind"), str):
        return "A plan must be an object with a 'kind'."
    offered = options.get(plan["kind"])
    if offered is None:
        return "That decision cannot be answered ahead now."
    if PICK in offered:
        actions = plan.get("actions")
        if plan.keys() != {"kind", "actions"} or not isinstance(actions, list):
            return "This plan takes exactly: 'kind', 'actions'."
        if not 0 < len(actions) <= len(offered[PICK]) or any(a in actions[:i] for i, a in enumerate(actions)):
            return "A plan lists each choice once, at least one."
        if not all(isinstance(a, dict) and listed(a, offered[PICK]) for a in actions):
            return "That is not one of the choices you may queue now."
        return None
    order = plan.get("order")
    if plan.keys() != {"kind", "order"} or not isinstance(order, list):
        return "This plan takes exactly: 'kind', 'order'."
    if not 0 < len(order) <= len(offered[ORDER]) or any(type(item) is not str for item in order):
        return "An order lists each choice once, at least one."
    if len(set(order)) != len(order):  # (strings, so a set finds repeats)
        return "An order lists each choice once, at least one."
    if not set(order) <= set(offered[ORDER]):
        return "That is not one of the choices you may order now."
    return None


def pick(plan: Plan, legal: list[Action]) -> Action | None:
    """The first of a pick plan's actions the seat may take now (exactly, as JSON), else None."""
    return next((a for a in plan.get("actions", []) if isinstance(a, dict) and listed(a, legal)), None)


def without_asked(options: Options, asked: str | None) -> Options:
    """The options less the kind the seat is asked now (that one it answers, not ahead)."""
    return {kind: offered for kind, offered in options.items() if kind != asked}
