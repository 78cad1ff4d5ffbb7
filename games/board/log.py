"""The game log as readable sentences, newest first, under day (round) and phase headings.

Input is what the selector already built: the events of the latest actions that this seat may
read (`engine.events_for`). Nothing here widens that: a sentence only words its own event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import pgettext_lazy

from engine.lifeboat.data import KINDS, NAVIGATION
from engine.lifeboats.data import PLAYER_COLOURS
from games import i18n
from games.i18n import Translator, colour_name, island_name, names_of, pgettext
from games.i18n import gettext as _

from .lifeboat import card_name, character_name, navigation_summary, upper_first
from .lifeboats import PHASES as LIFEBOATS_PHASES
from .lifeboats import vote_question

Event = dict[str, Any]


@dataclass
class Section:
    heading: str
    lines: list[str] = field(default_factory=list)


WOUND_CAUSES = {
    "fight": pgettext_lazy("wound cause", "fight"),
    "fall": pgettext_lazy("wound cause", "fall"),
    "sharks": pgettext_lazy("wound cause", "sharks"),
    "thirst": pgettext_lazy("wound cause", "thirst"),
}
END_REASONS = {
    "land": pgettext_lazy("game end reason", "land"),
    "empty_boat": pgettext_lazy("game end reason", "empty boat"),
}
cause_name = names_of(WOUND_CAUSES)
#: Section headings by the phase keys the words classes give: Lifeboat's phases, Lifeboats' set-up
#: and phase 3 as a whole, and Lifeboats' other phases as its board names them.
PHASE_NAMES = {
    "Quartermaster": pgettext_lazy("lifeboat phase", "Quartermaster"),
    "Actions": pgettext_lazy("lifeboat phase", "Actions"),
    "Navigation": pgettext_lazy("lifeboat phase", "Navigation"),
    "Set-up": pgettext_lazy("lifeboats phase", "Set-up"),
    "changing_boats": pgettext_lazy("lifeboats phase", "Phase 3: changing boats"),
    **LIFEBOATS_PHASES,
}
phase_heading = names_of(PHASE_NAMES)
#: The phases whose sections are headed without the round.
SETUP_PHASES = frozenset({"Set-up", "setup_boats", "setup_black", "setup_figures"})


class _Words:
    """What both games' sentence makers share: the reader's language, found once per log, and
    the players as sentences name them, each worded once per log rather than once per line.

    The sentence methods alias `self.gettext`, `self.ngettext` and `self.pgettext` as `_`,
    `ngettext` and `pgettext`, the names the translation extractor looks for.
    """

    def __init__(self) -> None:
        translator = Translator()
        self.gettext = translator.gettext
        self.ngettext = translator.ngettext
        self.pgettext = translator.pgettext
        self._who: dict[Any, str] = {}
        self._Who: dict[Any, str] = {}

    def who(self, seat: Any) -> str:
        """A seat (or nobody) as a sentence names it."""
        name = self._who.get(seat)
        if name is None:
            name = self._who[seat] = self.seat_name(seat)
        return name

    def Who(self, seat: Any) -> str:
        """`who` at the start of a sentence."""
        name = self._Who.get(seat)
        if name is None:
            name = self._Who[seat] = upper_first(self.who(seat))
        return name

    def seat_name(self, seat: Any) -> str:
        raise NotImplementedError


# -- Lifeboat ---------------------------------------------------------------------------------
class LifeboatWords(_Words):
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
        super().__init__()
        self.me = view.get("seat")
        self.chars = [p["character"] for p in view["players"]]

    def seat_name(self, seat: Any) -> str:
        if seat is None:
            return _("nobody")
        if isinstance(seat, int) and 0 <= seat < len(self.chars):
            name = character_name(self.chars[seat])
            # Translators: the reader in a log sentence. May use %(name)s, the reader's character, where
            # "you" would need a verb form of its own (e.g. "%(name)s (te)").
            if seat == self.me:
                name = pgettext("log: the reader", "you") % {"name": name}
            return name
        if seat == self.me:
            return pgettext("log: the reader", "you") % {"name": ""}
        return str(seat)

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
        return _("Day %(day)s") % {"day": day}

    def card_list(self, cards: list[str]) -> str:
        return ", ".join(card_name(c) for c in cards) or self.gettext("nothing")

    def answers(self, answers: list[dict[str, Any]]) -> str:
        _, ngettext, pgettext = self.gettext, self.ngettext, self.pgettext
        parts = []
        for a in answers:
            ans = a.get("answer") or {}
            if "side" in ans:
                if ans["side"] == "out":
                    text = _("stayed out")
                elif ans["side"] == "attacker":
                    text = _("fights for the attacker")
                else:
                    text = _("fights for the defender")
                if ans.get("weapons"):
                    text = _("%(answer)s with %(cards)s") % {
                        "answer": text,
                        "cards": self.card_list(ans["weapons"]),
                    }
                if ans.get("flare"):
                    text = _("%(answer)s and fires the Flare Gun") % {"answer": text}
            elif "cover" in ans:
                given = ", ".join(
                    _("%(count)s Water to %(name)s") % {"count": n, "name": self.who(t)}
                    for t, n in ans["cover"]
                )
                text = _("gives %(water)s") % {"water": given} if given else _("gives no Water")
            elif "preserver" in ans:
                bits = []
                if ans.get("preserver") == "wear":
                    bits.append(_("puts on the Life Preserver"))
                elif ans.get("preserver") is not None:
                    bits.append(
                        _("throws the Life Preserver to %(name)s") % {"name": self.who(ans["preserver"])}
                    )
                if ans.get("buckets"):
                    n = len(ans["buckets"])
                    bits.append(
                        ngettext("uses %(count)d Bucket of Chum", "uses %(count)d Buckets of Chum", n)
                        % {"count": n}
                    )
                if ans.get("rile"):
                    bits.append(_("riles the sharks"))
                text = (" " + pgettext("log: joins two answers", "and") + " ").join(bits) or _("does nothing")
            else:
                text = _("answered")
            parts.append(f"{self.who(a['seat'])} {text}")
        return "; ".join(parts)

    def sentence(self, ev: Event) -> str | None:
        _, ngettext = self.gettext, self.ngettext
        k = ev["type"]
        w, W = self.who, self.Who
        seat = ev.get("seat")
        if k == "turn_started":
            return None
        if k == "quartermaster_skipped":
            return _("The Provisions deck is empty: nobody draws.")
        if k == "provisions_drawn":
            n = ev["count"]
            return ngettext("%(who)s drew %(count)d provision.", "%(who)s drew %(count)d provisions.", n) % {
                "who": W(seat),
                "count": n,
            }
        if k == "kept_card":
            return _("%(who)s kept %(card)s.") % {"who": W(seat), "card": card_name(ev["card"])}
        if k == "drafted":
            if ev.get("to") is None:
                return _("%(who)s took a card; nothing is passed on.") % {"who": W(seat)}
            n = ev["passed"]
            return ngettext(
                "%(who)s passed %(count)d card to %(to)s.", "%(who)s passed %(count)d cards to %(to)s.", n
            ) % {
                "who": W(seat),
                "count": n,
                "to": w(ev["to"]),
            }
        if k == "did_nothing":
            return _("%(who)s did nothing.") % {"who": W(seat)}
        if k == "rowed":
            n = ev["count"]
            return ngettext("%(who)s rowed (%(count)d card).", "%(who)s rowed (%(count)d cards).", n) % {
                "who": W(seat),
                "count": n,
            }
        if k == "rowing_cards":
            cards = "; ".join(navigation_summary(c) for c in ev["cards"])
            return _("%(who)s drew %(cards)s.") % {"who": W(seat), "cards": cards}
        if k == "placed_rowed":
            return _("%(who)s put %(stack)s on the Row stack and %(bottom)s at the bottom.") % {
                "who": W(seat),
                "stack": ev["to_stack"],
                "bottom": ev["to_bottom"],
            }
        if k == "placed_rowed_cards":
            stack = ", ".join(
                _("No. %(number)s") % {"number": NAVIGATION[c].number} if c in NAVIGATION else _("a card")
                for c in ev["to_stack"]
            )
            return _("%(who)s put %(stack)s on the Row stack.") % {
                "who": W(seat),
                "stack": stack or _("none"),
            }
        if k == "attempt":
            a = ev["action"]
            if a.get("type") == "swap":
                return _("%(who)s wants to change seats with %(target)s.") % {
                    "who": W(seat),
                    "target": w(a["target"]),
                }
            if a.get("card") == "hand":
                return _("%(who)s tries to mug %(target)s for a hand card.") % {
                    "who": W(seat),
                    "target": w(a["target"]),
                }
            return _("%(who)s tries to mug %(target)s for the %(card)s.") % {
                "who": W(seat),
                "target": w(a["target"]),
                "card": card_name(a.get("card", "")),
            }
        if k == "answered":
            if ev["answer"] == "accept":
                return _("%(who)s accepted.") % {"who": W(seat)}
            return _("%(who)s refused: a fight.") % {"who": W(seat)}
        if k == "swapped":
            return _("%(who)s and %(target)s changed seats.") % {"who": W(seat), "target": w(ev["target"])}
        if k == "mug_empty":
            return _("%(who)s mugged %(target)s but the hand was empty.") % {
                "who": W(seat),
                "target": w(ev["target"]),
            }
        if k == "mugged_hand_card":
            return _("%(who)s mugged %(target)s and took a hand card.") % {
                "who": W(seat),
                "target": w(ev["target"]),
            }
        if k == "mug_took":
            return _("%(who)s took %(card)s from %(target)s.") % {
                "who": W(seat),
                "card": card_name(ev["card"]),
                "target": w(ev["target"]),
            }
        if k == "mugged_card":
            return _("%(who)s mugged %(target)s for the %(card)s.") % {
                "who": W(seat),
                "target": w(ev["target"]),
                "card": card_name(ev["card"]),
            }
        if k == "mug_missed":
            return _("%(who)s mugged %(target)s, but the %(card)s was gone.") % {
                "who": W(seat),
                "target": w(ev["target"]),
                "card": card_name(ev["card"]),
            }
        if k == "fight_started":
            return _("A fight: %(attacker)s against %(defender)s.") % {
                "attacker": w(ev["attacker"]),
                "defender": w(ev["defender"]),
            }
        if k == "fight_round":
            return _("Fight, round %(round)s: %(answers)s.") % {
                "round": ev["round"],
                "answers": self.answers(ev["answers"]),
            }
        if k == "fight_resolved":
            st = ev["strength"]
            winner = ev["attacker"] if ev["winner"] == "attacker" else ev["defender"]
            return _("%(who)s won the fight, %(attacker)s to %(defender)s.") % {
                "who": W(winner),
                "attacker": st["attacker"],
                "defender": st["defender"],
            }
        if k == "wounded":
            n = ev["amount"]
            values = {
                "who": W(seat),
                "count": n,
                "cause": cause_name(ev["cause"]),
                "wounds": ev["wounds"],
            }
            if ev["condition"] == "unconscious":
                return (
                    ngettext(
                        "%(who)s took %(count)d wound (%(cause)s): %(wounds)s now, unconscious.",
                        "%(who)s took %(count)d wounds (%(cause)s): %(wounds)s now, unconscious.",
                        n,
                    )
                    % values
                )
            if ev["condition"] == "dead":
                return (
                    ngettext(
                        "%(who)s took %(count)d wound (%(cause)s): %(wounds)s now, dead.",
                        "%(who)s took %(count)d wounds (%(cause)s): %(wounds)s now, dead.",
                        n,
                    )
                    % values
                )
            return (
                ngettext(
                    "%(who)s took %(count)d wound (%(cause)s): %(wounds)s now.",
                    "%(who)s took %(count)d wounds (%(cause)s): %(wounds)s now.",
                    n,
                )
                % values
            )
        if k == "flare_fired":
            return _("%(who)s fired the Flare Gun: birds now %(birds)s.") % {
                "who": W(seat),
                "birds": ev["birds"],
            }
        if k == "trade_lapsed":
            return _("A trade offer lapsed.")
        if k == "trade_offered":
            return _("%(who)s offered %(to)s %(give)s for %(take)s.") % {
                "who": W(ev["from"]),
                "to": w(ev["to"]),
                "give": self.card_list(ev["give"]),
                "take": self.card_list(ev["take"]),
            }
        if k == "trade_declined":
            return _("%(who)s declined a trade.") % {"who": W(seat)}
        if k == "traded":
            moved = ", ".join(card_name(m["card"]) for m in ev.get("face_up", []))
            hand = ev.get("hand_cards", {})
            n = hand.get("given", 0) + hand.get("taken", 0)
            values = {
                "who": W(seat),
                "target": w(ev["target"]),
                "hand": ngettext("%(count)d hand card", "%(count)d hand cards", n) % {"count": n},
                "cards": moved,
            }
            if moved:
                return _("%(who)s and %(target)s traded (%(hand)s; face up: %(cards)s).") % values
            return _("%(who)s and %(target)s traded (%(hand)s).") % values
        if k == "traded_cards":
            return _("In the trade: %(given)s for %(taken)s.") % {
                "given": self.card_list(ev["given"]),
                "taken": self.card_list(ev["taken"]),
            }
        if k == "navigator":
            n = ev["row_stack"]
            return ngettext(
                "%(who)s navigates, with %(count)d card on the Row stack.",
                "%(who)s navigates, with %(count)d cards on the Row stack.",
                n,
            ) % {"who": W(seat), "count": n}
        if k == "compass_used":
            return _("%(who)s used the Compass.") % {"who": W(seat)}
        if k == "compass_card":
            return _("The Compass added %(card)s.") % {"card": navigation_summary(ev["card"])}
        if k == "navigation_played":
            return _("%(who)s played %(card)s.") % {"who": W(seat), "card": navigation_summary(ev["card"])}
        if k == "birds":
            if ev["change"] > 0:
                return _("A bird: birds now %(birds)s.") % {"birds": ev["birds"]}
            return _("A crossed-out bird: birds now %(birds)s.") % {"birds": ev["birds"]}
        if k == "overboard":
            return _("Overboard: %(names)s.") % {
                "names": ", ".join(w(s) for s in ev["fallers"]) or _("nobody")
            }
        if k == "reactions":
            return _("Reactions: %(answers)s.") % {"answers": self.answers(ev["answers"])}
        if k == "buckets_used":
            return _("Chum in the water: sharks bite %(sharks)s.") % {"sharks": ev["sharks"]}
        if k == "cards_lost_overboard":
            return _("%(who)s lost %(cards)s overboard.") % {
                "who": W(seat),
                "cards": self.card_list(ev["cards"]),
            }
        if k == "drowned":
            return _("%(who)s drowned.") % {"who": W(seat)}
        if k == "preserver_returned":
            return _("The Life Preserver went back from %(borrower)s to %(owner)s.") % {
                "borrower": w(ev["borrower"]),
                "owner": w(seat),
            }
        if k == "body_removed":
            return _("%(who)s: the body left the boat.") % {"who": W(seat)}
        if k == "parasol_shade":
            return _("%(who)s stayed cool under the Parasol.") % {"who": W(seat)}
        if k == "thirst":
            names = ", ".join(f"{w(int(s))} ({n})" for s, n in ev["thirst"].items())
            return _("Thirsty: %(names)s.") % {"names": names or _("nobody")}
        if k == "water_pledges":
            return _("Water: %(answers)s.") % {"answers": self.answers(ev["answers"])}
        if k == "water_drunk":
            if ev["by"] == seat:
                return _("%(who)s drank Water.") % {"who": W(seat)}
            return _("%(who)s drank Water from %(giver)s.") % {"who": W(seat), "giver": w(ev["by"])}
        if k == "window_answered":
            return _("%(who)s answered.") % {"who": W(seat)}
        if k == "parasol_opened":
            return _("%(who)s opened the Parasol.") % {"who": W(seat)}
        if k == "healed":
            return _("%(who)s used a Medical Kit on %(target)s.") % {
                "who": W(seat),
                "target": w(ev["target"]),
            }
        if k == "played":
            kind = (
                i18n.provision_name(ev["card_kind"])
                if ev.get("card_kind") in KINDS
                else card_name(ev["card"])
            )
            if ev.get("target") == seat:
                return _("%(who)s played %(card)s face up.") % {"who": W(seat), "card": kind}
            return _("%(who)s played %(card)s face up for %(target)s.") % {
                "who": W(seat),
                "card": kind,
                "target": w(ev["target"]),
            }
        if k == "game_over":
            reason = str(ev.get("reason", ""))
            return _("The game is over (%(reason)s).") % {
                "reason": END_REASONS.get(reason, reason.replace("_", " "))
            }
        return None


# -- Lifeboats --------------------------------------------------------------------------------
class LifeboatsWords(_Words):
    """Sentences for Lifeboats' events (players by name and colour, the viewer as "you")."""

    def __init__(self, view: dict[str, Any], names: dict[int, str]) -> None:
        super().__init__()
        self.me = view.get("seat")
        self.names = names

    def seat_name(self, seat: Any) -> str:
        if seat is None:
            return _("nobody")
        if isinstance(seat, int) and 0 <= seat < len(PLAYER_COLOURS):
            name = self.names[seat] if seat in self.names else _("Seat %(n)s") % {"n": seat}
            if seat == self.me:
                return pgettext("log: the reader", "you") % {"name": name}
            return f"{name} ({colour_name(PLAYER_COLOURS[seat])})"
        if seat == self.me:
            return pgettext("log: the reader", "you") % {"name": ""}
        return str(seat)

    DAY_EVENT = "start_marker"
    DAY_KEY = "round"

    def day_heading(self, day: int) -> str:
        return _("Round %(round)s") % {"round": day}

    def phase_of(self, ev: Event) -> str | None:
        k = ev["type"]
        if k in {"start_player", "boat_placed"}:
            return "Set-up"
        if k in {"crews_placed", "figure_placed"}:
            return "setup_figures"
        if k in {"vote_opened", "vote_not_held"}:
            vote = ev.get("vote", "")
            return vote if vote in LIFEBOATS_PHASES else None
        if k in {"leak", "boat_full", "ejected"}:
            return "leak"
        if k in {"moved", "landed"}:
            return "move"
        if k in {"jumped_out", "jump_skipped"}:
            return "changing_boats"
        return None

    def choice(self, card: Any, vote: str) -> str:
        _ = self.gettext
        if card is None:
            return _("no card")
        if card == "hat":
            return _("a captain's hat")
        if vote == "eject" and card in PLAYER_COLOURS:
            return self.who(PLAYER_COLOURS.index(card))
        return _("the %(colour)s boat") % {"colour": colour_name(card)}

    def sentence(self, ev: Event) -> str | None:
        _ = self.gettext
        k = ev["type"]
        seat = ev.get("seat")
        boat = colour_name(ev["boat"]) if "boat" in ev else ""
        values = {"who": self.Who(seat), "boat": boat}
        text = self._sentence(k, ev, values)
        if text is not None and k in self.AUTO:
            if ev.get("auto"):
                return _("%(sentence)s (the only choice).") % {"sentence": text}
            return _("%(sentence)s.") % {"sentence": text}
        return text

    #: Events whose sentence notes that the move was the only choice.
    AUTO = frozenset({"boat_placed", "figure_placed", "jumped_out", "jumped_in"})

    def _sentence(self, k: str, ev: Event, values: dict[str, Any]) -> str | None:
        _, ngettext = self.gettext, self.ngettext
        w = self.who
        seat = ev.get("seat")
        if k == "start_player":
            order = ", ".join(w(s) for s in ev["turn_order"])
            if seat == self.me:
                return _("You start; turn order %(order)s.") % {"order": order}
            return _("%(who)s starts; turn order %(order)s.") % {**values, "order": order}
        if k == "boat_placed":
            return _("%(who)s placed the %(boat)s boat in lane %(lane)s") % {**values, "lane": ev["lane"]}
        if k == "figure_placed":
            if ev["rank"] == "officer":
                return _("%(who)s put an officer into the %(boat)s boat") % values
            return _("%(who)s put a sailor into the %(boat)s boat") % values
        if k == "crews_placed":
            return _("All crews are aboard.")
        if k == "vote_opened":
            return _("A vote: %(question)s.") % {"question": vote_question(ev["vote"])}
        if k == "vote_not_held":
            return _("No vote needed: %(result)s.") % {"result": self.choice(ev["result"], ev["vote"])}
        if k == "vote_cast":
            return _("%(who)s cast a card.") % values
        if k == "you_cast":
            return _("%(who)s cast %(card)s.") % {**values, "card": self.choice(ev["card"], ev["vote"])}
        if k == "votes_revealed":
            vote = ev.get("vote", "")
            ballots = "; ".join(
                f"{w(b['seat'])}: {self.choice(b['card'], vote)}" for b in ev.get("ballots", [])
            )
            text = _("Votes revealed: %(ballots)s.") % {"ballots": ballots or _("no cards")}
            if ev.get("hats_cancelled"):
                text += " " + _("The hats cancel out.")
            return text
        if k == "vote_decided":
            return _("%(who)s decided: %(result)s.") % {
                **values,
                "result": self.choice(ev["choice"], ev.get("vote", "")),
            }
        if k == "leak":
            return _("The %(boat)s boat springs a leak.") % values
        if k == "boat_full":
            return _("The %(boat)s boat is full: someone must leave.") % values
        if k == "ejected":
            if ev["rank"] == "officer":
                return _("%(who)s lost an officer from the %(boat)s boat.") % values
            return _("%(who)s lost a sailor from the %(boat)s boat.") % values
        if k == "moved":
            return _("The %(boat)s boat moved to row %(row)s.") % {**values, "row": ev["position"]}
        if k == "landed":
            n = len(ev.get("figures", []))
            return ngettext(
                "The %(boat)s boat landed on the %(island)s (harbour %(harbour)s, %(count)d figure ashore).",
                "The %(boat)s boat landed on the %(island)s (harbour %(harbour)s, %(count)d figures ashore).",
                n,
            ) % {**values, "island": island_name(ev["island"]), "harbour": ev["harbour"], "count": n}
        if k == "sunk":
            n = len(ev.get("figures", []))
            return ngettext(
                "The %(boat)s boat sank with %(count)d figure.",
                "The %(boat)s boat sank with %(count)d figures.",
                n,
            ) % {**values, "count": n}
        if k == "jumped_out":
            if ev["rank"] == "officer":
                return _("%(who)s took an officer out of the %(boat)s boat") % values
            return _("%(who)s took a sailor out of the %(boat)s boat") % values
        if k == "jumped_in":
            if ev["rank"] == "officer":
                return _("%(who)s: the officer boarded the %(boat)s boat") % values
            return _("%(who)s: the sailor boarded the %(boat)s boat") % values
        if k == "jump_skipped":
            return _("%(who)s had no figure to move.") % values
        if k == "drowned":
            if ev["rank"] == "officer":
                return _("%(who)s: an officer found no seat and drowned.") % values
            return _("%(who)s: a sailor found no seat and drowned.") % values
        if k == "phase_skipped":
            return _("Nobody is at sea: no changing boats.")
        if k == "start_marker":
            if seat == self.me:
                return _("You now start.")
            return _("%(who)s now starts.") % values
        if k == "leak_supply_exceeded":
            return _("%(in_play)s leaks are in play, more than the %(box)s in the box.") % {
                "in_play": ev["in_play"],
                "box": ev["box"],
            }
        if k == "game_over":
            return _("The game is over.")
        return None


def sections(
    slug: str, events: list[Event], view: dict[str, Any] | None, names: dict[int, str]
) -> list[Section]:
    """The log in sections, newest section first and newest line first within each."""
    if view is None:
        return []
    words: Any = LifeboatWords(view) if slug == "lifeboat" else LifeboatsWords(view, names)
    # The window may start mid-game: count back from the view's day (turn or round).
    day_event, phase_of, sentence = words.DAY_EVENT, words.phase_of, words.sentence
    day = view.get(words.DAY_KEY, 0) - sum(1 for ev in events if ev["type"] == day_event)
    out: list[Section] = []
    phase: str | None = None
    headings: dict[tuple[Any, Any], str] = {}  # translated once per (day, phase), not per line
    for ev in events:
        if ev["type"] == day_event:
            day, phase = ev[words.DAY_KEY], None
        phase = phase_of(ev) or phase
        text = sentence(ev)
        if text is None:
            continue
        heading = headings.get((day, phase))
        if heading is None:
            day_text = words.day_heading(day) if day > 0 and phase not in SETUP_PHASES else ""
            phase_text = phase_heading(phase) if phase else ""
            heading = " · ".join(x for x in (day_text, phase_text) if x) or pgettext("log phase", "Earlier")
            headings[(day, phase)] = heading
        if not out or out[-1].heading != heading:
            out.append(Section(heading))
        out[-1].lines.append(text)
    for section in out:
        section.lines.reverse()
    out.reverse()
    return out
