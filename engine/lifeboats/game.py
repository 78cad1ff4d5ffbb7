"""`LifeboatsGame`: the contract (`engine.core.Game`) wired to the rules, the view and the state."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core import Action, Event, Game
from .data import ISLANDS
from .rules import (
    default_action,
    is_legal,
    legal_actions,
    points_of,
    ranking_of,
    setup,
    to_act,
    transition,
)
from .state import EJECT, OVER, LifeboatsState
from .view import secrets_from, view


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

    # -- set-up and flow ---------------------------------------------------------------------
    def setup(self, num_players: int, seed: int | str, options: dict[str, Any]) -> LifeboatsState:
        state, _events = setup(num_players, seed, options)
        return state

    def num_players(self, state: LifeboatsState) -> int:
        return state.num_players

    def to_act(self, state: LifeboatsState) -> list[int]:
        return to_act(state)

    def legal_actions(self, state: LifeboatsState, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def check(self, state: LifeboatsState, seat: int, action: Action) -> None:
        if not is_legal(state, seat, action):
            self.refuse(state, seat, action)

    def transition(self, state: LifeboatsState, seat: int, action: Action) -> list[Event]:
        return transition(state, seat, action)

    def default_action(self, state: LifeboatsState, seat: int) -> Action:
        return default_action(state, seat)

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

    # -- what seats see ----------------------------------------------------------------------
    def view(self, state: LifeboatsState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def secrets_from(self, state: LifeboatsState, seat: int | None) -> set[str]:
        return secrets_from(state, seat)

    def describe_action(self, state: LifeboatsState, seat: int | None, action: Action) -> str:
        kind = action.get("type")
        if kind == "place_boat":
            whose = "the black boat" if state.phase == "setup_black" else "your boat"
            return f"Place {whose} in lane {action['lane']}"
        if kind == "place_figure":
            return f"Put {_a(action['rank'])} into the {action['boat']} boat"
        if kind == "vote":
            card = action.get("card")
            if card is None:
                return "Cast no card"
            if card == "hat":
                return "Play a captain's hat"
            if state.phase == EJECT:
                return f"Vote: {card} loses a figure"
            return f"Vote for the {card} boat"
        if kind == "decide":
            if state.phase == EJECT:
                return f"Decide: {action['choice']} loses a figure"
            return f"Decide: the {action['choice']} boat"
        if kind == "jump_out":
            return f"Take {_a(action['rank'])} out of the {action['boat']} boat"
        if kind == "jump_in":
            return f"Board the {action['boat']} boat"
        return super().describe_action(state, seat, action)

    # -- persistence and accounting -------------------------------------------------------
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


def _a(rank: str) -> str:
    return f"an {rank}" if rank[:1] in "aeiou" else f"a {rank}"
