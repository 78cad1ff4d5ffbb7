"""`LifeboatBot`: which chooser a decision goes to, and the actions open at any time (playing a
card face up, answering a trade offer)."""

from __future__ import annotations

from typing import Any

from ...lifeboat import LIFEBOAT
from ...lifeboat.data import KIND
from ..common import Action, View, best, rng_for
from . import actions, fights, navigation
from .model import NOISE, Model

#: actions a seat may take besides the one it is waited for (the engine's any-time types)
OPTIONAL = LIFEBOAT.any_time_types


class LifeboatBot:
    slug = "lifeboat"

    def choose(self, view: View, legal: list[Action], seed: int) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        rng = rng_for(seed)
        m = Model(view)
        kinds = {a["type"] for a in legal}
        extra = optional(m, legal)
        if extra is not None:
            return extra
        required = [a for a in legal if a["type"] not in OPTIONAL]
        if not required:
            declines = [a for a in legal if a["type"] == "answer_trade" and not a["accept"]]
            return declines[0] if declines else legal[0]
        if "keep" in kinds:
            return best(required, lambda a: m.card_value(KIND.get(a["card"], "water")), rng, NOISE / 3)
        if "place_rowed" in kinds:
            return actions.place_rowed(m, required, rng)
        if "compass" in kinds:
            return next(a for a in required if a["type"] == "compass")
        if "navigate" in kinds:
            return navigation.navigate(m, required, rng)
        if "accept" in kinds:
            return fights.answer(m, required, rng)
        if "fight" in kinds:
            return fights.fight(m, required, rng)
        if "react" in kinds:
            return best(required, lambda a: navigation.react_value(m, a), rng, 0.01)
        if "water" in kinds:
            return best(required, lambda a: navigation.water_value(m, view, a), rng, 0.01)
        if "nothing" in kinds:
            return actions.act(m, required, rng)
        return rng.choice(required)


def optional(m: Model, legal: list[Action]) -> Action | None:
    """An any-time action worth taking now, if there is one: a good trade accepted (any other
    declined), the Life Preserver worn when near death or lent to its love, Water for its love
    when it can spare it, an Oar face up before it acts."""
    me = m.me
    for a in legal:
        if a["type"] == "answer_trade" and a["accept"]:
            offer = next((o for o in m.view["me"]["offers"] if o["id"] == a["offer"]), None)
            if offer is not None and trade_gain(m, offer) > 0.05:
                return a
    for a in legal:
        if a["type"] == "answer_trade" and not a["accept"]:
            return a
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return None
    kind = {a["card"]: KIND.get(a["card"], "") for a in plays}
    margin = m.size[me] - m.wounds[me]
    for a in plays:
        card, target = a["card"], a["for"]
        if kind[card] == "life_preserver":
            if target == me and margin <= 1:
                return a
            if target == m.love and target != me and margin >= 3:
                return a
        spare = m.my("water") >= 2 or margin >= 4
        if kind[card] == "water" and target == m.love and target != me and spare:
            return a
        if kind[card] == "oar" and target == me and m.view.get("step") == "act":
            return a
    return None


def trade_gain(m: Model, offer: dict[str, Any]) -> float:
    if offer["to"] != m.me:
        return -1.0
    gain = sum(m.card_value(KIND.get(c, "water")) for c in offer["give"])
    mine = {c["id"]: c["kind"] for c in m.view["players"][m.me]["table"]}
    for entry in offer["take"]:
        gain -= m.card_value(mine.get(entry, entry))
    return gain
