"""Declared facts of Lifeboats: colours, lanes, islands and points, figure counts.

Data tables, not `if` chains: a variant changes these, not the rules code.
"""

from __future__ import annotations

from functools import cache

#: Player colours by seat (seat 0 plays red, ...); the black boat has no owner.
PLAYER_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "orange")
BLACK = "black"

SEATS_PER_BOAT = 6
LANES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
#: A boat lands on its 3rd move.
MOVES_TO_LAND = 3
#: Harbour spaces, one per boat at most.
HARBOUR_SPACES = 7
#: Leak markers in the box; the engine's supply is unlimited, the log notes when more are used.
LEAKS_IN_BOX = 15

OFFICER = "officer"
SAILOR = "sailor"
RANKS: tuple[str, ...] = (SAILOR, OFFICER)

#: Islands from left to right, and points per landed figure by rank.
ISLANDS: tuple[str, ...] = ("left", "middle", "right")
POINTS: dict[str, dict[str, int]] = {
    "left": {SAILOR: 6, OFFICER: 8},
    "middle": {SAILOR: 4, OFFICER: 6},
    "right": {SAILOR: 5, OFFICER: 7},
}

#: Captain's hats per player.
HATS_PER_PLAYER = 3
OFFICERS_PER_PLAYER = 2
SAILORS_FEW_PLAYERS = 5
SAILORS_MANY_PLAYERS = 4

#: Sinking strength of a figure (an officer counts as one figure).
FIGURE_STRENGTH = 1
#: Ejection vote weight of a voter's figures in the boat.
EJECTION_WEIGHT: dict[str, int] = {OFFICER: 2, SAILOR: 1}


def colours_in_play(num_players: int) -> list[str]:
    """The boats (and vote-card colours) of a game: the players' colours, then black."""
    return [*PLAYER_COLOURS[:num_players], BLACK]


def sailors_per_player(num_players: int, four_sailors_from: int) -> int:
    return SAILORS_MANY_PLAYERS if num_players >= four_sailors_from else SAILORS_FEW_PLAYERS


def island_of_lane(lane: int, island_lanes: list[int] | tuple[int, ...]) -> str:
    """The island a boat in `lane` reaches: `island_lanes` counts lanes per island, left first."""
    edge = 0
    for name, count in zip(ISLANDS, island_lanes, strict=True):
        edge += count
        if lane <= edge:
            return name
    raise ValueError(f"lane {lane} reaches no island")


def figure_id(seat: int, rank: str, k: int) -> str:
    return f"fig-{seat}-{rank}-{k}"


@cache
def figure_info(fid: str) -> tuple[int, str]:
    """(owner seat, rank) of a figure id like "fig-2-officer-1"."""
    _, seat, rank, _k = fid.split("-")
    return int(seat), rank


def is_leak(token: str) -> bool:
    return token[0] == "l"  # "leak-..." (figures are "fig-...")


def leak_id(k: int) -> str:
    return f"leak-{k:03d}"


def card_id(seat: int, colour: str) -> str:
    return f"card-{seat}-{colour}"


def hat_id(seat: int, k: int) -> str:
    return f"hat-{seat}-{k}"


def is_hat(card: str) -> bool:
    return card[0] == "h"  # "hat-..." (colour cards are "card-...")


def card_colour(card: str) -> str:
    """The colour a colour card names ("card-2-red" -> "red")."""
    return card.rsplit("-", 1)[1]
