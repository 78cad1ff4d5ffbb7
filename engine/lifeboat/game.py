"""`LifeboatGame`: the contract. The deal is here; the rest delegates to the flow, rules and view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..core import Game, IllegalAction, Rng, Rule, seed_state
from ..core.ahead import Options, Plan
from . import ahead, flow, view
from .board import conscious, may_act
from .data import CHARACTER_ORDER, NAVIGATION_IDS, PROVISION_IDS, hate_id, love_id
from .rules import RULES, prune_offers
from .scoring import state_scores
from .state import State, from_json, to_json


class LifeboatGame(Game):
    slug: ClassVar[str] = "lifeboat"
    name: ClassVar[str] = "Lifeboat"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 6
    options: ClassVar[dict[str, Any]] = {"sharks": False, "ambivalent_scores": True}
    rules: ClassVar[Mapping[str, Rule[State]]] = RULES
    decision_kinds: ClassVar[dict[str, bool]] = flow.DECISION_KINDS
    secret_zone_kinds: ClassVar[tuple[str, ...]] = ("love", "hate")
    ahead_kinds: ClassVar[frozenset[str]] = ahead.KINDS

    # -- set-up ---------------------------------------------------------------------------------
    def setup(self, num_players: int, seed: int | str, options: dict[str, Any]) -> State:
        rng = Rng(seed_state(seed))
        pool = list(CHARACTER_ORDER)
        rng.shuffle(pool)
        chars = pool[:num_players]
        in_play = [c for c in CHARACTER_ORDER if c in chars]
        loves = [love_id(c) for c in in_play]
        hates = [hate_id(c) for c in in_play]
        rng.shuffle(loves)
        rng.shuffle(hates)
        removed = [love_id(c) for c in CHARACTER_ORDER if c not in chars]
        removed += [hate_id(c) for c in CHARACTER_ORDER if c not in chars]
        provisions = list(PROVISION_IDS)
        rng.shuffle(provisions)
        hands = [[provisions.pop(0)] for _ in range(num_players)]
        navigation = list(NAVIGATION_IDS)
        rng.shuffle(navigation)
        state = State(
            n=num_players,
            options=dict(options),
            rng=rng.state,
            chars=chars,
            love=loves,
            hate=hates,
            wounds=[0] * num_players,
            dead=[False] * num_players,
            boat=sorted(range(num_players), key=lambda p: CHARACTER_ORDER.index(chars[p])),
            hands=hands,
            tables=[[] for _ in range(num_players)],
            lost=[[] for _ in range(num_players)],
            provisions=provisions,
            navigation=navigation,
            row_stack=[],
            discard=[],
            removed=removed,
            rowed=[False] * num_players,
            fought=[False] * num_players,
        )
        flow.advance(state, [])
        return state

    def num_players(self, state: State) -> int:
        return state.n

    # -- who acts, what is legal ----------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        return flow.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if not may_act(state, seat):
            return []
        return super().legal_actions(state, seat)

    def refuse(self, state: State, seat: int, action: dict[str, Any]) -> None:
        if not may_act(state, seat):
            raise IllegalAction("You cannot act now: your character is unconscious or dead.")
        super().refuse(state, seat, action)

    def advance(self, state: State, events: list[dict[str, Any]]) -> None:
        prune_offers(state, events)
        flow.advance(state, events)

    def default_action(self, state: State, seat: int) -> dict[str, Any]:
        return flow.default_action(state, seat)

    def asked_kind(self, state: State, seat: int) -> str:
        return flow.asked_kind(state, seat)

    def inactive_seats(self, state: State) -> set[int]:
        """Seats of dead or unconscious characters (a ghost asked to rile the sharks excepted)."""
        return {p for p in range(state.n) if not may_act(state, p) and not conscious(state, p)}

    # -- answer ahead ----------------------------------------------------------------------------
    def ahead_options(self, view: dict[str, Any]) -> Options:
        return ahead.options(view)

    def resolve_ahead(
        self, plan: Plan, view: dict[str, Any], legal: list[dict[str, Any]]
    ) -> dict[str, Any] | None:
        return ahead.resolve(plan, view, legal)

    def ahead_voided(self, plan: Plan, seat: int, events: list[dict[str, Any]]) -> bool:
        return ahead.voided(plan, seat, events)

    # -- the end ---------------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> list[int]:
        if state.phase != "over":
            raise ValueError("The game is not over yet.")
        return state_scores(state)

    # -- views and storage -------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def secrets_from(self, state: State, seat: int | None) -> set[str]:
        return view.secrets_from(state, seat)

    def to_json(self, state: State) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> State:
        return from_json(data)

    def zones(self, state: State) -> dict[str, list[str]]:
        zones: dict[str, list[str]] = {
            "provisions": list(state.provisions),
            "navigation": list(state.navigation),
            "row_stack": list(state.row_stack),
            "rowing": list(state.rowing),
            "draft": list(state.draft),
            "played": [state.played] if state.played else [],
            "discard": list(state.discard),
            "removed": list(state.removed),
        }
        for p in range(state.n):
            zones[f"hand:{p}"] = list(state.hands[p])
            zones[f"table:{p}"] = list(state.tables[p])
            zones[f"lost:{p}"] = list(state.lost[p])
            zones[f"love:{p}"] = [state.love[p]]
            zones[f"hate:{p}"] = [state.hate[p]]
        return zones


__all__ = ["LifeboatGame"]
