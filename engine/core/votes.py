"""Sealed votes: everyone eligible casts a card face down, then all are revealed together.

A reusable mechanism on top of `Window`, free of any one game's vocabulary. A ballot is one of

- a *choice* (a string the game listed as valid: a boat colour, a player colour, ...),
- `HAT` (a captain's hat: a veto card that lets its owner decide alone),
- `None` (no card: cast explicitly or played by a deadline; it counts for nothing).

Life of a vote:

1. `SealedVote.open(...)` with the eligible seats, the valid choices (in tie-break order: the
   first tied choice is the deterministic default), per-voter weights, the tie-breaker seat and
   the seats holding at least one hat. A vote with fewer than two choices is not held (the
   caller applies the single choice at once; `open` refuses it).
2. `cast(seat, ballot)` for each eligible seat; a cast is final. Before the reveal, `view`
   shows only *who* has cast; the voter alone sees its own ballot.
3. When `complete`, `reveal()` returns the one attributed record of every ballot and resolves:
   - exactly one hat: its owner decides among all choices (`decider`, `reason == "hat"`);
     `fallback` is what the colour cards alone would give, the default for an idle owner;
   - otherwise (no hat, or two or more that cancel): colour cards are tallied with the voters'
     weights; a unique highest total wins; any tie (all at zero included) goes to the
     tie-breaker seat, who chooses among the tied (`reason == "tie"`).
   Every hat played is spent (`record["hats"]`); the game moves the cards.
4. `decide(choice)` settles a pending decision; then `outcome` is set.

Plain data, JSON round trip via `to_json`/`from_json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .windows import Window

HAT = "hat"

Ballot = str | None


@dataclass
class SealedVote:
    window: Window
    choices: list[str]
    tie_breaker: int
    #: seat (as str) -> weight of that voter's colour card; a missing seat weighs 1.
    weights: dict[str, int] = field(default_factory=dict)
    #: seats that may play a hat (held at least one when the vote opened).
    hat_holders: list[int] = field(default_factory=list)
    revealed: bool = False
    #: after the reveal: the seat that must decide (hat owner or tie-breaker), if any.
    decider: int | None = None
    among: list[str] = field(default_factory=list)
    reason: str | None = None
    #: the deterministic result for an idle decider.
    fallback: str | None = None
    outcome: str | None = None

    # -- opening ----------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        kind: str,
        seats: list[int],
        choices: list[str],
        *,
        tie_breaker: int,
        weights: dict[int, int] | None = None,
        hat_holders: list[int] | None = None,
    ) -> SealedVote:
        if len(choices) < 2:
            raise ValueError("a vote with fewer than two valid choices is not held")
        if len(set(choices)) != len(choices) or HAT in choices:
            raise ValueError("choices must be distinct and may not be the hat")
        if not seats:
            raise ValueError("a vote needs at least one eligible seat")
        return cls(
            window=Window(kind=kind, seats=sorted(seats)),
            choices=list(choices),
            tie_breaker=tie_breaker,
            weights={str(s): w for s, w in (weights or {}).items()},
            hat_holders=sorted(set(hat_holders or [])),
        )

    @property
    def kind(self) -> str:
        return self.window.kind

    # -- casting ----------------------------------------------------------------------------
    def waiting(self) -> list[int]:
        """Seats the vote waits for: voters before the reveal, then the decider, if any."""
        if not self.revealed:
            return self.window.waiting()
        if self.outcome is None and self.decider is not None:
            return [self.decider]
        return []

    def ballots(self, seat: int) -> list[Ballot]:
        """Every ballot `seat` may cast now (choices, the hat if held, no card); else []."""
        if self.revealed or not self.window.asks(seat):
            return []
        out: list[Ballot] = list(self.choices)
        if seat in self.hat_holders:
            out.append(HAT)
        out.append(None)
        return out

    def can_cast(self, seat: int, ballot: Any) -> bool:
        if self.revealed or not self.window.asks(seat):
            return False
        if ballot is None:
            return True
        if type(ballot) is not str:
            return False
        return ballot in self.choices or (ballot == HAT and seat in self.hat_holders)

    def cast(self, seat: int, ballot: Ballot) -> None:
        if not self.can_cast(seat, ballot):
            raise ValueError(f"seat {seat} cannot cast {ballot!r} now")
        self.window.answer(seat, ballot)

    @property
    def complete(self) -> bool:
        return self.window.complete

    def weight(self, seat: int) -> int:
        return self.weights.get(str(seat), 1)

    # -- revealing and resolving ----------------------------------------------------------
    def tally(self) -> dict[str, int]:
        """Weighted colour-card totals per choice, in choice order (hats and no card count 0)."""
        totals = dict.fromkeys(self.choices, 0)
        for seat in self.window.seats:
            ballot = self.window.answer_of(seat)
            if ballot is not None and ballot != HAT:
                totals[ballot] += self.weight(seat)
        return totals

    @staticmethod
    def _top(totals: dict[str, int]) -> list[str]:
        best = max(totals.values())
        return [c for c, v in totals.items() if v == best]

    def reveal(self) -> dict[str, Any]:
        """Resolve a complete vote; the record to publish, attributed, in one event."""
        if not self.complete or self.revealed:
            raise ValueError("the vote cannot be revealed now")
        self.revealed = True
        hats = [s for s in self.window.seats if self.window.answer_of(s) == HAT]
        totals = self.tally()
        top = self._top(totals)
        if len(hats) == 1:
            self.decider = hats[0]
            self.among = list(self.choices)
            self.reason = "hat"
            self.fallback = top[0]
        elif len(top) == 1:
            self.outcome = top[0]
        else:
            self.decider = self.tie_breaker
            self.among = top
            self.reason = "tie"
            self.fallback = top[0]
        return {
            "kind": self.kind,
            "ballots": [{"seat": s, "card": self.window.answer_of(s)} for s in self.window.seats],
            "weights": {str(s): self.weight(s) for s in self.window.seats},
            "hats": hats,
            "hats_cancelled": len(hats) >= 2,
            "tally": totals,
            "outcome": self.outcome,
            "decider": self.decider,
            "among": list(self.among),
            "reason": self.reason,
        }

    def can_decide(self, seat: int, choice: Any) -> bool:
        return (
            self.revealed
            and self.outcome is None
            and seat == self.decider
            and type(choice) is str
            and choice in self.among
        )

    def decide(self, seat: int, choice: str) -> None:
        if not self.can_decide(seat, choice):
            raise ValueError(f"seat {seat} cannot decide {choice!r} now")
        self.outcome = choice

    # -- what a seat sees ---------------------------------------------------------------------
    def view(self, viewer: int | None) -> dict[str, Any]:
        """Public facts (who has cast; after the reveal, everything) and the viewer's own ballot."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "eligible": list(self.window.seats),
            "choices": list(self.choices),
            "weights": {str(s): self.weight(s) for s in self.window.seats},
            "tie_breaker": self.tie_breaker,
            "cast": [s for s in self.window.seats if self.window.has_answered(s)],
            "revealed": self.revealed,
        }
        if self.revealed:
            out["ballots"] = [{"seat": s, "card": self.window.answer_of(s)} for s in self.window.seats]
            out["decider"] = self.decider
            out["among"] = list(self.among)
            out["reason"] = self.reason
            out["outcome"] = self.outcome
        elif viewer is not None and self.window.has_answered(viewer):
            out["my_ballot"] = self.window.answer_of(viewer)
        return out

    # -- persistence ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.window.kind,
            "seats": list(self.window.seats),
            "answers": dict(self.window.answers),
            "choices": list(self.choices),
            "tie_breaker": self.tie_breaker,
            "weights": dict(self.weights),
            "hat_holders": list(self.hat_holders),
            "revealed": self.revealed,
            "decider": self.decider,
            "among": list(self.among),
            "reason": self.reason,
            "fallback": self.fallback,
            "outcome": self.outcome,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SealedVote:
        return cls(
            window=Window(kind=data["kind"], seats=list(data["seats"]), answers=dict(data["answers"])),
            choices=list(data["choices"]),
            tie_breaker=data["tie_breaker"],
            weights=dict(data["weights"]),
            hat_holders=list(data["hat_holders"]),
            revealed=data["revealed"],
            decider=data["decider"],
            among=list(data["among"]),
            reason=data["reason"],
            fallback=data["fallback"],
            outcome=data["outcome"],
        )
