"""The contract every game implements, and the one guard that protects all of them.

A game declares one `Rule` per action type (`rules`, see `rules.py`) and implements its flow;
`apply` here checks, once for every game, that the game is not over, the seat exists, the action
is a dict with a known `type`, and that it is exactly (as JSON: `True` is not `1`) one of the
variants its rule lists, or, for a free-form type, has exactly the declared fields and passes the
rule's `validate`. Only then does the rule's `apply` touch the state, followed by the game's
`advance` (the steps the engine plays itself). Checks never mutate and an accepted action never
raises, so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar

from . import ahead
from .errors import IllegalAction
from .rules import Action, Event, Rule, listed, shape_problem


class Game:
    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: option name -> default value; each game documents its options in its module.
    options: ClassVar[dict[str, Any]]
    #: action type -> its rule (legal variants and transition), in the order `legal_actions` lists
    rules: ClassVar[Mapping[str, Rule[Any]]]
    #: every kind of decision the game asks a waited seat (a stable short name) -> whether it is
    #: *minor*: most seats, most of the time, answer it with the default or one obvious choice
    decision_kinds: ClassVar[dict[str, bool]]
    #: zones `<kind>:<seat>` dealt to a seat secretly at the start and kept hidden from the others
    #: until the end (Lifeboat: its Love and Hate cards); the site stores them with the seat
    secret_zone_kinds: ClassVar[tuple[str, ...]] = ()

    # -- set-up ---------------------------------------------------------------------------
    def new_game(self, num_players: int, seed: int | str, options: dict[str, Any] | None = None) -> Any:
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ValueError("num_players must be an int")
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.name} takes {self.min_players} to {self.max_players} players, not {num_players}"
            )
        return self.setup(num_players, seed, self.resolve_options(options))

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with the given options; an unknown name or a wrong type: ValueError."""
        resolved = dict(self.options)
        for key, value in (options or {}).items():
            if key not in self.options:
                raise ValueError(f"unknown option {key!r} for {self.slug}")
            default = self.options[key]
            if type(value) is not type(default):
                raise ValueError(f"option {key!r} must be of type {type(default).__name__}")
            resolved[key] = value
        self.validate_options(resolved)
        return resolved

    def validate_options(self, options: dict[str, Any]) -> None:
        """Game-specific option checks beyond the type (raise ValueError)."""

    # -- the guard ------------------------------------------------------------------------
    def apply(self, state: Any, seat: int, action: Action) -> list[Event]:
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players(state):
            raise IllegalAction("There is no such seat in this game.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action must be an object with a 'type'.")
        rule = self.rules.get(action["type"])
        if rule is None:
            raise IllegalAction(f"There is no action '{action['type']}' in {self.name}.")
        if rule.shape is None:
            if not listed(action, rule.legal(state, seat)):
                self.refuse(state, seat, action)
        else:
            problem = shape_problem(action, rule.shape)
            if problem is None and rule.validate is not None:
                problem = rule.validate(state, seat, action)
            if problem is not None:
                raise IllegalAction(problem)
        events: list[Event] = []
        rule.apply(state, seat, action, events)
        self.advance(state, events)
        return events

    def refuse(self, state: Any, seat: int, action: Action) -> None:
        """Raise the clearest IllegalAction for an action its rule does not list."""
        if not self.legal_actions(state, seat):
            raise IllegalAction("It is not your turn to act.")
        raise IllegalAction(f"You cannot do that now ({action['type'].replace('_', ' ')}).")

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every rule's variants, in the order of `rules`."""
        out: list[Action] = []
        for rule in self.rules.values():
            out += rule.legal(state, seat)
        return out

    @cached_property
    def any_time_types(self) -> frozenset[str]:
        """Action types a seat may take whenever it is able to, waited for or not (their rules say
        `any_time`): they answer no decision."""
        return frozenset(kind for kind, rule in self.rules.items() if rule.any_time)

    def is_any_time(self, action: Any) -> bool:
        """Whether `action` (any value) is an action of an any-time type."""
        return isinstance(action, dict) and action.get("type") in self.any_time_types

    def advance(self, state: Any, events: list[Event]) -> None:
        """After every accepted action: the steps the engine plays itself (forced steps, ...)."""

    # -- what a waited seat is asked ------------------------------------------------------
    def decision_kind(self, state: Any, seat: int) -> str:
        """The kind (a key of `decision_kinds`) of the decision `seat` is asked now; ValueError for
        a seat the game does not wait for."""
        if seat not in self.to_act(state):
            raise ValueError(f"{self.name} does not wait for seat {seat!r} now")
        return self.asked_kind(state, seat)

    # -- what each game implements --------------------------------------------------------
    def setup(self, num_players: int, seed: int | str, options: dict[str, Any]) -> Any:
        raise NotImplementedError

    def num_players(self, state: Any) -> int:
        raise NotImplementedError

    def to_act(self, state: Any) -> list[int]:
        raise NotImplementedError

    def default_action(self, state: Any, seat: int) -> Action:
        raise NotImplementedError

    def asked_kind(self, state: Any, seat: int) -> str:
        """For a seat in `to_act`: the kind of its decision (`decision_kind` checks the seat)."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def scores(self, state: Any) -> list[int]:
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def to_json(self, state: Any) -> dict[str, Any]:
        raise NotImplementedError

    def from_json(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def zones(self, state: Any) -> dict[str, list[str]]:
        raise NotImplementedError

    # -- answer ahead (`ahead.py`): a seat's next decision, queued before it is asked -------
    #: the decision kinds a seat may answer ahead (keys of `decision_kinds`)
    ahead_kinds: ClassVar[frozenset[str]] = frozenset()

    def ahead_options(self, view: dict[str, Any]) -> ahead.Options:
        """What the seat whose `view` this is may queue now, by kind: `{"pick": [actions]}` or
        `{"order": [items]}` (never the kind it is asked now); from the view alone."""
        return {}

    def ahead_problem(self, view: dict[str, Any], plan: Any) -> str | None:
        """Why `plan` may not be queued now by the seat whose `view` this is (None: it may)."""
        return ahead.problem(self.ahead_options(view), plan)

    def resolve_ahead(self, plan: ahead.Plan, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """For a seat now asked a decision of `plan`'s kind: the action its plan plays, one of
        `legal`, or None (the seat is asked as usual); from its view and legal actions alone."""
        return ahead.pick(plan, legal)

    def ahead_voided(self, plan: ahead.Plan, seat: int, events: list[Event]) -> bool:
        """Whether these events (only those `seat` may see count) void its queued `plan`."""
        return False

    # -- for tests, admin and tools; never shown to players --------------------------------
    def inactive_seats(self, state: Any) -> set[int]:
        """Seats that may take no action at all now (dead or unconscious characters, ...)."""
        return set()

    def secrets_from(self, state: Any, seat: int | None) -> set[str]:
        """Strings (card ids, ...) that must not appear anywhere in `view(state, seat)`."""
        return set()

    def ranking(self, state: Any) -> list[int]:
        """Place per seat (1 = first; ties share a place), from the final scores."""
        scores = self.scores(state)
        return [1 + sum(1 for other in scores if other > mine) for mine in scores]
