"""What one seat may know now (`view`) and the ids it must not see (`secrets_from`)."""

from __future__ import annotations

from typing import Any

from .board import condition, participant_side, size
from .data import CHARACTERS, KIND, NAVIGATION
from .flow import to_act
from .scoring import score_sheet, state_scores
from .state import State


def _card(s: State, card: str) -> dict[str, Any]:
    out: dict[str, Any] = {"id": card, "kind": KIND[card]}
    if card in s.open_cards:
        out["open"] = True
    return out


def _nav(card: str | None) -> dict[str, Any] | None:
    if card is None:
        return None
    nav = NAVIGATION[card]
    return {
        "id": card,
        "number": nav.number,
        "overboard": "all" if nav.overboard == ("*",) else list(nav.overboard),
        "bird": nav.bird,
        "thirsty": ("all but " if nav.thirsty_all else "") + " ".join(nav.thirsty)
        if nav.thirsty
        else ("all" if nav.thirsty_all else "nobody"),
        "fight": nav.fight,
        "oar": nav.oar,
    }


def _window(s: State, viewer: int | None, over: bool) -> dict[str, Any] | None:
    window = s.window
    if window is None or over:
        return None
    out = window.view(viewer)
    data = window.data
    if window.kind == "fight":
        out["attacker"] = data["attacker"]
        out["defender"] = data["defender"]
        out["sides"] = {k: list(v) for k, v in data["sides"].items()}
        out["flares"] = list(data["flares"])
        out["round"] = data["round"]
        out["action"] = dict(data["action"])
    elif window.kind == "answer":
        out["attacker"] = data["attacker"]
        out["action"] = dict(data["action"])
    elif window.kind == "react":
        out["fallers"] = list(data["fallers"])
    elif window.kind == "thirst":
        out["thirst"] = dict(data["thirst"])
    return out


def view(s: State, seat: int | None) -> dict[str, Any]:
    over = s.phase == "over"
    players = []
    for p in range(s.n):
        char = CHARACTERS[s.chars[p]]
        players.append(
            {
                "seat": p,
                "character": char.slug,
                "name": char.name,
                "size": size(s, p),
                "survival": char.survival,
                "wounds": s.wounds[p],
                "condition": condition(s, p),
                "in_boat": p in s.boat,
                "table": [_card(s, c) for c in s.tables[p]],
                "hand_size": len(s.hands[p]),
                "rowed": s.rowed[p],
                "fought": s.fought[p],
            }
        )
    out: dict[str, Any] = {
        "seat": seat,
        "phase": s.phase,
        "step": s.step,
        "turn": s.turn,
        "to_act": to_act(s),
        "options": dict(s.options),
        "birds": s.birds,
        "boat": list(s.boat),
        "players": players,
        "decks": {"provisions": len(s.provisions), "navigation": len(s.navigation)},
        "row_stack": len(s.row_stack),
        "discard": list(s.discard),
        "removed": list(s.removed),
        "navigator": s.navigator if s.navigator >= 0 else None,
        "navigation_card": _nav(s.played or s.last_played),
        "flare_reveal": list(s.flare_reveal),
        "row_log": [{"seat": e[0], "to_stack": len(e[1]), "to_bottom": len(e[2])} for e in s.row_log],
        "window": _window(s, seat, over),
        "actions": (
            {"order": list(s.order), "place": s.pos, "actor": s.order[s.pos]} if s.step == "act" else None
        ),
        "draft": (
            {"drafter": s.draft_order[s.draft_idx], "cards": len(s.draft)} if s.step == "draft" else None
        ),
        "rowing": {"rower": s.rower, "count": len(s.rowing)} if s.step == "row" else None,
    }
    if over:
        out["end_reason"] = s.end_reason
        out["scores"] = state_scores(s)
        out["score_sheet"] = score_sheet(s)
        for p, entry in enumerate(players):
            entry["hand"] = [_card(s, c) for c in s.hands[p]]
            entry["lost"] = list(s.lost[p])
            entry["love"] = s.love[p]
            entry["hate"] = s.hate[p]
        # the Row stack too: the Flare Gun's fourth bird ends the game before it is used
        out["deck_order"] = {
            "provisions": list(s.provisions),
            "navigation": list(s.navigation),
            "row_stack": list(s.row_stack),
        }
        out["me"] = None
        return out
    if seat is None:
        out["me"] = None
        return out
    me: dict[str, Any] = {
        "hand": [_card(s, c) for c in s.hands[seat]],
        "love": s.love[seat],
        "hate": s.hate[seat],
        "loves": s.love[seat].split("-", 1)[1],
        "hates": s.hate[seat].split("-", 1)[1],
        "offers": [
            dict(o, give=list(o["give"]), take=list(o["take"]))
            for o in s.offers
            if seat in (o["from"], o["to"])
        ],
    }
    if s.step == "draft" and s.draft_order[s.draft_idx] == seat:
        me["draft"] = list(s.draft)
    if s.step == "row" and s.rower == seat:
        me["rowing"] = list(s.rowing)
    mine = [e for e in s.row_log if e[0] == seat]
    if mine:
        me["rowed"] = [{"to_stack": list(e[1]), "to_bottom": list(e[2])} for e in mine]
    if s.step == "navigate" and s.navigator == seat:
        me["row_stack"] = list(s.row_stack)
    if s.step == "fight" and s.window is not None:
        me["fight_side"] = participant_side(s.window.data, seat)
    out["me"] = me
    return out


def known_navigation(s: State, seat: int | None) -> set[str]:
    known = set(s.flare_reveal)
    for card in (s.played, s.last_played):
        if card:
            known.add(card)
    if seat is None:
        return known
    if s.step == "row" and s.rower == seat:
        known.update(s.rowing)
    for entry in s.row_log:
        if entry[0] == seat:
            known.update(entry[1])
            known.update(entry[2])
    if s.step == "navigate" and s.navigator == seat:
        known.update(s.row_stack)
    return known


def secrets_from(s: State, seat: int | None) -> set[str]:
    if s.phase == "over":
        return set()
    secret: set[str] = set(s.provisions)
    offered: set[str] = set()
    if seat is not None:
        for offer in s.offers:
            if seat in (offer["from"], offer["to"]):
                offered.update(offer["give"])
                offered.update(offer["take"])
    for p in range(s.n):
        if p != seat:
            secret.update(c for c in s.hands[p] if c not in offered)
            secret.update(s.lost[p])
            secret.add(s.love[p])
            secret.add(s.hate[p])
    if not (seat is not None and s.step == "draft" and s.draft_order[s.draft_idx] == seat):
        secret.update(s.draft)
    nav = set(s.navigation) | set(s.row_stack) | set(s.rowing)
    secret |= nav - known_navigation(s, seat)
    return secret
