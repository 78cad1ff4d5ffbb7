"""What one seat may know: the whole public table, and privately its own cards and cast vote.

Public: lanes and islands, every boat's six seats (figures by owner and rank, leaks), positions,
landed/sunk, harbour order, start player, turn order, phase, who has cast in the open vote, the
last revealed vote, hat counts as of the last reveal. Private: the viewer's hand and cast card.
Another seat's hand is never shown while the game runs: its make-up would betray the card it
has cast. After the end everything is public and every view is the same but for `"seat"`.
"""

from __future__ import annotations

from typing import Any

from .board import copy_record, hats_in_hand, hats_public, own_colour, turn_order
from .data import ISLANDS, LANES, POINTS, card_colour, figure_info, is_hat, island_of_lane
from .flow import to_act
from .scoring import points_of, ranking_of
from .state import EJECT, OVER, LifeboatsState


def _figure(fid: str) -> dict[str, Any]:
    owner, rank = figure_info(fid)
    return {"id": fid, "owner": owner, "rank": rank}


def _seat(token: str | None) -> dict[str, Any] | None:
    if token is None:
        return None
    if token[0] == "l":  # a leak
        return {"leak": token}
    owner, rank = figure_info(token)
    return {"id": token, "owner": owner, "rank": rank}


def _card_name(card: str) -> str:
    return "hat" if is_hat(card) else card_colour(card)


def view(state: LifeboatsState, seat: int | None) -> dict[str, Any]:
    over = state.phase == OVER
    n = state.num_players
    island_lanes = state.options["island_lanes"]
    spent = [0] * n
    for card in state.discard:
        spent[int(card.split("-")[1])] += 1
    supply_counts = []
    for s in range(n):
        officers = sum(1 for f in state.supply[s] if "officer" in f)
        supply_counts.append({"officer": officers, "sailor": len(state.supply[s]) - officers})
    points = points_of(state)
    out: dict[str, Any] = {
        "seat": seat,
        "num_players": n,
        "phase": state.phase,
        "round": state.round,
        "start_player": state.start_player,
        "first_player": state.first_player,
        "turn_order": turn_order(n, state.start_player),
        "to_act": to_act(state),
        "options": {**state.options, "island_lanes": list(island_lanes)},
        "players": [
            {
                "seat": s,
                "colour": own_colour(s),
                "supply": supply_counts[s],
                "hats": hats_public(state, s),
                "hats_spent": spent[s],
                "points": points[s],
            }
            for s in range(n)
        ],
        "lanes": [{"lane": lane, "island": island_of_lane(lane, island_lanes)} for lane in LANES],
        "boats": [
            {
                "colour": b.colour,
                "owner": b.owner,
                "lane": b.lane,
                "position": b.position,
                "status": b.status,
                "harbour": b.harbour,
                "seats": [_seat(t) for t in b.seats],
                "behind": [_figure(f) for f in b.behind],
            }
            for b in state.boats.values()
        ],
        "islands": {
            name: {"points": dict(POINTS[name]), "figures": [_figure(f) for f in state.islands[name]]}
            for name in ISLANDS
        },
        "harbour": list(state.harbour),
        "out": [_figure(f) for f in state.out if f[0] != "l"],
        "leaks_in_play": sum(
            1 for b in state.boats.values() for t in b.seats if t is not None and t[0] == "l"
        ),
        "vote": None,
        "last_reveal": copy_record(state.last_reveal) if state.last_reveal is not None else None,
        "jump": {
            "left": list(state.left),
            "jumpers": [{"seat": s, "figure": f, "left": c} for s, f, c in state.jumpers],
        },
    }
    if state.vote is not None:
        vote_view = state.vote.view(None if over else seat)
        if state.phase == EJECT:
            vote_view["boat"] = state.eject_boat
        out["vote"] = vote_view
    if over:
        out["hands"] = [[_card_name(c) for c in hand] for hand in state.hands]
        out["final"] = {"scores": points, "ranking": ranking_of(state)}
    elif seat is not None:
        cast = state.cast[seat]
        out["you"] = {
            "colour": own_colour(seat),
            "hand": [_card_name(c) for c in state.hands[seat]],
            "hand_ids": list(state.hands[seat]),
            "hats": hats_in_hand(state, seat),
            "cast": _card_name(cast) if cast is not None else None,
            "cast_id": cast,
        }
    return out


def secrets_from(state: LifeboatsState, seat: int | None) -> set[str]:
    """Other seats' cards (cast face down or in hand; a hand's make-up betrays the cast card)."""
    if state.phase == OVER:
        return set()
    secrets: set[str] = set()
    for s in range(state.num_players):
        if s == seat:
            continue
        cast = state.cast[s]
        if cast is not None:
            secrets.add(cast)
        secrets.update(state.hands[s])
    return secrets
