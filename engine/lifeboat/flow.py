"""The turn's flow: Quartermaster, Actions, Navigation (birds, overboard, thirst), the end.

Every function mutates the state, appends events, and runs forced steps itself; it stops where a
seat has a real choice (setting `state.step`), or sets `step = "turn_start"` for the driver loop
in `advance` (kept out of recursion so the nobody-conscious turns do not nest). The rules
(`rules/`) call these steps after a player's action; the flow never calls the rules.

The Navigation phase opens its answer windows itself (the overboard reactions, the thirst's
Water), asking only seats with a real choice, so those windows' answers (`react_options`,
`water_options`) are defined here, beside the steps that open and resolve them. Fights, opened
only by a refused swap or mug, live with the attacks in `rules/attacks.py`.
"""

from __future__ import annotations

from typing import Any

from ..core import Window, event
from .board import (
    Action,
    Events,
    conscious,
    conscious_aboard,
    discard,
    held,
    is_ghost,
    lapsed,
    of_kind,
    participant_side,
    subsets,
    take_card,
    unconscious,
    water_held,
    wound,
)
from .data import BIRDS_TO_LAND, CHARACTERS, KIND, NAVIGATION
from .scoring import state_scores
from .state import State


def advance(s: State, ev: Events) -> None:
    while s.step == "turn_start" and s.phase != "over":
        begin_turn(s, ev)


def end_game(s: State, reason: str, ev: Events) -> None:
    s.phase = "over"
    s.step = ""
    s.window = None
    s.end_reason = reason
    s.offers = []
    ev.append(
        event(
            "game_over",
            reason=reason,
            scores=state_scores(s),
            love=list(s.love),
            hate=list(s.hate),
        )
    )


def begin_turn(s: State, ev: Events) -> None:
    s.turn += 1
    s.navigator = -1
    if not s.boat:
        end_game(s, "empty_boat", ev)
        return
    ev.append(event("turn_started", turn=s.turn))
    if not conscious_aboard(s):
        begin_navigation(s, ev)
    else:
        begin_quartermaster(s, ev)


# -- Quartermaster -----------------------------------------------------------------------------
def begin_quartermaster(s: State, ev: Events) -> None:
    s.phase = "quartermaster"
    drafters = conscious_aboard(s)
    if not s.provisions:
        ev.append(event("quartermaster_skipped"))
        begin_actions(s, ev)
        return
    count = min(len(drafters), len(s.provisions))
    s.draft = s.provisions[:count]
    del s.provisions[:count]
    s.draft_order = drafters
    s.draft_idx = 0
    ev.append(event("provisions_drawn", seat=drafters[0], count=count))
    run_draft(s, ev)


def run_draft(s: State, ev: Events) -> None:
    while s.draft_idx < len(s.draft_order) and s.draft:
        if len(s.draft) >= 2:
            s.step = "draft"
            return
        keep_card(s, s.draft_order[s.draft_idx], s.draft[0], ev)
    s.draft_order = []
    s.draft_idx = 0
    begin_actions(s, ev)


def keep_card(s: State, seat: int, card: str, ev: Events) -> None:
    s.draft.remove(card)
    s.hands[seat].append(card)
    s.draft_idx += 1
    ev.append(event("kept_card", [seat], seat=seat, card=card, card_kind=KIND[card]))
    nxt = s.draft_order[s.draft_idx] if s.draft_idx < len(s.draft_order) and s.draft else None
    ev.append(event("drafted", seat=seat, passed=len(s.draft), to=nxt))


# -- Actions -----------------------------------------------------------------------------------
def begin_actions(s: State, ev: Events) -> None:
    s.phase = "actions"
    s.order = list(s.boat)
    s.pos = 0
    next_actor(s, ev)


def next_actor(s: State, ev: Events) -> None:
    while s.pos < len(s.order):
        if conscious(s, s.order[s.pos]):
            s.step = "act"
            return
        s.pos += 1
    s.order = []
    s.pos = 0
    begin_navigation(s, ev)


def action_done(s: State, ev: Events) -> None:
    s.window = None
    s.pos += 1
    next_actor(s, ev)


# -- Navigation ----------------------------------------------------------------------------------
def lapse_offers(s: State, ev: Events) -> None:
    for offer in s.offers:
        ev.append(lapsed(offer, "phase_end"))
    s.offers = []


def begin_navigation(s: State, ev: Events) -> None:
    lapse_offers(s, ev)
    s.phase = "navigation"
    s.compass_used = False
    aboard = conscious_aboard(s)
    if not aboard:
        s.navigator = -1
        s.navigation.extend(s.row_stack)
        s.row_stack = []
        play_navigation(s, s.navigation.pop(0), ev)
        return
    s.navigator = aboard[-1]
    ev.append(event("navigator", seat=s.navigator, row_stack=len(s.row_stack)))
    if of_kind(s.tables[s.navigator], "compass"):
        use_compass(s, ev)
    decide_navigation(s, ev)


def use_compass(s: State, ev: Events) -> None:
    s.compass_used = True
    if s.navigation:
        card = s.navigation.pop(0)
        s.row_stack.append(card)
        ev.append(event("compass_used", seat=s.navigator))
        ev.append(event("compass_card", [s.navigator], seat=s.navigator, card=card))


def navigation_choice(s: State) -> bool:
    if len(s.row_stack) >= 2:
        return True
    return bool(s.row_stack) and not s.compass_used and bool(held(s, s.navigator, "compass"))


def decide_navigation(s: State, ev: Events) -> None:
    if navigation_choice(s):
        s.step = "navigate"
        return
    card = s.row_stack.pop(0) if s.row_stack else s.navigation.pop(0)
    play_navigation(s, card, ev)


def navigate(s: State, card: str, ev: Events) -> None:
    s.row_stack.remove(card)
    play_navigation(s, card, ev)


def play_navigation(s: State, card: str, ev: Events) -> None:
    s.navigation.extend(s.row_stack)
    s.row_stack = []
    s.played = card
    s.last_played = card
    s.step = ""
    nav = NAVIGATION[card]
    ev.append(event("navigation_played", seat=s.navigator, card=card))
    if nav.bird:
        s.birds = max(0, s.birds + nav.bird)
        ev.append(event("birds", change=nav.bird, birds=s.birds))
    if s.birds >= BIRDS_TO_LAND:
        end_game(s, "land", ev)
        return
    begin_overboard(s, ev)


def reaction_auto_buckets(s: State, fallers: list[int]) -> list[str]:
    return [c for p in fallers for c in of_kind(s.tables[p], "chum")]


def react_options(s: State, seat: int, data: dict[str, Any]) -> list[Action]:
    """A seat's possible answers to the overboard reaction window (`data` is the window's)."""
    preserver: list[Any] = [None]
    buckets: list[str] = []
    rile = [False]
    fallers: list[int] = data["fallers"]
    if seat in s.boat and conscious(s, seat):
        own = held(s, seat, "life_preserver")
        if own:
            if seat in data["conscious"] and own[0] in s.hands[seat]:
                preserver.append("wear")
            preserver += [t for t in data["conscious"] if t != seat]
        if not (s.options["sharks"] and data["auto_buckets"]):
            buckets = of_kind(s.hands[seat], "chum")
            if seat not in fallers:
                buckets = of_kind(s.tables[seat], "chum") + buckets
    elif s.options["sharks"] and is_ghost(s, seat) and not data["auto_buckets"]:
        rile = [False, True]
    return [
        {"type": "react", "preserver": p, "buckets": b, "rile": r}
        for p in preserver
        for b in subsets(buckets)
        for r in rile
    ]


def begin_overboard(s: State, ev: Events) -> None:
    assert s.played is not None
    nav = NAVIGATION[s.played]
    fallers = [p for p in s.boat if nav.goes_overboard(s.chars[p])]
    if not fallers:
        begin_thirst(s, ev)
        return
    data = {
        "fallers": fallers,
        "conscious": [p for p in fallers if conscious(s, p)],
        "auto_buckets": len(reaction_auto_buckets(s, fallers)),
    }
    ev.append(event("overboard", fallers=fallers))
    if any(not s.dead[p] for p in fallers):
        asked = [p for p in range(s.n) if len(react_options(s, p, data)) > 1]
        if asked:
            s.window = Window("react", asked, data=data)
            s.step = "react"
            return
    resolve_overboard(s, data, None, ev)


def resolve_overboard(s: State, data: dict[str, Any], window: Window | None, ev: Events) -> None:
    fallers: list[int] = data["fallers"]
    used: list[str] = []
    riled = False
    if window is not None:
        ev.append(event("reactions", answers=window.revealed()))
        for seat in window.seats:
            answer = window.answer_of(seat)
            choice = answer["preserver"]
            if choice is not None:
                preserver = held(s, seat, "life_preserver")
                if preserver:
                    card = preserver[0]
                    take_card(s, seat, card)
                    s.tables[seat if choice == "wear" else choice].append(card)
            for bucket in answer["buckets"]:
                if bucket in s.hands[seat] or bucket in s.tables[seat]:
                    take_card(s, seat, bucket)
                    used.append(bucket)
            riled = riled or answer["rile"]
    s.window = None
    auto = reaction_auto_buckets(s, fallers)
    for p in fallers:
        for bucket in of_kind(s.tables[p], "chum"):
            s.tables[p].remove(bucket)
    used += auto

    def preserved(p: int) -> bool:
        return bool(of_kind(s.tables[p], "life_preserver"))

    for p in fallers:
        if not s.dead[p] and not CHARACTERS[s.chars[p]].swimmer and not preserved(p):
            wound(s, p, 1, "fall", ev)
    # the shark variant: one shark wound whatever the number of Buckets and ghosts
    sharks = (1 if used or riled else 0) if s.options["sharks"] else len(used)
    for p in fallers:
        wound(s, p, sharks, "sharks", ev)
    s.discard.extend(used)
    if used:
        ev.append(event("buckets_used", cards=list(used), sharks=sharks))
    for p in fallers:
        keep = [c for c in s.tables[p] if KIND[c] == "life_preserver"]
        lost = [c for c in s.tables[p] if KIND[c] != "life_preserver"]
        for c in lost:
            if c in s.open_cards:
                s.open_cards.remove(c)
        s.removed.extend(lost)
        s.tables[p] = keep
        if lost:
            ev.append(event("cards_lost_overboard", seat=p, cards=lost))
    for p in fallers:
        if unconscious(s, p) and not preserved(p):
            s.dead[p] = True
            ev.append(event("drowned", seat=p))
    lent = s.lent
    if lent is not None and lent[2] in fallers:
        card, lender, borrower = lent
        s.lent = None
        if card in s.tables[borrower] and lender in s.boat and lender != borrower:
            s.tables[borrower].remove(card)
            s.tables[lender].append(card)
            ev.append(event("preserver_returned", seat=lender, card=card, borrower=borrower))
    for p in fallers:
        if s.dead[p]:
            s.boat.remove(p)
            s.removed.extend(s.tables[p])
            for c in s.tables[p]:
                if c in s.open_cards:
                    s.open_cards.remove(c)
            s.lost[p].extend(s.hands[p])
            s.tables[p] = []
            s.hands[p] = []
            ev.append(event("body_removed", seat=p, boat=list(s.boat)))
    begin_thirst(s, ev)


# -- Thirst --------------------------------------------------------------------------------------
def thirst_counts(s: State) -> dict[int, int]:
    assert s.played is not None
    nav = NAVIGATION[s.played]
    counts: dict[int, int] = {}
    for p in s.boat:
        if s.dead[p]:
            continue
        count = int(nav.names_thirsty(s.chars[p])) + int(nav.oar and s.rowed[p])
        count += int(nav.fight and s.fought[p])
        if count:
            counts[p] = count
    return counts


def water_options(s: State, seat: int, data: dict[str, Any]) -> list[Action]:
    """A seat's possible Water pledges in the thirst window (`data` is the window's)."""
    have = len(water_held(s, seat))
    thirst = sorted((int(k), v) for k, v in data["thirst"].items())
    covers: list[list[list[int]]] = [[]]
    for target, need in thirst:
        grown = []
        for cover in covers:
            left = have - sum(c for _, c in cover)
            grown.append(cover)
            grown += [[*cover, [target, k]] for k in range(1, min(need, left) + 1)]
        covers = grown
    return [{"type": "water", "cover": cover} for cover in covers]


def begin_thirst(s: State, ev: Events) -> None:
    s.step = ""
    thirst: dict[int, int] = {}
    for p, count in thirst_counts(s).items():
        if count and any(c in s.open_cards for c in of_kind(s.tables[p], "parasol")):
            count -= 1
            ev.append(event("parasol_shade", seat=p))
        if count and unconscious(s, p):
            for water in of_kind(s.tables[p], "water")[:count]:
                discard(s, p, water)
                count -= 1
                ev.append(event("water_drunk", seat=p, by=p, card=water))
        if count:
            thirst[p] = count
    if not thirst:
        end_turn(s, ev)
        return
    ev.append(event("thirst", thirst={str(p): c for p, c in thirst.items()}))
    holders = [p for p in range(s.n) if p in s.boat and conscious(s, p) and water_held(s, p)]
    data = {"thirst": {str(p): c for p, c in thirst.items()}}
    if holders:
        s.window = Window("thirst", holders, data=data)
        s.step = "thirst"
        return
    resolve_thirst(s, data, None, ev)


def resolve_thirst(s: State, data: dict[str, Any], window: Window | None, ev: Events) -> None:
    pledges: dict[int, dict[int, int]] = {}
    if window is not None:
        ev.append(event("water_pledges", answers=window.revealed()))
        for seat in window.seats:
            pledges[seat] = {t: c for t, c in window.answer_of(seat)["cover"]}
    s.window = None
    wounds: dict[int, int] = {}
    for p in s.boat:
        need = data["thirst"].get(str(p), 0)
        if not need:
            continue
        givers = [p] + [q for q in s.boat if q != p]
        for q in givers:
            if not need:
                break
            pledge = pledges.get(q, {}).get(p, 0)
            for water in water_held(s, q)[: min(need, pledge)]:
                discard(s, q, water)
                pledges[q][p] -= 1
                need -= 1
                ev.append(event("water_drunk", seat=p, by=q, card=water))
        if need:
            wounds[p] = need
    for p, amount in wounds.items():
        wound(s, p, amount, "thirst", ev)
    end_turn(s, ev)


def end_turn(s: State, ev: Events) -> None:
    if s.played is not None:
        s.navigation.append(s.played)
        s.played = None
    s.rowed = [False] * s.n
    s.fought = [False] * s.n
    s.row_log = []
    s.flare_reveal = []
    s.window = None
    s.navigator = -1
    s.compass_used = False
    s.step = "turn_start"


# -- who is waited for, what they are asked, and what a deadline plays for them -------------------
#: Every kind of decision a waited seat is asked -> whether it is minor (answered by most seats,
#: most of the time, with the default or one obvious choice).
DECISION_KINDS: dict[str, bool] = {
    "draft": False,  # which card to keep of those passed to you
    "act": False,  # your action in the Actions phase
    "row": False,  # which rowed cards go on the Row stack
    "answer": True,  # accept or refuse a swap or mug aimed at you
    "fight": True,  # a fight's round: join a side or stay out; in it, play weapons, the Flare Gun
    "navigate": False,  # the navigator's card (and a Compass in hand)
    "react": True,  # the overboard reactions: a Life Preserver, Buckets of Chum
    "thirst": True,  # whose thirst your Water covers
}

#: The step a seat is waited in -> the kind of its decision.
KIND_OF_STEP: dict[str, str] = {
    "draft": "draft",
    "act": "act",
    "row": "row",
    "answer": "answer",
    "fight": "fight",
    "navigate": "navigate",
    "react": "react",
    "thirst": "thirst",
}


def asked_kind(s: State, seat: int) -> str:
    """The kind of the decision a waited seat is asked now."""
    return KIND_OF_STEP[s.step]


def to_act(s: State) -> list[int]:
    step = s.step
    if s.phase == "over":
        return []
    if step == "draft":
        return [s.draft_order[s.draft_idx]]
    if step == "act":
        return [s.order[s.pos]]
    if step == "row":
        return [s.rower]
    if step == "navigate":
        return [s.navigator]
    if s.window is not None:
        return s.window.waiting()
    return []


def default_action(s: State, seat: int) -> Action:
    step = s.step
    if step == "draft":
        return {"type": "keep", "card": s.draft[0]}
    if step == "act":
        return {"type": "nothing"}
    if step == "row":
        return {"type": "place_rowed", "to_stack": list(s.rowing)}
    if step == "answer":
        return {"type": "accept"}
    window = s.window
    if step == "fight" and window is not None:
        side = participant_side(window.data, seat) or "out"
        return {"type": "fight", "side": side, "weapons": [], "flare": False}
    if step == "navigate":
        if not s.compass_used and of_kind(s.tables[seat], "compass"):
            return {"type": "compass"}
        return {"type": "navigate", "card": s.row_stack[0]}
    if step == "react":
        return {"type": "react", "preserver": None, "buckets": [], "rile": False}
    if step == "thirst" and window is not None:
        need = window.data["thirst"].get(str(seat), 0)
        drink = min(need, len(water_held(s, seat)))
        return {"type": "water", "cover": [[seat, drink]] if drink else []}
    raise ValueError("that seat is not waited for")
