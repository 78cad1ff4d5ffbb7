"""`LifeboatsGame`: the contract. The set-up is here; the rest delegates to the flow, rules and view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..core import Action, Event, Game, Rng, Rule, event, seed_state
from ..core.ahead import Options, Plan
from . import ahead, flow, view
from .board import turn_order
from .data import (
    HATS_PER_PLAYER,
    ISLANDS,
    OFFICER,
    OFFICERS_PER_PLAYER,
    SAILOR,
    card_id,
    colours_in_play,
    figure_id,
    hat_id,
    sailors_per_player,
)
from .rules import RULES
from .scoring import points_of, ranking_of
from .state import OVER, SETUP_BOATS, Boat, LifeboatsState


class LifeboatsGame(Game):
    slug: ClassVar[str] = "lifeboats"
    name: ClassVar[str] = "Lifeboats"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    options: ClassVar[dict[str, Any]] = {
        # lanes per island, left to right (L1-L2 left, L3-L4 middle, L5-L7 right)
        "island_lanes": [2, 2, 3],
        # from this many players each has 4 sailors instead of 5 (6: the Hungarian text)
        "four_sailors_from": 5,
        # phase 3: skip a player when no other boat at sea has an empty seat
        "jump_needs_exit": False,
    }
    rules: ClassVar[Mapping[str, Rule[LifeboatsState]]] = RULES
    decision_kinds: ClassVar[dict[str, bool]] = flow.DECISION_KINDS
    ahead_kinds: ClassVar[frozenset[str]] = ahead.KINDS

    def validate_options(self, options: dict[str, Any]) -> None:
        lanes = options["island_lanes"]
        if (
            len(lanes) != len(ISLANDS)
            or any(isinstance(k, bool) or not isinstance(k, int) or k < 1 for k in lanes)
            or sum(lanes) != 7
        ):
            raise ValueError("island_lanes must be three positive lane counts adding up to 7")
        if not 3 <= options["four_sailors_from"] <= 7:
            raise ValueError("four_sailors_from must be between 3 and 7 (7: never)")

    # -- set-up ------------------------------------------------------------------------------
    def setup(self, num_players: int, seed: int | str, options: dict[str, Any]) -> LifeboatsState:
        rng = Rng(seed_state(seed))
        start = rng.below(num_players)
        colours = colours_in_play(num_players)
        sailors = sailors_per_player(num_players, options["four_sailors_from"])
        state = LifeboatsState(
            num_players=num_players,
            options=dict(options, island_lanes=list(options["island_lanes"])),
            rng=rng.state,
            phase=SETUP_BOATS,
            start_player=start,
            first_player=start,
            round=1,
            boats={c: Boat(colour=c, owner=i if i < num_players else None) for i, c in enumerate(colours)},
            supply=[
                [figure_id(s, OFFICER, k) for k in range(1, OFFICERS_PER_PLAYER + 1)]
                + [figure_id(s, SAILOR, k) for k in range(1, sailors + 1)]
                for s in range(num_players)
            ],
            hands=[
                [card_id(s, c) for c in colours] + [hat_id(s, k) for k in range(1, HATS_PER_PLAYER + 1)]
                for s in range(num_players)
            ],
            cast=[None] * num_players,
            discard=[],
            islands={name: [] for name in ISLANDS},
            out=[],
            queue=turn_order(num_players, start),
        )
        events = [event("start_player", seat=start, turn_order=turn_order(num_players, start))]
        flow.advance(state, events)
        return state

    def num_players(self, state: LifeboatsState) -> int:
        return state.num_players

    # -- who acts, what is legal -------------------------------------------------------------
    def to_act(self, state: LifeboatsState) -> list[int]:
        return flow.to_act(state)

    def advance(self, state: LifeboatsState, events: list[Event]) -> None:
        flow.advance(state, events)

    def default_action(self, state: LifeboatsState, seat: int) -> Action:
        return flow.default_action(state, seat)

    def asked_kind(self, state: LifeboatsState, seat: int) -> str:
        return flow.asked_kind(state, seat)

    # -- answer ahead ------------------------------------------------------------------------
    def ahead_options(self, view: dict[str, Any]) -> Options:
        return ahead.options(view)

    def resolve_ahead(self, plan: Plan, view: dict[str, Any], legal: list[Action]) -> Action | None:
        return ahead.resolve(plan, view, legal)

    def ahead_voided(self, plan: Plan, seat: int, events: list[Event]) -> bool:
        return ahead.voided(plan, seat, events)

    # -- the end -----------------------------------------------------------------------------
    def is_over(self, state: LifeboatsState) -> bool:
        return state.phase == OVER

    def scores(self, state: LifeboatsState) -> list[int]:
        if state.phase != OVER:
            raise ValueError("the game is not over")
        return points_of(state)

    def ranking(self, state: LifeboatsState) -> list[int]:
        if state.phase != OVER:
            raise ValueError("the game is not over")
        return ranking_of(state)

    # -- views and storage -------------------------------------------------------------------
    def view(self, state: LifeboatsState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def secrets_from(self, state: LifeboatsState, seat: int | None) -> set[str]:
        return view.secrets_from(state, seat)

    def to_json(self, state: LifeboatsState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> LifeboatsState:
        return LifeboatsState.from_json(data)

    def zones(self, state: LifeboatsState) -> dict[str, list[str]]:
        n = state.num_players
        zones: dict[str, list[str]] = {}
        for s in range(n):
            zones[f"hand:{s}"] = list(state.hands[s])
            cast = state.cast[s]
            zones[f"vote:{s}"] = [cast] if cast is not None else []
            zones[f"supply:{s}"] = list(state.supply[s])
        zones["discard"] = list(state.discard)
        for colour, boat in state.boats.items():
            zones[f"boat:{colour}"] = [t for t in boat.seats if t is not None]
            zones[f"behind:{colour}"] = list(boat.behind)
        for name, figs in state.islands.items():
            zones[f"island:{name}"] = list(figs)
        zones["out"] = list(state.out)
        return zones
