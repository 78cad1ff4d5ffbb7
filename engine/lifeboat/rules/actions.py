"""A seat's own decisions in the turn: the drafter's keep, and the actor's actions (swaps and mugs
aside: `attacks.py`) with the rower's placement of the rowed cards."""

from __future__ import annotations

from ...core import event
from ..board import Action, Events, conscious, discard, held, is_actor, of_kind, subsets
from ..data import BIRDS_TO_LAND, FLARE_SHOWS, NAVIGATION, ROW_DRAWS
from ..flow import action_done, end_game, keep_card, run_draft
from ..state import State


# -- Quartermaster ------------------------------------------------------------------------------------
def legal_keep(s: State, seat: int) -> list[Action]:
    if s.step == "draft" and s.draft_order[s.draft_idx] == seat:
        return [{"type": "keep", "card": c} for c in s.draft]
    return []


def apply_keep(s: State, seat: int, a: Action, ev: Events) -> None:
    keep_card(s, seat, a["card"], ev)
    run_draft(s, ev)


# -- Actions --------------------------------------------------------------------------------------------
def legal_nothing(s: State, seat: int) -> list[Action]:
    return [{"type": "nothing"}] if is_actor(s, seat) else []


def apply_nothing(s: State, seat: int, a: Action, ev: Events) -> None:
    ev.append(event("did_nothing", seat=seat))
    action_done(s, ev)


def legal_row(s: State, seat: int) -> list[Action]:
    return [{"type": "row"}] if is_actor(s, seat) else []


def apply_row(s: State, seat: int, a: Action, ev: Events) -> None:
    count = ROW_DRAWS + len(of_kind(s.tables[seat], "oar"))
    cards = s.navigation[:count]
    del s.navigation[:count]
    s.rowed[seat] = True
    ev.append(event("rowed", seat=seat, count=len(cards)))
    if not cards:
        s.row_log.append([seat, [], []])
        action_done(s, ev)
        return
    ev.append(event("rowing_cards", [seat], seat=seat, cards=list(cards)))
    s.rowing = cards
    s.rower = seat
    s.step = "row"


def legal_place_rowed(s: State, seat: int) -> list[Action]:
    """Any subset of the rowed cards for the Row stack, in the order drawn; the rest to the bottom."""
    if s.step != "row" or s.rower != seat:
        return []
    return [{"type": "place_rowed", "to_stack": sub} for sub in reversed(subsets(s.rowing))]


def apply_place_rowed(s: State, seat: int, a: Action, ev: Events) -> None:
    to_stack = list(a["to_stack"])
    bottom = [c for c in s.rowing if c not in to_stack]
    s.row_stack += to_stack
    s.navigation += bottom
    s.row_log.append([seat, to_stack, bottom])
    s.rowing = []
    s.rower = -1
    ev.append(event("placed_rowed", seat=seat, to_stack=len(to_stack), to_bottom=len(bottom)))
    ev.append(event("placed_rowed_cards", [seat], seat=seat, to_stack=to_stack, to_bottom=bottom))
    action_done(s, ev)


def legal_flare(s: State, seat: int) -> list[Action]:
    return [{"type": "flare"}] if is_actor(s, seat) and held(s, seat, "flare_gun") else []


def apply_flare(s: State, seat: int, a: Action, ev: Events) -> None:
    """Discard the Flare Gun, show the top three Navigation cards (then under the deck), add their
    birds; at four the boat reaches land at once."""
    discard(s, seat, held(s, seat, "flare_gun")[0])
    shown = s.navigation[:FLARE_SHOWS]
    del s.navigation[:FLARE_SHOWS]
    s.navigation.extend(shown)
    s.flare_reveal = list(shown)
    net = sum(NAVIGATION[c].bird for c in shown)
    s.birds = max(0, s.birds + net)
    ev.append(event("flare_fired", seat=seat, cards=list(shown), net=net, birds=s.birds))
    if s.birds >= BIRDS_TO_LAND:
        end_game(s, "land", ev)
    else:
        action_done(s, ev)


def legal_parasol(s: State, seat: int) -> list[Action]:
    if not is_actor(s, seat):
        return []
    cards = held(s, seat, "parasol")
    if not cards or (cards[0] in s.tables[seat] and cards[0] in s.open_cards):
        return []
    return [{"type": "parasol"}]


def apply_parasol(s: State, seat: int, a: Action, ev: Events) -> None:
    card = held(s, seat, "parasol")[0]
    if card in s.hands[seat]:
        s.hands[seat].remove(card)
        s.tables[seat].append(card)
    s.open_cards.append(card)
    ev.append(event("parasol_opened", seat=seat, card=card))
    action_done(s, ev)


def legal_medkit(s: State, seat: int) -> list[Action]:
    if not is_actor(s, seat) or not held(s, seat, "medkit"):
        return []
    return [{"type": "medkit", "target": t} for t in s.boat if not s.dead[t] and s.wounds[t] > 0]


def apply_medkit(s: State, seat: int, a: Action, ev: Events) -> None:
    card = held(s, seat, "medkit")[0]
    discard(s, seat, card)
    target = a["target"]
    s.wounds[target] -= 1
    ev.append(
        event(
            "healed",
            seat=seat,
            target=target,
            card=card,
            wounds=s.wounds[target],
            conscious=conscious(s, target),
        )
    )
    action_done(s, ev)
