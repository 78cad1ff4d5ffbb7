"""Plain-data state of a Lifeboats game, with an exact JSON round trip.

Every token has an id and sits in exactly one place (see `zones` in `game.py`):
figures in a player's supply, a boat seat, behind a boat, on an island or out; leaks in a boat
seat or out; vote cards in a hand, cast face down (`cast[seat]`) or spent (`discard`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.jsondata import jcopy
from ..core.votes import SealedVote
from .data import SEATS_PER_BOAT

# Phases (the flow lives in `flow.py`).
SETUP_BOATS = "setup_boats"
SETUP_BLACK = "setup_black"
SETUP_FIGURES = "setup_figures"
LEAK = "leak"
EJECT = "eject"
MOVE = "move"
JUMP_OUT = "jump_out"
JUMP_IN = "jump_in"
OVER = "over"
VOTE_PHASES = (LEAK, EJECT, MOVE)

AT_SEA = "sea"
UNPLACED = "unplaced"
LANDED = "landed"
SUNK = "sunk"


@dataclass
class Boat:
    colour: str
    owner: int | None
    lane: int | None = None
    #: rows moved (0 at the starting space; lands on MOVES_TO_LAND).
    position: int = 0
    status: str = UNPLACED
    #: harbour space (1-based arrival order) once landed.
    harbour: int | None = None
    #: six seats: None (empty), a figure id or a leak id.
    seats: list[str | None] = field(default_factory=lambda: [None] * SEATS_PER_BOAT)
    #: figures set behind this boat during phase 3 (they belong to no boat).
    behind: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "owner": self.owner,
            "lane": self.lane,
            "position": self.position,
            "status": self.status,
            "harbour": self.harbour,
            "seats": list(self.seats),
            "behind": list(self.behind),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Boat:
        return cls(
            colour=d["colour"],
            owner=d["owner"],
            lane=d["lane"],
            position=d["position"],
            status=d["status"],
            harbour=d["harbour"],
            seats=list(d["seats"]),
            behind=list(d["behind"]),
        )


@dataclass
class LifeboatsState:
    num_players: int
    options: dict[str, Any]
    rng: int
    phase: str
    #: holder of the start marker now, and the randomly drawn first start player.
    start_player: int
    first_player: int
    round: int
    #: boats by colour, players' colours in seat order, then black.
    boats: dict[str, Boat]
    supply: list[list[str]]
    hands: list[list[str]]
    #: the vote card each seat has cast face down in the open vote (None: nothing face down).
    cast: list[str | None]
    discard: list[str]
    islands: dict[str, list[str]]
    out: list[str]
    #: colours in harbour order.
    harbour: list[str] = field(default_factory=list)
    leaks_made: int = 0
    #: the seat to act in single-actor steps (figure placement).
    actor: int | None = None
    #: seats still to act, in order (boat placement, phase 3 out).
    queue: list[int] = field(default_factory=list)
    vote: SealedVote | None = None
    #: the full boat an ejection vote is about.
    eject_boat: str | None = None
    #: phase 3: boats a figure has left, and the jumpers [seat, figure, boat left] in out order.
    left: list[str] = field(default_factory=list)
    jumpers: list[list[Any]] = field(default_factory=list)
    #: the record of the last revealed vote (public).
    last_reveal: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "num_players": self.num_players,
            "options": jcopy(self.options),
            "rng": self.rng,
            "phase": self.phase,
            "start_player": self.start_player,
            "first_player": self.first_player,
            "round": self.round,
            "boats": [b.to_json() for b in self.boats.values()],
            "supply": [list(s) for s in self.supply],
            "hands": [list(h) for h in self.hands],
            "cast": list(self.cast),
            "discard": list(self.discard),
            "islands": {k: list(v) for k, v in self.islands.items()},
            "out": list(self.out),
            "harbour": list(self.harbour),
            "leaks_made": self.leaks_made,
            "actor": self.actor,
            "queue": list(self.queue),
            "vote": self.vote.to_json() if self.vote is not None else None,
            "eject_boat": self.eject_boat,
            "left": list(self.left),
            "jumpers": [list(j) for j in self.jumpers],
            "last_reveal": jcopy(self.last_reveal),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> LifeboatsState:
        boats = [Boat.from_json(b) for b in d["boats"]]
        return cls(
            num_players=d["num_players"],
            options=jcopy(d["options"]),
            rng=d["rng"],
            phase=d["phase"],
            start_player=d["start_player"],
            first_player=d["first_player"],
            round=d["round"],
            boats={b.colour: b for b in boats},
            supply=[list(s) for s in d["supply"]],
            hands=[list(h) for h in d["hands"]],
            cast=list(d["cast"]),
            discard=list(d["discard"]),
            islands={k: list(v) for k, v in d["islands"].items()},
            out=list(d["out"]),
            harbour=list(d["harbour"]),
            leaks_made=d["leaks_made"],
            actor=d["actor"],
            queue=list(d["queue"]),
            vote=SealedVote.from_json(d["vote"]) if d["vote"] is not None else None,
            eject_boat=d["eject_boat"],
            left=list(d["left"]),
            jumpers=[list(j) for j in d["jumpers"]],
            last_reveal=jcopy(d["last_reveal"]),
        )
