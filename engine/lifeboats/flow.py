"""The flow of Lifeboats: the set-up steps, the three phases of a round, votes, sinking, the end.

`advance` moves the game on after every action until some seat has a real choice (or the game
is over): it opens votes, applies votes with a single valid choice at once, reveals complete
votes, plays single-possibility steps itself (a set-up placement, a forced jump) and skips
players with nothing to do. The rules (`rules/`) call the same steps for a player's choice; the
flow never calls the rules.
"""

from __future__ import annotations

from typing import Any

from ..core import Event, event
from ..core.votes import SealedVote
from .board import (
    boats_at_sea,
    card_key,
    copy_record,
    figure_at_sea,
    figure_options,
    figures_in,
    free_lanes,
    has_empty_seat,
    hats_in_hand,
    in_options,
    leaks_in,
    out_options,
    own_colour,
    owners_in,
    seat_of_colour,
    turn_order,
)
from .data import (
    BLACK,
    EJECTION_WEIGHT,
    LEAKS_IN_BOX,
    MOVES_TO_LAND,
    OFFICER,
    SAILOR,
    figure_info,
    is_hat,
    is_leak,
    island_of_lane,
    leak_id,
)
from .scoring import points_of, ranking_of
from .state import (
    AT_SEA,
    EJECT,
    JUMP_IN,
    JUMP_OUT,
    LANDED,
    LEAK,
    MOVE,
    OVER,
    SETUP_BLACK,
    SETUP_BOATS,
    SETUP_FIGURES,
    SUNK,
    VOTE_PHASES,
    Boat,
    LifeboatsState,
)

S = LifeboatsState
Action = dict[str, Any]


# -- who is waited for, what they are asked, and what a deadline plays for them ----------------
#: Every kind of decision a waited seat is asked -> whether it is minor (none is: every one of
#: them moves figures or boats, or decides a vote).
DECISION_KINDS: dict[str, bool] = {
    "place_boat": False,  # set-up: the lane of your boat (the start player: the black boat's too)
    "place_figure": False,  # set-up: one of your figures into a boat
    "vote": False,  # a leak, ejection or move vote: your card, face down
    "decide": False,  # after the reveal: your single hat, or the start player's tie-break
    "jump_out": False,  # phase 3: which of your figures leaves which boat
    "jump_in": False,  # phase 3: which boat your figure boards
}

#: The phase a seat is waited in -> the kind of its decision (in a vote phase, once the cards are
#: revealed, the seat still waited for decides: `DECIDER_KIND`).
KIND_OF_PHASE: dict[str, str] = {
    SETUP_BOATS: "place_boat",
    SETUP_BLACK: "place_boat",
    SETUP_FIGURES: "place_figure",
    LEAK: "vote",
    EJECT: "vote",
    MOVE: "vote",
    JUMP_OUT: "jump_out",
    JUMP_IN: "jump_in",
}
DECIDER_KIND = "decide"


def kind_of_phase(phase: str, *, revealed: bool) -> str:
    """The kind of decision a seat waited in `phase` is asked (`revealed`: the vote's cards are)."""
    return DECIDER_KIND if phase in VOTE_PHASES and revealed else KIND_OF_PHASE[phase]


def asked_kind(state: S, seat: int) -> str:
    """The kind of the decision a waited seat is asked now."""
    return kind_of_phase(state.phase, revealed=state.vote is not None and state.vote.revealed)


def to_act(state: S) -> list[int]:
    phase = state.phase
    if phase in VOTE_PHASES:
        return state.vote.waiting() if state.vote is not None else []
    if phase in (SETUP_BOATS, JUMP_OUT):
        return [state.queue[0]] if state.queue else []
    if phase == SETUP_BLACK:
        return [state.start_player]
    if phase == SETUP_FIGURES:
        return [state.actor] if state.actor is not None else []
    if phase == JUMP_IN:
        return [state.jumpers[-1][0]] if state.jumpers else []
    return []


def default_action(state: S, seat: int) -> Action:
    phase = state.phase
    if phase in VOTE_PHASES:
        vote = state.vote
        if vote is not None and vote.revealed:
            return {"type": "decide", "choice": vote.fallback}
        return {"type": "vote", "card": None}
    if phase == SETUP_FIGURES:
        rank = SAILOR if any(figure_info(f)[1] == SAILOR for f in state.supply[seat]) else OFFICER
        own = state.boats[own_colour(seat)]
        if has_empty_seat(own):
            return {"type": "place_figure", "rank": rank, "boat": own.colour}
        boat = next(b for b in boats_at_sea(state) if has_empty_seat(b))
        return {"type": "place_figure", "rank": rank, "boat": boat.colour}
    # Boat placement: the lowest free lane; phase 3 out and in: the first option is the rule's.
    if phase in (SETUP_BOATS, SETUP_BLACK):
        return {"type": "place_boat", "lane": free_lanes(state)[0]}
    if phase == JUMP_OUT:
        return out_options(state, seat)[0]
    if phase == JUMP_IN:
        return in_options(state, state.jumpers[-1][2])[0]
    raise ValueError("that seat is not waited for")


# -- the steps a player takes or the engine plays for them (one possibility) ----------------------
def place_boat(state: S, seat: int, lane: int, events: list[Event], *, auto: bool) -> None:
    if state.phase == SETUP_BOATS:
        boat = state.boats[own_colour(seat)]
        state.queue.pop(0)
        if not state.queue:
            state.phase = SETUP_BLACK
    else:
        boat = state.boats[BLACK]
        state.phase = SETUP_FIGURES
        state.actor = state.start_player
    boat.lane = lane
    boat.status = AT_SEA
    events.append(event("boat_placed", seat=seat, boat=boat.colour, lane=lane, auto=auto))


def place_figure(state: S, seat: int, rank: str, colour: str, events: list[Event], *, auto: bool) -> None:
    supply = state.supply[seat]
    fig = next(f for f in supply if figure_info(f)[1] == rank)
    supply.remove(fig)
    boat = state.boats[colour]
    boat.seats[boat.seats.index(None)] = fig
    events.append(event("figure_placed", seat=seat, figure=fig, rank=rank, boat=colour, auto=auto))
    order = turn_order(state.num_players, state.start_player)
    i = order.index(seat)
    state.actor = None
    for k in range(1, state.num_players + 1):
        nxt = order[(i + k) % state.num_players]
        if state.supply[nxt]:
            state.actor = nxt
            break


def jump_out(state: S, seat: int, colour: str, rank: str, events: list[Event], *, auto: bool) -> None:
    boat = state.boats[colour]
    fig = next(f for f in figures_in(boat) if figure_info(f) == (seat, rank))
    boat.seats[boat.seats.index(fig)] = None
    boat.behind.append(fig)
    state.left.append(colour)
    state.jumpers.append([seat, fig, colour])
    state.queue.pop(0)
    events.append(event("jumped_out", seat=seat, figure=fig, rank=rank, boat=colour, auto=auto))


def jump_in(state: S, colour: str, events: list[Event], *, auto: bool) -> None:
    seat, fig, left = state.jumpers.pop()
    state.boats[left].behind.remove(fig)
    boat = state.boats[colour]
    boat.seats[boat.seats.index(None)] = fig
    events.append(
        event("jumped_in", seat=seat, figure=fig, rank=figure_info(fig)[1], boat=colour, left=left, auto=auto)
    )


# -- the engine's own steps ------------------------------------------------------------------
def advance(state: S, events: list[Event]) -> None:
    """Play every forced step until a seat has a real choice or the game is over."""
    while True:
        phase = state.phase
        if phase == SETUP_BOATS:
            lanes = free_lanes(state)
            if len(lanes) != 1:
                return
            place_boat(state, state.queue[0], lanes[0], events, auto=True)
        elif phase == SETUP_BLACK:
            lanes = free_lanes(state)
            if len(lanes) != 1:
                return
            place_boat(state, state.start_player, lanes[0], events, auto=True)
        elif phase == SETUP_FIGURES:
            if state.actor is None:
                events.append(event("crews_placed"))
                state.phase = LEAK
                continue
            opts = figure_options(state, state.actor)
            if len(opts) != 1:
                return
            only = opts[0]
            place_figure(state, state.actor, only["rank"], only["boat"], events, auto=True)
        elif phase in VOTE_PHASES:
            if not _advance_vote(state, events):
                return
        elif phase == JUMP_OUT:
            if not state.queue:
                state.phase = JUMP_IN
                continue
            seat = state.queue[0]
            opts = out_options(state, seat)
            if not opts:
                state.queue.pop(0)
                if any(figure_info(f)[0] == seat for b in boats_at_sea(state) for f in figures_in(b)):
                    events.append(event("jump_skipped", seat=seat))
                continue
            if len(opts) != 1:
                return
            jump_out(state, seat, opts[0]["boat"], opts[0]["rank"], events, auto=True)
        elif phase == JUMP_IN:
            if not state.jumpers:
                _end_phase(state, JUMP_IN, events)
                continue
            seat, fig, left = state.jumpers[-1]
            opts = in_options(state, left)
            if len(opts) > 1:
                return
            if opts:
                jump_in(state, opts[0]["boat"], events, auto=True)
            else:
                state.jumpers.pop()
                state.boats[left].behind.remove(fig)
                state.out.append(fig)
                events.append(event("drowned", seat=seat, figure=fig, rank=figure_info(fig)[1], left=left))
        else:
            return


def _advance_vote(state: S, events: list[Event]) -> bool:
    """One step of a vote phase; False when the game must wait for a seat."""
    vote = state.vote
    if vote is None:
        _open_vote(state, events)
        return True
    if not vote.revealed:
        if not vote.complete:
            return False
        record = vote.reveal()
        _collect_cards(state, record["hats"])
        if state.phase == EJECT:
            record["boat"] = state.eject_boat
        state.last_reveal = copy_record(record)
        events.append(
            event("votes_revealed", **{("vote" if k == "kind" else k): v for k, v in record.items()})
        )
        if vote.outcome is None:
            return False
    elif vote.outcome is None:
        return False
    outcome = vote.outcome
    assert outcome is not None
    state.vote = None
    _resolve(state, outcome, events)
    return True


def _open_vote(state: S, events: list[Event]) -> None:
    n = state.num_players
    if state.phase == EJECT:
        assert state.eject_boat is not None
        boat = state.boats[state.eject_boat]
        order = turn_order(n, state.start_player)
        owners = sorted(owners_in(boat), key=order.index)
        if len(owners) == 1:
            events.append(event("vote_not_held", vote=EJECT, boat=boat.colour, result=own_colour(owners[0])))
            _resolve(state, own_colour(owners[0]), events)
            return
        weights = {s: 0 for s in owners}
        for f in figures_in(boat):
            owner, rank = figure_info(f)
            weights[owner] += EJECTION_WEIGHT[rank]
        seats, choices = owners, [own_colour(s) for s in owners]
        extra: dict[str, Any] = {"boat": boat.colour}
    else:
        choices = [b.colour for b in boats_at_sea(state)]
        if len(choices) == 1:
            events.append(event("vote_not_held", vote=state.phase, result=choices[0]))
            _resolve(state, choices[0], events)
            return
        seats, weights, extra = list(range(n)), {}, {}
    state.vote = SealedVote.open(
        state.phase,
        seats,
        choices,
        tie_breaker=state.start_player,
        weights=weights,
        hat_holders=[s for s in seats if hats_in_hand(state, s)],
    )
    events.append(
        event(
            "vote_opened",
            vote=state.phase,
            eligible=sorted(seats),
            choices=choices,
            weights={str(s): w for s, w in weights.items()},
            **extra,
        )
    )


def _collect_cards(state: S, hats: list[int]) -> None:
    """At the reveal: hats are spent, colour cards go back to their hands."""
    for seat, card in enumerate(state.cast):
        if card is None:
            continue
        state.cast[seat] = None
        if is_hat(card):
            state.discard.append(card)
        else:
            hand = state.hands[seat]
            hand.append(card)
            hand.sort(key=card_key)


def _resolve(state: S, outcome: str, events: list[Event]) -> None:
    phase = state.phase
    if phase == LEAK:
        boat = state.boats[outcome]
        if has_empty_seat(boat):
            leak = _new_leak(state, events)
            boat.seats[boat.seats.index(None)] = leak
            events.append(event("leak", boat=outcome, leak=leak))
            _end_phase(state, LEAK, events)
        else:
            events.append(event("boat_full", boat=outcome))
            state.phase = EJECT
            state.eject_boat = outcome
    elif phase == EJECT:
        assert state.eject_boat is not None
        boat = state.boats[state.eject_boat]
        victim = seat_of_colour(outcome)
        own = [f for f in figures_in(boat) if figure_info(f)[0] == victim]
        sailors = [f for f in own if figure_info(f)[1] == SAILOR]
        fig = sailors[0] if sailors else own[0]
        leak = _new_leak(state, events)
        boat.seats[boat.seats.index(fig)] = leak
        state.out.append(fig)
        events.append(
            event("ejected", seat=victim, figure=fig, rank=figure_info(fig)[1], boat=boat.colour, leak=leak)
        )
        state.eject_boat = None
        _end_phase(state, EJECT, events)
    elif phase == MOVE:
        boat = state.boats[outcome]
        boat.position += 1
        events.append(event("moved", boat=outcome, position=boat.position))
        if boat.position >= MOVES_TO_LAND:
            _land(state, boat, events)
        _end_phase(state, MOVE, events)


def _new_leak(state: S, events: list[Event]) -> str:
    state.leaks_made += 1
    leak = leak_id(state.leaks_made)
    in_play = sum(1 for b in state.boats.values() for t in b.seats if t is not None and is_leak(t)) + 1
    if in_play > LEAKS_IN_BOX:
        events.append(event("leak_supply_exceeded", in_play=in_play, box=LEAKS_IN_BOX))
    return leak


def _land(state: S, boat: Boat, events: list[Event]) -> None:
    assert boat.lane is not None
    island = island_of_lane(boat.lane, state.options["island_lanes"])
    ashore = figures_in(boat)
    for f in ashore:
        boat.seats[boat.seats.index(f)] = None
    state.islands[island].extend(ashore)
    state.harbour.append(boat.colour)
    boat.status = LANDED
    boat.harbour = len(state.harbour)
    events.append(event("landed", boat=boat.colour, island=island, harbour=boat.harbour, figures=ashore))


def _sink(state: S, events: list[Event]) -> None:
    for boat in boats_at_sea(state):
        figs = figures_in(boat)
        if leaks_in(boat) > len(figs):
            lost = [t for t in boat.seats if t is not None]
            boat.seats = [None] * len(boat.seats)
            state.out.extend(lost)
            boat.status = SUNK
            events.append(event("sunk", boat=boat.colour, figures=figs))


def _end_phase(state: S, phase: str, events: list[Event]) -> None:
    """Sinking, the end check, then the next phase."""
    _sink(state, events)
    if not boats_at_sea(state):
        state.phase = OVER
        state.vote = None
        state.actor = None
        state.queue = []
        events.append(event("game_over", scores=points_of(state), ranking=ranking_of(state)))
        return
    if phase in (LEAK, EJECT):
        state.phase = MOVE
    elif phase == MOVE:
        if figure_at_sea(state):
            state.phase = JUMP_OUT
            state.queue = turn_order(state.num_players, state.start_player)
            state.left = []
            state.jumpers = []
        else:
            events.append(event("phase_skipped", phase=3))
            _pass_marker(state, events)
    else:
        state.left = []
        _pass_marker(state, events)


def _pass_marker(state: S, events: list[Event]) -> None:
    state.start_player = (state.start_player + 1) % state.num_players
    state.round += 1
    state.phase = LEAK
    events.append(event("start_marker", seat=state.start_player, round=state.round))
