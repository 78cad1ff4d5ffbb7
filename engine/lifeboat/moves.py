"""Every action a seat may take: the enumerations (`legal_by_type`) and their transitions.

`legal_actions` is the concatenation of the per-type lists, and the guard checks an action only
against the list of its own type, so the check agrees with `legal_actions` by construction
(trade offers, free-form, are validated by `offer_problem` instead).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from ..core import IllegalAction, Window, event
from .board import (
    Events,
    conscious,
    conscious_aboard,
    discard,
    held,
    is_ghost,
    of_kind,
    unconscious,
)
from .data import CHARACTERS, KIND, KINDS, NAVIGATION, VALUE, WEAPON
from .flow import (
    action_done,
    can_declare_flare,
    close_fight_round,
    consummate,
    decide_navigation,
    fire_flare,
    keep_card,
    navigate,
    participant_side,
    resolve_overboard,
    resolve_thirst,
    run_draft,
    start_fight,
    use_compass,
    water_held,
)
from .state import State

Action = dict[str, Any]

MAX_OFFER_CARDS = 12


def subsets(cards: list[str]) -> list[list[str]]:
    """Every subset, each in the given order, smallest first."""
    return [list(combo) for k in range(len(cards) + 1) for combo in combinations(cards, k)]


def asked(s: State, seat: int, step: str) -> bool:
    return s.step == step and s.window is not None and s.window.asks(seat)


# -- options inside windows ------------------------------------------------------------------------
def react_options(s: State, seat: int, data: dict[str, Any]) -> list[Action]:
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


def water_options(s: State, seat: int, data: dict[str, Any]) -> list[Action]:
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


def fight_options(s: State, seat: int, data: dict[str, Any]) -> list[Action]:
    weapons = subsets([c for c in s.hands[seat] if c in WEAPON])
    flares = [False, True] if can_declare_flare(s, data, seat) else [False]
    side = participant_side(data, seat)
    sides = [side] if side is not None else ["attacker", "defender"]
    out: list[Action] = []
    if side is None:
        out.append({"type": "fight", "side": "out", "weapons": [], "flare": False})
    out += [
        {"type": "fight", "side": sd, "weapons": w, "flare": f}
        for sd in sides
        for w in weapons
        for f in flares
    ]
    return out


# -- per-type enumerations -------------------------------------------------------------------------
def _keep(s: State, seat: int) -> list[Action]:
    if s.step == "draft" and s.draft_order[s.draft_idx] == seat:
        return [{"type": "keep", "card": c} for c in s.draft]
    return []


def is_actor(s: State, seat: int) -> bool:
    return s.step == "act" and s.order[s.pos] == seat


def _simple(kind: str) -> Callable[[State, int], list[Action]]:
    def gen(s: State, seat: int) -> list[Action]:
        return [{"type": kind}] if is_actor(s, seat) else []

    return gen


def _swap(s: State, seat: int) -> list[Action]:
    if not is_actor(s, seat):
        return []
    return [{"type": "swap", "target": t} for t in s.boat if t != seat]


def _mug(s: State, seat: int) -> list[Action]:
    if not is_actor(s, seat):
        return []
    out: list[Action] = []
    for t in s.boat:
        if t != seat:
            out += [{"type": "mug", "target": t, "card": c} for c in s.tables[t]]
            if s.hands[t]:
                out.append({"type": "mug", "target": t, "card": "hand"})
    return out


def _flare(s: State, seat: int) -> list[Action]:
    return [{"type": "flare"}] if is_actor(s, seat) and held(s, seat, "flare_gun") else []


def _parasol(s: State, seat: int) -> list[Action]:
    if not is_actor(s, seat):
        return []
    cards = held(s, seat, "parasol")
    if not cards or (cards[0] in s.tables[seat] and cards[0] in s.open_cards):
        return []
    return [{"type": "parasol"}]


def _medkit(s: State, seat: int) -> list[Action]:
    if not is_actor(s, seat) or not held(s, seat, "medkit"):
        return []
    return [{"type": "medkit", "target": t} for t in s.boat if not s.dead[t] and s.wounds[t] > 0]


def _place_rowed(s: State, seat: int) -> list[Action]:
    if s.step != "row" or s.rower != seat:
        return []
    return [{"type": "place_rowed", "to_stack": sub} for sub in reversed(subsets(s.rowing))]


def _answer(kind: str) -> Callable[[State, int], list[Action]]:
    def gen(s: State, seat: int) -> list[Action]:
        return [{"type": kind}] if asked(s, seat, "answer") else []

    return gen


def _fight(s: State, seat: int) -> list[Action]:
    if not asked(s, seat, "fight"):
        return []
    assert s.window is not None
    return fight_options(s, seat, s.window.data)


def _compass(s: State, seat: int) -> list[Action]:
    if s.step == "navigate" and s.navigator == seat and not s.compass_used and held(s, seat, "compass"):
        return [{"type": "compass"}]
    return []


def _navigate(s: State, seat: int) -> list[Action]:
    if s.step == "navigate" and s.navigator == seat:
        return [{"type": "navigate", "card": c} for c in s.row_stack]
    return []


def _react(s: State, seat: int) -> list[Action]:
    if not asked(s, seat, "react"):
        return []
    assert s.window is not None
    return react_options(s, seat, s.window.data)


def _water(s: State, seat: int) -> list[Action]:
    if not asked(s, seat, "thirst"):
        return []
    assert s.window is not None
    return water_options(s, seat, s.window.data)


def _play(s: State, seat: int) -> list[Action]:
    if s.phase == "over" or not s.hands[seat] or not conscious(s, seat):
        return []
    if s.step == "fight" and s.window is not None and participant_side(s.window.data, seat) is not None:
        return []
    targets = [seat] + [t for t in s.boat if unconscious(s, t)]
    return [{"type": "play", "card": c, "for": t} for c in s.hands[seat] for t in targets]


def trading_open(s: State) -> bool:
    return s.phase == "actions" and s.step in ("act", "row")


def _offer_trade(s: State, seat: int) -> list[Action]:
    """Listed: one-card gifts from hand (any other offer is accepted by `apply` when valid)."""
    if not trading_open(s) or not conscious(s, seat):
        return []
    return [
        {"type": "offer_trade", "to": t, "give": [c], "take": []}
        for t in conscious_aboard(s)
        if t != seat
        for c in s.hands[seat]
    ]


def _answer_trade(s: State, seat: int) -> list[Action]:
    if not trading_open(s) or not conscious(s, seat):
        return []
    out: list[Action] = []
    for offer in s.offers:
        if offer["to"] == seat:
            if trade_cards(s, offer) is not None:
                out.append({"type": "answer_trade", "offer": offer["id"], "accept": True})
            out.append({"type": "answer_trade", "offer": offer["id"], "accept": False})
    return out


LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "keep": _keep,
    "nothing": _simple("nothing"),
    "row": _simple("row"),
    "swap": _swap,
    "mug": _mug,
    "flare": _flare,
    "parasol": _parasol,
    "medkit": _medkit,
    "place_rowed": _place_rowed,
    "accept": _answer("accept"),
    "refuse": _answer("refuse"),
    "fight": _fight,
    "compass": _compass,
    "navigate": _navigate,
    "react": _react,
    "water": _water,
    "play": _play,
    "offer_trade": _offer_trade,
    "answer_trade": _answer_trade,
}


def may_act(s: State, seat: int) -> bool:
    """False for seats that can take no action at all (dead or unconscious, the game over)."""
    if s.phase == "over":
        return False
    if conscious(s, seat):
        return True
    return asked(s, seat, "react")


def legal_actions(s: State, seat: int) -> list[Action]:
    if not may_act(s, seat):
        return []
    out: list[Action] = []
    for gen in LEGAL.values():
        out += gen(s, seat)
    return out


# -- trades ------------------------------------------------------------------------------------------
def trade_cards(s: State, offer: dict[str, Any]) -> tuple[list[str], list[str]] | None:
    """The cards an offer would move now (given, taken), or None if it cannot be carried out."""
    giver, receiver = offer["from"], offer["to"]
    for card in offer["give"]:
        if card not in s.hands[giver] and card not in s.tables[giver]:
            return None
    taken: list[str] = []
    for entry in offer["take"]:
        if entry in KINDS:
            choices = sorted(
                (c for c in of_kind(s.hands[receiver], entry) if c not in taken),
                key=lambda c: VALUE.get(c, 0),
            )
            if not choices:
                return None
            taken.append(choices[0])
        elif entry in s.tables[receiver]:
            taken.append(entry)
        else:
            return None
    return list(offer["give"]), taken


def offer_problem(s: State, seat: int, action: Action) -> str | None:
    if not trading_open(s):
        return "Trades are made only during the Actions phase, outside fights and pending answers."
    if not conscious(s, seat):
        return "An unconscious character cannot trade."
    to, give, take = action.get("to"), action.get("give"), action.get("take")
    if set(action) != {"type", "to", "give", "take"}:
        return "A trade offer names 'to', 'give' and 'take'."
    if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < s.n or to == seat:
        return "Offer a trade to another seat."
    if not conscious(s, to):
        return "Trades are only with conscious characters."
    if not isinstance(give, list) or not isinstance(take, list):
        return "'give' and 'take' must be lists."
    if not give and not take:
        return "A trade must move at least one card."
    if len(give) + len(take) > MAX_OFFER_CARDS:
        return "That trade names too many cards."
    if not all(isinstance(c, str) for c in give + take):
        return "Cards are named by id (or, for hand cards you take, by kind)."
    ids = give + [c for c in take if c not in KINDS]
    if len(set(ids)) != len(ids):
        return "A card is named twice."
    for card in give:
        if card not in s.hands[seat] and card not in s.tables[seat]:
            return "You can only give cards you hold."
    for entry in take:
        if entry not in KINDS and entry not in s.tables[to]:
            return "Ask for the other's face-up cards by id, or for hand cards by kind."
    return None


def prune_offers(s: State, ev: Events) -> None:
    if not s.offers:
        return
    keep = []
    for offer in s.offers:
        ok = (
            s.phase == "actions"
            and conscious(s, offer["from"])
            and conscious(s, offer["to"])
            and all(c in s.hands[offer["from"]] or c in s.tables[offer["from"]] for c in offer["give"])
            and all(e in KINDS or e in s.tables[offer["to"]] for e in offer["take"])
        )
        if ok:
            keep.append(offer)
        else:
            ev.append(event("trade_lapsed", [offer["from"], offer["to"]], offer=offer["id"]))
    s.offers = keep


# -- the guard's checks -------------------------------------------------------------------------------
def check(s: State, seat: int, action: Action) -> None:
    kind = action["type"]
    if kind not in LEGAL:
        raise IllegalAction(f"There is no action '{kind}' in Lifeboat.")
    if not may_act(s, seat):
        raise IllegalAction("You cannot act now: your character is unconscious or dead.")
    if kind == "offer_trade":
        problem = offer_problem(s, seat, action)
        if problem:
            raise IllegalAction(problem)
        return
    if action not in LEGAL[kind](s, seat):
        raise IllegalAction(f"You cannot do that now ({kind.replace('_', ' ')}).")


# -- transitions ----------------------------------------------------------------------------------------
def t_keep(s: State, seat: int, a: Action, ev: Events) -> None:
    keep_card(s, seat, a["card"], ev)
    run_draft(s, ev)


def t_nothing(s: State, seat: int, a: Action, ev: Events) -> None:
    ev.append(event("did_nothing", seat=seat))
    action_done(s, ev)


def t_row(s: State, seat: int, a: Action, ev: Events) -> None:
    count = 2 + len(of_kind(s.tables[seat], "oar"))
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


def t_place_rowed(s: State, seat: int, a: Action, ev: Events) -> None:
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


def _attack(s: State, seat: int, a: Action, ev: Events, instant: bool) -> None:
    action = {k: a[k] for k in a}
    ev.append(event("attempt", seat=seat, action=action))
    if instant:
        consummate(s, action, seat, ev)
        action_done(s, ev)
        return
    s.window = Window("answer", [a["target"]], data={"attacker": seat, "action": action})
    s.step = "answer"


def t_swap(s: State, seat: int, a: Action, ev: Events) -> None:
    _attack(s, seat, a, ev, not conscious(s, a["target"]))


def t_mug(s: State, seat: int, a: Action, ev: Events) -> None:
    kid = CHARACTERS[s.chars[seat]].pickpocket and a["card"] == "hand"
    _attack(s, seat, a, ev, kid or not conscious(s, a["target"]))


def t_answer(s: State, seat: int, a: Action, ev: Events) -> None:
    window = s.window
    assert window is not None
    window.answer(seat, a["type"])
    ev.append(event("answered", seat=seat, answer=a["type"]))
    data = window.data
    s.window = None
    if a["type"] == "accept":
        consummate(s, data["action"], data["attacker"], ev)
        action_done(s, ev)
    else:
        start_fight(s, data["attacker"], seat, data["action"], ev)


def _window_answer(s: State, seat: int, a: Action, ev: Events) -> Window | None:
    window = s.window
    assert window is not None
    window.answer(seat, {k: v for k, v in a.items() if k != "type"})
    ev.append(event("window_answered", seat=seat, window=window.kind))
    return window if window.complete else None


def t_fight(s: State, seat: int, a: Action, ev: Events) -> None:
    if _window_answer(s, seat, a, ev):
        close_fight_round(s, ev)


def t_react(s: State, seat: int, a: Action, ev: Events) -> None:
    window = _window_answer(s, seat, a, ev)
    if window:
        resolve_overboard(s, window.data, window, ev)


def t_water(s: State, seat: int, a: Action, ev: Events) -> None:
    window = _window_answer(s, seat, a, ev)
    if window:
        resolve_thirst(s, window.data, window, ev)


def t_flare(s: State, seat: int, a: Action, ev: Events) -> None:
    fire_flare(s, seat, ev)


def t_parasol(s: State, seat: int, a: Action, ev: Events) -> None:
    card = held(s, seat, "parasol")[0]
    if card in s.hands[seat]:
        s.hands[seat].remove(card)
        s.tables[seat].append(card)
    s.open_cards.append(card)
    ev.append(event("parasol_opened", seat=seat, card=card))
    action_done(s, ev)


def t_medkit(s: State, seat: int, a: Action, ev: Events) -> None:
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


def t_compass(s: State, seat: int, a: Action, ev: Events) -> None:
    card = held(s, seat, "compass")[0]
    if card in s.hands[seat]:
        s.hands[seat].remove(card)
        s.tables[seat].append(card)
        ev.append(event("played", seat=seat, card=card, card_kind="compass", target=seat))
    use_compass(s, ev)
    decide_navigation(s, ev)


def t_navigate(s: State, seat: int, a: Action, ev: Events) -> None:
    navigate(s, a["card"], ev)


def t_play(s: State, seat: int, a: Action, ev: Events) -> None:
    card, target = a["card"], a["for"]
    s.hands[seat].remove(card)
    s.tables[target].append(card)
    if target != seat and KIND[card] == "life_preserver":
        s.lent = [card, seat, target]
    ev.append(event("played", seat=seat, card=card, card_kind=KIND[card], target=target))


def t_offer_trade(s: State, seat: int, a: Action, ev: Events) -> None:
    s.offers = [o for o in s.offers if not (o["from"] == seat and o["to"] == a["to"])]
    s.offer_seq += 1
    offer = {
        "id": f"offer-{s.offer_seq}",
        "from": seat,
        "to": a["to"],
        "give": list(a["give"]),
        "take": list(a["take"]),
    }
    s.offers.append(offer)
    ev.append(event("trade_offered", [seat, a["to"]], **{k: v for k, v in offer.items()}))


def t_answer_trade(s: State, seat: int, a: Action, ev: Events) -> None:
    offer = next(o for o in s.offers if o["id"] == a["offer"])
    s.offers.remove(offer)
    giver = offer["from"]
    pair = [giver, seat]
    if not a["accept"]:
        ev.append(event("trade_declined", pair, offer=offer["id"], seat=seat))
        return
    moved = trade_cards(s, offer)
    assert moved is not None
    given, taken = moved
    public: list[dict[str, Any]] = []
    hand_counts = {"given": 0, "taken": 0}
    for cards, src, dst, label in ((given, giver, seat, "given"), (taken, seat, giver, "taken")):
        for card in cards:
            if card in s.tables[src]:
                s.tables[src].remove(card)
                s.tables[dst].append(card)
                if s.lent is not None and s.lent[0] == card:
                    s.lent = None
                public.append({"card": card, "from": src, "to": dst})
            else:
                s.hands[src].remove(card)
                s.hands[dst].append(card)
                hand_counts[label] += 1
    ev.append(event("traded", seat=giver, target=seat, face_up=public, hand_cards=hand_counts))
    ev.append(event("traded_cards", pair, offer=offer["id"], given=given, taken=taken))


TRANSITIONS: dict[str, Callable[[State, int, Action, Events], None]] = {
    "keep": t_keep,
    "nothing": t_nothing,
    "row": t_row,
    "swap": t_swap,
    "mug": t_mug,
    "flare": t_flare,
    "parasol": t_parasol,
    "medkit": t_medkit,
    "place_rowed": t_place_rowed,
    "accept": t_answer,
    "refuse": t_answer,
    "fight": t_fight,
    "compass": t_compass,
    "navigate": t_navigate,
    "react": t_react,
    "water": t_water,
    "play": t_play,
    "offer_trade": t_offer_trade,
    "answer_trade": t_answer_trade,
}


# -- defaults -------------------------------------------------------------------------------------------
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


def describe(s: State, seat: int | None, a: Action) -> str:
    kind = a.get("type")

    def who(t: Any) -> str:
        return CHARACTERS[s.chars[t]].name if isinstance(t, int) and 0 <= t < s.n else str(t)

    def card(c: Any) -> str:
        if c in KIND:
            return KINDS[KIND[c]].name
        if c in NAVIGATION:
            return f"Navigation card {NAVIGATION[c].number}"
        return str(c)

    labels: dict[str, Callable[[], str]] = {
        "keep": lambda: f"Keep {card(a.get('card'))}",
        "nothing": lambda: "Do nothing",
        "row": lambda: "Row",
        "place_rowed": lambda: f"Put {len(a.get('to_stack', []))} card(s) on the Row stack",
        "swap": lambda: f"Change seats with {who(a.get('target'))}",
        "mug": lambda: (
            f"Mug {who(a.get('target'))} for a hand card"
            if a.get("card") == "hand"
            else f"Mug {who(a.get('target'))} for the {card(a.get('card'))}"
        ),
        "flare": lambda: "Fire the Flare Gun",
        "parasol": lambda: "Open the Parasol",
        "medkit": lambda: f"Use a Medical Kit on {who(a.get('target'))}",
        "accept": lambda: "Accept",
        "refuse": lambda: "Refuse (fight)",
        "fight": lambda: (
            "Stay out of the fight"
            if a.get("side") == "out"
            else f"Fight for the {a.get('side')}"
            + "".join(f", play {card(c)}" for c in a.get("weapons", []))
            + (", fire the Flare Gun" if a.get("flare") else "")
        ),
        "compass": lambda: "Use the Compass",
        "navigate": lambda: f"Play {card(a.get('card'))}",
        "react": lambda: (
            "React"
            + (
                ""
                if a.get("preserver") is None
                else ": put on the Life Preserver"
                if a.get("preserver") == "wear"
                else f": throw the Life Preserver to {who(a.get('preserver'))}"
            )
            + (f", use {len(a.get('buckets', []))} Bucket(s) of Chum" if a.get("buckets") else "")
            + (", rile the sharks" if a.get("rile") else "")
            + ("" if a.get("preserver") is not None or a.get("buckets") or a.get("rile") else ": nothing")
        ),
        "water": lambda: (
            "Give Water: " + (", ".join(f"{n} to {who(t)}" for t, n in a.get("cover", [])) or "none")
        ),
        "play": lambda: (
            f"Play {card(a.get('card'))} face up"
            + ("" if a.get("for") == seat else f" for {who(a.get('for'))}")
        ),
        "offer_trade": lambda: (
            f"Offer {who(a.get('to'))} a trade: give "
            + (", ".join(card(c) for c in a.get("give", [])) or "nothing")
            + " for "
            + (
                ", ".join(
                    card(c) if c in KIND else KINDS[c].name if c in KINDS else c for c in a.get("take", [])
                )
                or "nothing"
            )
        ),
        "answer_trade": lambda: ("Accept" if a.get("accept") else "Decline") + f" trade {a.get('offer')}",
    }
    label = labels.get(str(kind))
    return label() if label else str(kind)
