"""Cards played face up and trades: open to any conscious seat, not only the one waited for.

Playing face up: from hand, for one's own character or for an unconscious one in the boat, at any
moment but while fighting (fighters play weapons in their round answers). A Life Preserver played
for an unconscious character is his only until the Navigation card naming him overboard is
revealed: from then on in that turn it is too late to play it for him.

Trades, during the Actions phase outside fights and pending answers: an offer names the cards each
side gives (hand cards asked for by kind, face-up ones by id); a new offer to the same seat
replaces the old one; offers lapse when a named card moves away or a side is knocked out.
"""

from __future__ import annotations

from typing import Any

from ...core import event
from ...core.rules import Field
from ..board import (
    Action,
    Events,
    conscious,
    conscious_aboard,
    lapsed,
    of_kind,
    participant_side,
    unconscious,
)
from ..data import KIND, KINDS, NAVIGATION, VALUE
from ..state import State

MAX_OFFER_CARDS = 12


# -- playing a card face up ---------------------------------------------------------------------------
def legal_play(s: State, seat: int) -> list[Action]:
    if s.phase == "over" or not s.hands[seat] or not conscious(s, seat):
        return []
    if s.step == "fight" and s.window is not None and participant_side(s.window.data, seat) is not None:
        return []
    targets = [seat] + [t for t in s.boat if unconscious(s, t)]
    return [
        {"type": "play", "card": c, "for": t}
        for c in s.hands[seat]
        for t in targets
        if t == seat or not (KIND[c] == "life_preserver" and named_overboard(s, t))
    ]


def named_overboard(s: State, seat: int) -> bool:
    """The Navigation card revealed this turn names the seat's character overboard."""
    return s.played is not None and NAVIGATION[s.played].goes_overboard(s.chars[seat])


def apply_play(s: State, seat: int, a: Action, ev: Events) -> None:
    card, target = a["card"], a["for"]
    s.hands[seat].remove(card)
    s.tables[target].append(card)
    if target != seat and KIND[card] == "life_preserver":
        s.lent = [card, seat, target]
    ev.append(event("played", seat=seat, card=card, card_kind=KIND[card], target=target))


# -- trades ---------------------------------------------------------------------------------------------
def trading_open(s: State) -> bool:
    return s.phase == "actions" and s.step in ("act", "row")


def legal_offer_trade(s: State, seat: int) -> list[Action]:
    """Listed: one-card gifts from hand (any other offer is accepted when `offer_problem` is None)."""
    if not trading_open(s) or not conscious(s, seat):
        return []
    return [
        {"type": "offer_trade", "to": t, "give": [c], "take": []}
        for t in conscious_aboard(s)
        if t != seat
        for c in s.hands[seat]
    ]


#: the fields of a trade offer, exactly (checked by the guard before `offer_problem`)
OFFER_SHAPE: dict[str, Field] = {"to": int, "give": [str], "take": [str]}


def offer_problem(s: State, seat: int, action: Action) -> str | None:
    """Why a well-shaped trade offer is refused now; None when it is legal."""
    if not trading_open(s):
        return "Trades are made only during the Actions phase, outside fights and pending answers."
    if not conscious(s, seat):
        return "An unconscious character cannot trade."
    to, give, take = action["to"], action["give"], action["take"]
    if not 0 <= to < s.n or to == seat:
        return "Offer a trade to another seat."
    if not conscious(s, to):
        return "Trades are only with conscious characters."
    if not give and not take:
        return "A trade must move at least one card."
    if len(give) + len(take) > MAX_OFFER_CARDS:
        return "That trade names too many cards."
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


def apply_offer_trade(s: State, seat: int, a: Action, ev: Events) -> None:
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


def legal_answer_trade(s: State, seat: int) -> list[Action]:
    if not trading_open(s) or not conscious(s, seat):
        return []
    out: list[Action] = []
    for offer in s.offers:
        if offer["to"] == seat:
            if trade_cards(s, offer) is not None:
                out.append({"type": "answer_trade", "offer": offer["id"], "accept": True})
            out.append({"type": "answer_trade", "offer": offer["id"], "accept": False})
    return out


def apply_answer_trade(s: State, seat: int, a: Action, ev: Events) -> None:
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


def prune_offers(s: State, ev: Events) -> None:
    """After every action: offers whose cards moved away or whose sides fell lapse."""
    if not s.offers:
        return
    keep = []
    for offer in s.offers:
        if s.phase != "actions":
            reason = "phase_end"
        elif not (conscious(s, offer["from"]) and conscious(s, offer["to"])):
            reason = "knocked_out"
        elif not (
            all(c in s.hands[offer["from"]] or c in s.tables[offer["from"]] for c in offer["give"])
            and all(e in KINDS or e in s.tables[offer["to"]] for e in offer["take"])
        ):
            reason = "card_moved"
        else:
            keep.append(offer)
            continue
        ev.append(lapsed(offer, reason))
    s.offers = keep
