"""The game log as readable sentences, newest first, under day (round) and phase headings.

Input is what the selector already built: the events of the latest actions that this seat may
read (`engine.events_for`). Nothing here widens that: a sentence only words its own event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.lifeboat.data import KINDS, NAVIGATION
from engine.lifeboats.data import PLAYER_COLOURS
from games.i18n import colour_name

from .lifeboat import card_name, character_name, navigation_summary, upper_first
from .lifeboats import PHASES as LIFEBOATS_PHASES
from .lifeboats import VOTES, with_article

Event = dict[str, Any]


@dataclass
class Section:
    heading: str
    lines: list[str] = field(default_factory=list)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cards(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards) or "nothing"


# -- Lifeboat ---------------------------------------------------------------------------------
class LifeboatWords:
    """Sentences for Lifeboat's events, as seen by `me` (characters by name, the viewer as "you")."""

    QUARTERMASTER = frozenset({"provisions_drawn", "kept_card", "drafted", "quartermaster_skipped"})
    NAVIGATION = frozenset(
        {
            "navigator",
            "compass_used",
            "compass_card",
            "navigation_played",
            "birds",
            "overboard",
            "reactions",
            "buckets_used",
            "cards_lost_overboard",
            "drowned",
            "preserver_returned",
            "body_removed",
            "parasol_shade",
            "thirst",
            "water_pledges",
            "water_drunk",
        }
    )
    NEUTRAL = frozenset(
        {
            "wounded",
            "window_answered",
            "trade_offered",
            "trade_declined",
            "trade_lapsed",
            "traded",
            "traded_cards",
            "played",
            "game_over",
            "turn_started",
        }
    )

    def __init__(self, view: dict[str, Any]) -> None:
        self.me = view.get("seat")
        self.chars = [p["character"] for p in view["players"]]

    def who(self, seat: Any) -> str:
        if seat is None:
            return "nobody"
        if seat == self.me:
            return "you"
        if isinstance(seat, int) and 0 <= seat < len(self.chars):
            return character_name(self.chars[seat])
        return str(seat)

    def Who(self, seat: Any) -> str:
        return upper_first(self.who(seat))

    def phase_of(self, ev: Event) -> str | None:
        kind = ev["type"]
        if kind in self.QUARTERMASTER:
            return "Quartermaster"
        if kind in self.NAVIGATION:
            return "Navigation"
        if kind in self.NEUTRAL:
            return None
        return "Actions"

    DAY_EVENT = "turn_started"
    DAY_KEY = "turn"

    def day_heading(self, day: int) -> str:
        return f"Day {day}"

    def answers(self, answers: list[dict[str, Any]]) -> str:
        parts = []
        for a in answers:
            ans = a.get("answer") or {}
            if "side" in ans:
                text = "stayed out" if ans["side"] == "out" else f"fights for the {ans['side']}"
                if ans.get("weapons"):
                    text += f" with {_cards(ans['weapons'])}"
                if ans.get("flare"):
                    text += " and fires the Flare Gun"
            elif "cover" in ans:
                text = "gives " + (
                    ", ".join(f"{n} Water to {self.who(t)}" for t, n in ans["cover"]) or "no Water"
                )
            elif "preserver" in ans:
                bits = []
                if ans.get("preserver") == "wear":
                    bits.append("puts on the Life Preserver")
                elif ans.get("preserver") is not None:
                    bits.append(f"throws the Life Preserver to {self.who(ans['preserver'])}")
                if ans.get("buckets"):
                    bits.append(f"uses {_plural(len(ans['buckets']), 'Bucket')} of Chum")
                if ans.get("rile"):
                    bits.append("riles the sharks")
                text = " and ".join(bits) or "does nothing"
            else:
                text = "answered"
            parts.append(f"{self.who(a['seat'])} {text}")
        return "; ".join(parts)

    def sentence(self, ev: Event) -> str | None:
        k = ev["type"]
        w, W = self.who, self.Who
        seat = ev.get("seat")
        if k == "turn_started":
            return None
        if k == "quartermaster_skipped":
            return "The Provisions deck is empty: nobody draws."
        if k == "provisions_drawn":
            return f"{W(seat)} drew {_plural(ev['count'], 'provision')}."
        if k == "kept_card":
            return f"{W(seat)} kept {card_name(ev['card'])}."
        if k == "drafted":
            if ev.get("to") is None:
                return f"{W(seat)} took a card; nothing is passed on."
            return f"{W(seat)} passed {_plural(ev['passed'], 'card')} to {w(ev['to'])}."
        if k == "did_nothing":
            return f"{W(seat)} did nothing."
        if k == "rowed":
            return f"{W(seat)} rowed ({_plural(ev['count'], 'card')})."
        if k == "rowing_cards":
            return f"{W(seat)} drew " + "; ".join(navigation_summary(c) for c in ev["cards"]) + "."
        if k == "placed_rowed":
            return f"{W(seat)} put {ev['to_stack']} on the Row stack and {ev['to_bottom']} at the bottom."
        if k == "placed_rowed_cards":
            stack = ", ".join(
                f"No. {NAVIGATION[c].number}" if c in NAVIGATION else "a card" for c in ev["to_stack"]
            )
            stack = stack or "none"
            return f"{W(seat)} put {stack} on the Row stack."
        if k == "attempt":
            a = ev["action"]
            if a.get("type") == "swap":
                return f"{W(seat)} wants to change seats with {w(a['target'])}."
            what = "a hand card" if a.get("card") == "hand" else f"the {card_name(a.get('card', ''))}"
            return f"{W(seat)} tries to mug {w(a['target'])} for {what}."
        if k == "answered":
            return f"{W(seat)} {'accepted' if ev['answer'] == 'accept' else 'refused: a fight'}."
        if k == "swapped":
            return f"{W(seat)} and {w(ev['target'])} changed seats."
        if k == "mug_empty":
            return f"{W(seat)} mugged {w(ev['target'])} but the hand was empty."
        if k == "mugged_hand_card":
            return f"{W(seat)} mugged {w(ev['target'])} and took a hand card."
        if k == "mug_took":
            return f"{W(seat)} took {card_name(ev['card'])} from {w(ev['target'])}."
        if k == "mugged_card":
            return f"{W(seat)} mugged {w(ev['target'])} for the {card_name(ev['card'])}."
        if k == "mug_missed":
            return f"{W(seat)} mugged {w(ev['target'])}, but the {card_name(ev['card'])} was gone."
        if k == "fight_started":
            return f"A fight: {w(ev['attacker'])} against {w(ev['defender'])}."
        if k == "fight_round":
            return f"Fight, round {ev['round']}: {self.answers(ev['answers'])}."
        if k == "fight_resolved":
            st = ev["strength"]
            winner = ev["attacker"] if ev["winner"] == "attacker" else ev["defender"]
            return f"{W(winner)} won the fight, {st['attacker']} to {st['defender']}."
        if k == "wounded":
            state = {"conscious": "", "unconscious": ", unconscious", "dead": ", dead"}.get(
                ev["condition"], ""
            )
            return (
                f"{W(seat)} took {_plural(ev['amount'], 'wound')} ({ev['cause']}): {ev['wounds']} now{state}."
            )
        if k == "flare_fired":
            return f"{W(seat)} fired the Flare Gun: birds now {ev['birds']}."
        if k == "trade_lapsed":
            return "A trade offer lapsed."
        if k == "trade_offered":
            return f"{W(ev['from'])} offered {w(ev['to'])} {_cards(ev['give'])} for {_cards(ev['take'])}."
        if k == "trade_declined":
            return f"{W(seat)} declined a trade."
        if k == "traded":
            moved = ", ".join(card_name(m["card"]) for m in ev.get("face_up", []))
            hand = ev.get("hand_cards", {})
            n = hand.get("given", 0) + hand.get("taken", 0)
            extra = f"; face up: {moved}" if moved else ""
            return f"{W(seat)} and {w(ev['target'])} traded ({_plural(n, 'hand card')}{extra})."
        if k == "traded_cards":
            return f"In the trade: {_cards(ev['given'])} for {_cards(ev['taken'])}."
        if k == "navigator":
            return f"{W(seat)} navigates, with {_plural(ev['row_stack'], 'card')} on the Row stack."
        if k == "compass_used":
            return f"{W(seat)} used the Compass."
        if k == "compass_card":
            return f"The Compass added {navigation_summary(ev['card'])}."
        if k == "navigation_played":
            return f"{W(seat)} played {navigation_summary(ev['card'])}."
        if k == "birds":
            return f"{'A bird' if ev['change'] > 0 else 'A crossed-out bird'}: birds now {ev['birds']}."
        if k == "overboard":
            return "Overboard: " + (", ".join(w(s) for s in ev["fallers"]) or "nobody") + "."
        if k == "reactions":
            return f"Reactions: {self.answers(ev['answers'])}."
        if k == "buckets_used":
            return f"Chum in the water: sharks bite {ev['sharks']}."
        if k == "cards_lost_overboard":
            return f"{W(seat)} lost {_cards(ev['cards'])} overboard."
        if k == "drowned":
            return f"{W(seat)} drowned."
        if k == "preserver_returned":
            return f"The Life Preserver went back from {w(ev['borrower'])} to {w(seat)}."
        if k == "body_removed":
            return f"{W(seat)}: the body left the boat."
        if k == "parasol_shade":
            return f"{W(seat)} stayed cool under the Parasol."
        if k == "thirst":
            return (
                "Thirsty: "
                + (", ".join(f"{w(int(s))} ({n})" for s, n in ev["thirst"].items()) or "nobody")
                + "."
            )
        if k == "water_pledges":
            return f"Water: {self.answers(ev['answers'])}."
        if k == "water_drunk":
            return f"{W(seat)} drank Water" + ("" if ev["by"] == seat else f" from {w(ev['by'])}") + "."
        if k == "window_answered":
            return f"{W(seat)} answered."
        if k == "parasol_opened":
            return f"{W(seat)} opened the Parasol."
        if k == "healed":
            return f"{W(seat)} used a Medical Kit on {w(ev['target'])}."
        if k == "played":
            kind = KINDS[ev["card_kind"]].name if ev.get("card_kind") in KINDS else card_name(ev["card"])
            target = "" if ev.get("target") == seat else f" for {w(ev['target'])}"
            return f"{W(seat)} played {kind} face up{target}."
        if k == "game_over":
            return f"The game is over ({str(ev.get('reason', '')).replace('_', ' ')})."
        return None


# -- Lifeboats --------------------------------------------------------------------------------
class LifeboatsWords:
    """Sentences for Lifeboats' events (players by name and colour, the viewer as "you")."""

    VOTE_PHASE = {"leak": "leak", "eject": "eject", "move": "move"}

    def __init__(self, view: dict[str, Any], names: dict[int, str]) -> None:
        self.me = view.get("seat")
        self.names = names

    def who(self, seat: Any) -> str:
        if seat is None:
            return "nobody"
        if seat == self.me:
            return "you"
        if isinstance(seat, int) and 0 <= seat < len(PLAYER_COLOURS):
            return f"{self.names.get(seat, f'Seat {seat}')} ({colour_name(PLAYER_COLOURS[seat])})"
        return str(seat)

    def Who(self, seat: Any) -> str:
        return upper_first(self.who(seat))

    DAY_EVENT = "start_marker"
    DAY_KEY = "round"

    def day_heading(self, day: int) -> str:
        return f"Round {day}"

    def phase_of(self, ev: Event) -> str | None:
        k = ev["type"]
        if k in {"start_player", "boat_placed"}:
            return "Set-up"
        if k == "crews_placed":
            return LIFEBOATS_PHASES["setup_figures"]
        if k == "figure_placed":
            return LIFEBOATS_PHASES["setup_figures"]
        if k in {"vote_opened", "vote_not_held"}:
            return LIFEBOATS_PHASES.get(ev.get("vote", ""))
        if k in {"leak", "boat_full", "ejected"}:
            return LIFEBOATS_PHASES["leak"]
        if k in {"moved", "landed"}:
            return LIFEBOATS_PHASES["move"]
        if k in {"jumped_out", "jump_skipped"}:
            return "Phase 3: changing boats"
        return None

    def choice(self, card: Any, vote: str) -> str:
        if card is None:
            return "no card"
        if card == "hat":
            return "a captain's hat"
        if vote == "eject" and card in PLAYER_COLOURS:
            return self.who(PLAYER_COLOURS.index(card))
        return f"the {colour_name(card)} boat"

    def sentence(self, ev: Event) -> str | None:
        k = ev["type"]
        w, W = self.who, self.Who
        seat = ev.get("seat")
        auto = " (the only choice)" if ev.get("auto") else ""
        if k == "start_player":
            return (
                f"{W(seat)} start{'' if seat == self.me else 's'}; turn order "
                + ", ".join(w(s) for s in ev["turn_order"])
                + "."
            )
        if k == "boat_placed":
            return f"{W(seat)} placed the {colour_name(ev['boat'])} boat in lane {ev['lane']}{auto}."
        if k == "figure_placed":
            return f"{W(seat)} put {with_article(ev['rank'])} into the {colour_name(ev['boat'])} boat{auto}."
        if k == "crews_placed":
            return "All crews are aboard."
        if k == "vote_opened":
            return f"A vote: {VOTES.get(ev['vote'], ev['vote'])}."
        if k == "vote_not_held":
            return f"No vote needed: {self.choice(ev['result'], ev['vote'])}."
        if k == "vote_cast":
            return f"{W(seat)} cast a card."
        if k == "you_cast":
            return f"{W(seat)} cast {self.choice(ev['card'], ev['vote'])}."
        if k == "votes_revealed":
            vote = ev.get("vote", "")
            ballots = "; ".join(
                f"{w(b['seat'])}: {self.choice(b['card'], vote)}" for b in ev.get("ballots", [])
            )
            text = f"Votes revealed: {ballots or 'no cards'}."
            if ev.get("hats_cancelled"):
                text += " The hats cancel out."
            return text
        if k == "vote_decided":
            return f"{W(seat)} decided: {self.choice(ev['choice'], ev.get('vote', ''))}."
        if k == "leak":
            return f"The {colour_name(ev['boat'])} boat springs a leak."
        if k == "boat_full":
            return f"The {colour_name(ev['boat'])} boat is full: someone must leave."
        if k == "ejected":
            return f"{W(seat)} lost {with_article(ev['rank'])} from the {colour_name(ev['boat'])} boat."
        if k == "moved":
            return f"The {colour_name(ev['boat'])} boat moved to row {ev['position']}."
        if k == "landed":
            return (
                f"The {colour_name(ev['boat'])} boat landed on the {ev['island']} island "
                f"(harbour {ev['harbour']}, {_plural(len(ev.get('figures', [])), 'figure')} ashore)."
            )
        if k == "sunk":
            lost = _plural(len(ev.get("figures", [])), "figure")
            return f"The {colour_name(ev['boat'])} boat sank with {lost}."
        if k == "jumped_out":
            return (
                f"{W(seat)} took {with_article(ev['rank'])} out of the {colour_name(ev['boat'])} boat{auto}."
            )
        if k == "jumped_in":
            return f"{W(seat)}: the {ev['rank']} boarded the {colour_name(ev['boat'])} boat{auto}."
        if k == "jump_skipped":
            return f"{W(seat)} had no figure to move."
        if k == "drowned":
            return f"{W(seat)}: {with_article(ev['rank'])} found no seat and drowned."
        if k == "phase_skipped":
            return "Nobody is at sea: no changing boats."
        if k == "start_marker":
            return f"{W(seat)} now start{'' if seat == self.me else 's'}."
        if k == "leak_supply_exceeded":
            return f"{ev['in_play']} leaks are in play, more than the {ev['box']} in the box."
        if k == "game_over":
            return "The game is over."
        return None


def sections(
    slug: str, events: list[Event], view: dict[str, Any] | None, names: dict[int, str]
) -> list[Section]:
    """The log in sections, newest section first and newest line first within each."""
    if view is None:
        return []
    words: Any = LifeboatWords(view) if slug == "lifeboat" else LifeboatsWords(view, names)
    # The window may start mid-game: count back from the view's day (turn or round).
    day = view.get(words.DAY_KEY, 0) - sum(1 for ev in events if ev["type"] == words.DAY_EVENT)
    out: list[Section] = []
    phase: str | None = None
    for ev in events:
        if ev["type"] == words.DAY_EVENT:
            day, phase = ev[words.DAY_KEY], None
        phase = words.phase_of(ev) or phase
        text = words.sentence(ev)
        if text is None:
            continue
        setup = phase is not None and phase.startswith("Set-up")
        day_text = words.day_heading(day) if day > 0 and not setup else ""
        heading = " · ".join(x for x in (day_text, phase or "") if x) or "Earlier"
        if not out or out[-1].heading != heading:
            out.append(Section(heading))
        out[-1].lines.append(text)
    for section in out:
        section.lines.reverse()
    out.reverse()
    return out
