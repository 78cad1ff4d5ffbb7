"""The flow of Lifeboats: set-up, the three phases of a round, votes, sinking, the end.

`advance` moves the game on after every action until some seat has a real choice (or the game
is over): it opens votes, applies votes with a single valid choice at once, reveals complete
votes, auto-plays single-possibility steps (a set-up placement, a forced jump) and skips
players with nothing to do. Transitions never raise for an action `legal_actions` lists.
"""

from __future__ import annotations

from typing import Any

from ..core import Event, Rng, event, seed_state
from ..core.votes import HAT, SealedVote
from .data import (
    BLACK,
    EJECTION_WEIGHT,
    HATS_PER_PLAYER,
    ISLANDS,
    LANES,
    LEAKS_IN_BOX,
    MOVES_TO_LAND,
    OFFICER,
    OFFICERS_PER_PLAYER,
    PLAYER_COLOURS,
    POINTS,
    SAILOR,
    card_id,
    colours_in_play,
    figure_id,
    figure_info,
    hat_id,
    is_hat,
    is_leak,
    island_of_lane,
    leak_id,
    sailors_per_player,
)
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

_CARD_ORDER = {c: i for i, c in enumerate((*PLAYER_COLOURS, BLACK))}


def _card_key(card: str) -> int:
    kind, _seat, tail = card.split("-")
    return 100 + int(tail) if kind == "hat" else _CARD_ORDER[tail]


# -- set-up -------------------------------------------------------------------------------------
def setup(num_players: int, seed: int | str, options: dict[str, Any]) -> tuple[S, list[Event]]:
    rng = Rng(seed_state(seed))
    start = rng.below(num_players)
    colours = colours_in_play(num_players)
    sailors = sailors_per_player(num_players, options["four_sailors_from"])
    state = S(
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
    advance(state, events)
    return state, events


def turn_order(n: int, start: int) -> list[int]:
    """Clockwise from `start`: the next seat is the player to the left."""
    return [(start + i) % n for i in range(n)]


# -- queries ------------------------------------------------------------------------------------
def own_colour(seat: int) -> str:
    return PLAYER_COLOURS[seat]


def seat_of_colour(colour: str) -> int:
    return PLAYER_COLOURS.index(colour)


def boats_at_sea(state: S) -> list[Boat]:
    """Boats at sea, by lane."""
    sea = [b for b in state.boats.values() if b.status == AT_SEA]
    sea.sort(key=_lane_key)
    return sea


def _lane_key(b: Boat) -> int:
    return b.lane or 0


def free_lanes(state: S) -> list[int]:
    taken = {b.lane for b in state.boats.values()}
    return [lane for lane in LANES if lane not in taken]


def figures_in(boat: Boat) -> list[str]:
    return [t for t in boat.seats if t is not None and t[0] == "f"]  # "fig-..." (leaks: "leak-...")


def leaks_in(boat: Boat) -> int:
    return sum(1 for t in boat.seats if t is not None and t[0] == "l")


def has_empty_seat(boat: Boat) -> bool:
    return None in boat.seats


def owners_in(boat: Boat) -> list[int]:
    return sorted({figure_info(f)[0] for f in figures_in(boat)})


def hats_in_hand(state: S, seat: int) -> int:
    return sum(1 for c in state.hands[seat] if c[0] == "h")  # "hat-..." ids


def hats_public(state: S, seat: int) -> int:
    """Hats as of the last reveal: in hand plus one cast face down (hats leave only at reveals)."""
    cast = state.cast[seat]
    return hats_in_hand(state, seat) + (1 if cast is not None and is_hat(cast) else 0)


def points_of(state: S) -> list[int]:
    totals = [0] * state.num_players
    for name, figs in state.islands.items():
        table = POINTS[name]
        for f in figs:
            owner, rank = figure_info(f)
            totals[owner] += table[rank]
    return totals


def ranking_of(state: S) -> list[int]:
    """Places by points; ties by the player's own boat: landed first by harbour, sunk share."""
    pts = points_of(state)
    never = len(state.boats) + 1
    keys = []
    for seat in range(state.num_players):
        boat = state.boats[own_colour(seat)]
        keys.append((-pts[seat], boat.harbour if boat.status == LANDED and boat.harbour else never))
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def figure_at_sea(state: S) -> bool:
    return any(figures_in(b) for b in boats_at_sea(state))


# -- who acts and what they may do -----------------------------------------------------------
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


def figure_options(state: S, seat: int) -> list[Action]:
    ranks = [r for r in (SAILOR, OFFICER) if any(figure_info(f)[1] == r for f in state.supply[seat])]
    boats = [b.colour for b in boats_at_sea(state) if has_empty_seat(b)]
    return [{"type": "place_figure", "rank": r, "boat": c} for r in ranks for c in boats]


def out_options(state: S, seat: int) -> list[Action]:
    """Phase 3 out: own figures in boats at sea not yet left, by lane, a sailor before an officer."""
    sea = boats_at_sea(state)
    opts: list[Action] = []
    for boat in sea:
        if boat.colour in state.left:
            continue
        if state.options["jump_needs_exit"] and not any(o is not boat and has_empty_seat(o) for o in sea):
            continue
        ranks = {figure_info(f)[1] for f in figures_in(boat) if figure_info(f)[0] == seat}
        opts.extend(
            {"type": "jump_out", "boat": boat.colour, "rank": r} for r in (SAILOR, OFFICER) if r in ranks
        )
    return opts


def in_options(state: S, left_colour: str) -> list[Action]:
    return [
        {"type": "jump_in", "boat": b.colour}
        for b in boats_at_sea(state)
        if b.colour != left_colour and has_empty_seat(b)
    ]


def legal_actions(state: S, seat: int) -> list[Action]:
    phase = state.phase
    if phase in VOTE_PHASES:
        vote = state.vote
        if vote is None:
            return []
        if not vote.revealed:
            return [{"type": "vote", "card": b} for b in vote.ballots(seat)]
        if seat in vote.waiting():
            return [{"type": "decide", "choice": c} for c in vote.among]
        return []
    if seat not in to_act(state):
        return []
    if phase in (SETUP_BOATS, SETUP_BLACK):
        return [{"type": "place_boat", "lane": lane} for lane in free_lanes(state)]
    if phase == SETUP_FIGURES:
        return figure_options(state, seat)
    if phase == JUMP_OUT:
        return out_options(state, seat)
    if phase == JUMP_IN:
        return in_options(state, state.jumpers[-1][2])
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
    # Boat placement (lowest free lane), phase 3 out and in: the first listed option is the rule's.
    return legal_actions(state, seat)[0]


def is_legal(state: S, seat: int, action: Action) -> bool:
    """Listed, with exactly the listed types (so True is not 1 and 1.0 is not 1)."""
    for legal in legal_actions(state, seat):
        if legal == action and all(type(action[k]) is type(v) for k, v in legal.items()):
            return True
    return False


# -- transitions ---------------------------------------------------------------------------------
def transition(state: S, seat: int, action: Action) -> list[Event]:
    events: list[Event] = []
    kind = action["type"]
    if kind == "place_boat":
        _place_boat(state, seat, action["lane"], events, auto=False)
    elif kind == "place_figure":
        _place_figure(state, seat, action["rank"], action["boat"], events, auto=False)
    elif kind == "vote":
        _cast(state, seat, action["card"], events)
    elif kind == "decide":
        vote = state.vote
        assert vote is not None
        vote.decide(seat, action["choice"])
        events.append(
            event("vote_decided", seat=seat, choice=action["choice"], reason=vote.reason, vote=vote.kind)
        )
    elif kind == "jump_out":
        _jump_out(state, seat, action["boat"], action["rank"], events, auto=False)
    elif kind == "jump_in":
        _jump_in(state, action["boat"], events, auto=False)
    advance(state, events)
    return events


def _place_boat(state: S, seat: int, lane: int, events: list[Event], *, auto: bool) -> None:
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


def _place_figure(state: S, seat: int, rank: str, colour: str, events: list[Event], *, auto: bool) -> None:
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


def _cast(state: S, seat: int, ballot: str | None, events: list[Event]) -> None:
    vote = state.vote
    assert vote is not None
    vote.cast(seat, ballot)
    if ballot is not None:
        hand = state.hands[seat]
        card = next(c for c in hand if is_hat(c)) if ballot == HAT else card_id(seat, ballot)
        hand.remove(card)
        state.cast[seat] = card
    events.append(event("vote_cast", seat=seat, vote=vote.kind))
    events.append(event("you_cast", [seat], seat=seat, vote=vote.kind, card=ballot))


def _jump_out(state: S, seat: int, colour: str, rank: str, events: list[Event], *, auto: bool) -> None:
    boat = state.boats[colour]
    fig = next(f for f in figures_in(boat) if figure_info(f) == (seat, rank))
    boat.seats[boat.seats.index(fig)] = None
    boat.behind.append(fig)
    state.left.append(colour)
    state.jumpers.append([seat, fig, colour])
    state.queue.pop(0)
    events.append(event("jumped_out", seat=seat, figure=fig, rank=rank, boat=colour, auto=auto))


def _jump_in(state: S, colour: str, events: list[Event], *, auto: bool) -> None:
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
            _place_boat(state, state.queue[0], lanes[0], events, auto=True)
        elif phase == SETUP_BLACK:
            lanes = free_lanes(state)
            if len(lanes) != 1:
                return
            _place_boat(state, state.start_player, lanes[0], events, auto=True)
        elif phase == SETUP_FIGURES:
            if state.actor is None:
                events.append(event("crews_placed"))
                state.phase = LEAK
                continue
            opts = figure_options(state, state.actor)
            if len(opts) != 1:
                return
            only = opts[0]
            _place_figure(state, state.actor, only["rank"], only["boat"], events, auto=True)
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
            _jump_out(state, seat, opts[0]["boat"], opts[0]["rank"], events, auto=True)
        elif phase == JUMP_IN:
            if not state.jumpers:
                _end_phase(state, JUMP_IN, events)
                continue
            seat, fig, left = state.jumpers[-1]
            opts = in_options(state, left)
            if len(opts) > 1:
                return
            if opts:
                _jump_in(state, opts[0]["boat"], events, auto=True)
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


def copy_record(record: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of a reveal record (its known, shallow-nested shape; no generic copy)."""
    out = dict(record)
    out["ballots"] = [dict(b) for b in record["ballots"]]
    out["weights"] = dict(record["weights"])
    out["tally"] = dict(record["tally"])
    out["hats"] = list(record["hats"])
    out["among"] = list(record["among"])
    return out


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
            hand.sort(key=_card_key)


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
