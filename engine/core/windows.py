"""One mechanism for every "everyone answers" window.

Votes, fight rounds, accept/refuse, overboard reactions, thirst water: a set of seats is asked at
once, each answers privately, and nothing happens until the last answer is in; then the game
resolves the window and reveals all answers together in one event. Before that, a seat sees only
*whether* the others have answered, never *what*.

A window is plain data (JSON round trip via `to_json`/`from_json`), stored in the game state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .jsondata import jcopy


@dataclass
class Window:
    kind: str
    seats: list[int]
    answers: dict[str, Any] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)

    def waiting(self) -> list[int]:
        """Seats still to answer, in seat order."""
        return [s for s in self.seats if str(s) not in self.answers]

    def asks(self, seat: int) -> bool:
        return seat in self.seats and str(seat) not in self.answers

    def answer(self, seat: int, answer: Any) -> None:
        """Record a final answer (callers have validated it)."""
        self.answers[str(seat)] = answer

    def answer_of(self, seat: int) -> Any:
        return self.answers.get(str(seat))

    def has_answered(self, seat: int) -> bool:
        return str(seat) in self.answers

    @property
    def complete(self) -> bool:
        return all(str(s) in self.answers for s in self.seats)

    def revealed(self) -> list[dict[str, Any]]:
        """All answers attributed to their seats, for the single reveal event."""
        return [{"seat": s, "answer": self.answers.get(str(s))} for s in self.seats]

    def view(self, viewer: int | None) -> dict[str, Any]:
        """What a seat may know of an unresolved window: who answered, and its own answer only."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "seats": list(self.seats),
            "answered": [s for s in self.seats if str(s) in self.answers],
        }
        if viewer is not None and viewer in self.seats:
            out["my_answer"] = self.answers.get(str(viewer))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seats": list(self.seats),
            "answers": jcopy(self.answers),
            "data": jcopy(self.data),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Window:
        return cls(
            kind=data["kind"],
            seats=list(data["seats"]),
            answers=jcopy(data["answers"]),
            data=jcopy(data["data"]),
        )
