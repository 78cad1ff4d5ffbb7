"""Lifeboat's log sentences: one method per event type, characters by name, the reader as "you"."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from ..names import (
    FROM,
    OBJECT,
    SUBJECT,
    TO,
    WITH,
    card_list,
    card_name,
    character_name,
    navigation_line,
    provision_name,
)
from .words import Event, Words

PHASES = {
    "quartermaster": pgettext_lazy("lifeboat phase", "Quartermaster"),
    "actions": pgettext_lazy("lifeboat phase", "Actions"),
    "navigation": pgettext_lazy("lifeboat phase", "Navigation"),
}
#: Where a wound came from, as the end of "takes a wound ...".
WOUND_CAUSES = {
    "fight": pgettext_lazy("wound cause", "in the fight"),
    "fall": pgettext_lazy("wound cause", "from the fall"),
    "sharks": pgettext_lazy("wound cause", "from the sharks"),
    "thirst": pgettext_lazy("wound cause", "from thirst"),
}
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
ACTIONS = frozenset(
    {
        "did_nothing",
        "rowed",
        "rowing_cards",
        "placed_rowed",
        "placed_rowed_cards",
        "attempt",
        "answered",
        "swapped",
        "mug_empty",
        "mugged_hand_card",
        "mug_took",
        "mugged_card",
        "mug_missed",
        "fight_started",
        "fight_round",
        "fight_resolved",
        "flare_fired",
        "parasol_opened",
        "healed",
        "trade_offered",
        "trade_declined",
        "traded",
        "traded_cards",
    }
)


class LifeboatWords(Words):
    DAY_EVENT = "turn_started"
    DAY_KEY = "turn"
    SILENT = frozenset({"turn_started"})

    def character(self, seat: Any, form: str = SUBJECT) -> str:
        """A seat's character in `form`, named once per log."""
        found = self._names.get((seat, form))
        if found is None:
            players = self.view.get("players", [])
            if isinstance(seat, int) and 0 <= seat < len(players):
                found = character_name(players[seat]["character"], form)
            else:
                found = str(seat)
            self._names[(seat, form)] = found
        return found

    def name(self, seat: Any) -> str:
        return self.character(seat)

    # -- headings ------------------------------------------------------------------------------
    def phase(self, ev: Event, current: str | None) -> tuple[str | None, str | None]:
        kind = ev.get("type")
        if kind in QUARTERMASTER:
            # the draft's last card (nothing passed on) ends the phase; so does an empty deck
            ends = kind == "quartermaster_skipped" or (kind == "drafted" and ev.get("to") is None)
            return "quartermaster", "actions" if ends else "quartermaster"
        if kind in NAVIGATION:
            return "navigation", "navigation"
        if kind in ACTIONS:
            return "actions", "actions"
        return current, current  # cards played face up, wounds, trades lapsing: where they happen

    def day_heading(self, day: int) -> str:
        return _("Day %(day)s") % {"day": day}

    def phase_heading(self, phase: str | None) -> str:
        return str(PHASES.get(phase or "", phase or ""))

    # -- the Quartermaster -----------------------------------------------------------------------
    def quartermaster_skipped(self, ev: Event) -> str:
        return _("The Provisions deck is empty: nobody draws.")

    def provisions_drawn(self, ev: Event) -> str:
        n, seat = ev["count"], ev["seat"]
        if self.is_me(seat):
            return ngettext("You draw %(count)d provision.", "You draw %(count)d provisions.", n) % {
                "count": n
            }
        return ngettext("%(who)s draws %(count)d provision.", "%(who)s draws %(count)d provisions.", n) % {
            "who": self.Name(seat),
            "count": n,
        }

    def kept_card(self, ev: Event) -> str:
        card = card_name(ev["card"], OBJECT)
        if self.is_me(ev["seat"]):
            return _("You keep %(card)s.") % {"card": card}
        return _("%(who)s keeps %(card)s.") % {"who": self.Name(ev["seat"]), "card": card}

    def drafted(self, ev: Event) -> str:
        seat, to, n = ev["seat"], ev.get("to"), ev.get("passed", 0)
        if to is None:
            if self.is_me(seat):
                return _("You take the last card.")
            return _("%(who)s takes the last card.") % {"who": self.Name(seat)}
        if self.is_me(seat):
            return ngettext(
                "You pass %(count)d card on to %(to)s.", "You pass %(count)d cards on to %(to)s.", n
            ) % {"count": n, "to": self.character(to, TO)}
        if self.is_me(to):
            return ngettext(
                "%(who)s passes %(count)d card on to you.", "%(who)s passes %(count)d cards on to you.", n
            ) % {"who": self.Name(seat), "count": n}
        return ngettext(
            "%(who)s passes %(count)d card on to %(to)s.", "%(who)s passes %(count)d cards on to %(to)s.", n
        ) % {"who": self.Name(seat), "count": n, "to": self.character(to, TO)}

    # -- actions -------------------------------------------------------------------------------
    def did_nothing(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("You do nothing.")
        return _("%(who)s does nothing.") % {"who": self.Name(ev["seat"])}

    def rowed(self, ev: Event) -> str | None:
        if self.followed_by("rowing_cards"):
            return None  # the rower's own line names the cards
        n, seat = ev["count"], ev["seat"]
        if self.is_me(seat):
            return ngettext(
                "You row and draw %(count)d Navigation card.",
                "You row and draw %(count)d Navigation cards.",
                n,
            ) % {"count": n}
        return ngettext(
            "%(who)s rows and draws %(count)d Navigation card.",
            "%(who)s rows and draws %(count)d Navigation cards.",
            n,
        ) % {"who": self.Name(seat), "count": n}

    def rowing_cards(self, ev: Event) -> str:
        cards = ", ".join(card_name(c) for c in ev["cards"])
        if self.is_me(ev["seat"]):
            return _("You row and draw %(cards)s.") % {"cards": cards}
        return _("%(who)s rows and draws %(cards)s.") % {"who": self.Name(ev["seat"]), "cards": cards}

    def placed_rowed(self, ev: Event) -> str | None:
        if self.followed_by("placed_rowed_cards"):
            return None  # the rower's own line names the cards
        values = {"stack": ev["to_stack"], "bottom": ev["to_bottom"], "who": self.Name(ev["seat"])}
        if self.is_me(ev["seat"]):
            return (
                _("You put the rowed cards away: %(stack)s on the Row stack, %(bottom)s under the deck.")
                % values
            )
        return (
            _("%(who)s puts the rowed cards away: %(stack)s on the Row stack, %(bottom)s under the deck.")
            % values
        )

    def placed_rowed_cards(self, ev: Event) -> str:
        values = {
            "stack": ", ".join(card_name(c) for c in ev["to_stack"]) or _("none"),
            "bottom": ", ".join(card_name(c) for c in ev["to_bottom"]) or _("none"),
        }
        if self.is_me(ev["seat"]):
            return _("You put %(stack)s on the Row stack and %(bottom)s at the bottom of the deck.") % values
        return _("%(who)s puts %(stack)s on the Row stack and %(bottom)s at the bottom of the deck.") % {
            **values,
            "who": self.Name(ev["seat"]),
        }

    def attempt(self, ev: Event) -> str:
        seat, action = ev["seat"], ev["action"]
        target = action.get("target")
        values = {"who": self.Name(seat), "target": self.character(target, OBJECT)}
        if action.get("type") == "swap":
            values["target"] = self.character(target, WITH)
            if self.is_me(seat):
                return _("You want to change seats with %(target)s.") % values
            if self.is_me(target):
                return _("%(who)s wants to change seats with you.") % values
            return _("%(who)s wants to change seats with %(target)s.") % values
        if action.get("card") == "hand":
            if self.is_me(seat):
                return _("You try to mug %(target)s for a hand card.") % values
            if self.is_me(target):
                return _("%(who)s tries to mug you for a hand card.") % values
            return _("%(who)s tries to mug %(target)s for a hand card.") % values
        values["card"] = card_name(action.get("card", ""), OBJECT)
        if self.is_me(seat):
            return _("You try to mug %(target)s for the %(card)s.") % values
        if self.is_me(target):
            return _("%(who)s tries to mug you for the %(card)s.") % values
        return _("%(who)s tries to mug %(target)s for the %(card)s.") % values

    def answered(self, ev: Event) -> str:
        seat = ev["seat"]
        if ev["answer"] == "accept":
            if self.is_me(seat):
                return _("You accept.")
            return _("%(who)s accepts.") % {"who": self.Name(seat)}
        if self.is_me(seat):
            return _("You refuse: a fight!")
        return _("%(who)s refuses: a fight!") % {"who": self.Name(seat)}

    def swapped(self, ev: Event) -> str:
        seat, target = ev["seat"], ev["target"]
        values = {"who": self.Name(seat), "target": self.character(target, WITH)}
        if self.is_me(seat):
            return _("You change seats with %(target)s.") % values
        if self.is_me(target):
            return _("%(who)s changes seats with you.") % values
        return _("%(who)s changes seats with %(target)s.") % values

    def mug_empty(self, ev: Event) -> str:
        seat, target = ev["seat"], ev["target"]
        values = {"who": self.Name(seat), "target": self.character(target, OBJECT)}
        if self.is_me(seat):
            return _("You mug %(target)s, but the hand is empty.") % values
        if self.is_me(target):
            return _("%(who)s mugs you, but your hand is empty.") % values
        return _("%(who)s mugs %(target)s, but the hand is empty.") % values

    def mugged_hand_card(self, ev: Event) -> str | None:
        if self.followed_by("mug_took"):
            return None  # the two players' own line names the card
        seat, target = ev["seat"], ev["target"]
        values = {"who": self.Name(seat), "target": self.character(target, FROM)}
        if self.is_me(seat):
            return _("You take a hand card from %(target)s.") % values
        if self.is_me(target):
            return _("%(who)s takes a hand card from you.") % values
        return _("%(who)s takes a hand card from %(target)s.") % values

    def mug_took(self, ev: Event) -> str:
        seat, target = ev["seat"], ev["target"]
        values = {
            "who": self.Name(seat),
            "target": self.character(target, FROM),
            "card": card_name(ev["card"], OBJECT),
        }
        if self.is_me(seat):
            return _("You take %(card)s from %(target)s's hand.") % values
        if self.is_me(target):
            return _("%(who)s takes %(card)s from your hand.") % values
        return _("%(who)s takes %(card)s from %(target)s's hand.") % values

    def mugged_card(self, ev: Event) -> str:
        seat, target = ev["seat"], ev["target"]
        values = {
            "who": self.Name(seat),
            "target": self.character(target, FROM),
            "card": card_name(ev["card"], OBJECT),
        }
        if self.is_me(seat):
            return _("You take the face-up %(card)s from %(target)s.") % values
        if self.is_me(target):
            return _("%(who)s takes your face-up %(card)s.") % values
        return _("%(who)s takes the face-up %(card)s from %(target)s.") % values

    def mug_missed(self, ev: Event) -> str:
        seat, target = ev["seat"], ev["target"]
        values = {
            "who": self.Name(seat),
            "target": self.character(target, OBJECT),
            "card": card_name(ev["card"]),
        }
        if self.is_me(seat):
            return _("You mug %(target)s, but the %(card)s is gone.") % values
        if self.is_me(target):
            return _("%(who)s mugs you, but the %(card)s is gone.") % values
        return _("%(who)s mugs %(target)s, but the %(card)s is gone.") % values

    # -- fights --------------------------------------------------------------------------------
    def fight_started(self, ev: Event) -> str:
        attacker, defender = ev["attacker"], ev["defender"]
        if self.is_me(attacker):
            return _("A fight: you against %(defender)s.") % {"defender": self.character(defender, TO)}
        if self.is_me(defender):
            return _("A fight: %(attacker)s against you.") % {"attacker": self.character(attacker)}
        return _("A fight: %(attacker)s against %(defender)s.") % {
            "attacker": self.character(attacker),
            "defender": self.character(defender, TO),
        }

    def _fight_answer(self, seat: Any, answer: dict[str, Any]) -> str:
        me, who = self.is_me(seat), self.character(seat)
        side = answer.get("side")
        if side == "out":
            text = _("you stay out") if me else _("%(who)s stays out") % {"who": who}
        elif side == "attacker":
            text = (
                _("you fight for the attacker") if me else _("%(who)s fights for the attacker") % {"who": who}
            )
        else:
            text = (
                _("you fight for the defender") if me else _("%(who)s fights for the defender") % {"who": who}
            )
        if answer.get("weapons"):
            text = _("%(answer)s, playing %(cards)s") % {
                "answer": text,
                "cards": card_list(answer["weapons"]),
            }
        if answer.get("flare"):
            text = _("%(answer)s, firing the Flare Gun (+8)") % {"answer": text}
        return text

    def fight_round(self, ev: Event) -> str:
        answers = "; ".join(self._fight_answer(a["seat"], a.get("answer") or {}) for a in ev["answers"])
        return _("Fight, round %(round)s: %(answers)s.") % {"round": ev["round"], "answers": answers}

    def fight_resolved(self, ev: Event) -> str:
        won = ev["winner"]
        lost = "defender" if won == "attacker" else "attacker"
        winner = ev["attacker"] if won == "attacker" else ev["defender"]
        values = {"winner": ev["strength"][won], "loser": ev["strength"][lost]}
        if self.is_me(winner):
            return _("You win the fight, %(winner)s to %(loser)s.") % values
        return _("%(who)s wins the fight, %(winner)s to %(loser)s.") % {**values, "who": self.Name(winner)}

    def wounded(self, ev: Event) -> str:
        n, seat = ev["amount"], ev["seat"]
        values = {
            "who": self.Name(seat),
            "count": n,
            "cause": str(WOUND_CAUSES.get(ev["cause"], ev["cause"])),
            "total": ngettext("%(count)d wound in all", "%(count)d wounds in all", ev["wounds"])
            % {"count": ev["wounds"]},
        }
        me, condition = self.is_me(seat), ev["condition"]
        if condition == "dead":
            if me:
                return (
                    ngettext(
                        "You take %(count)d wound %(cause)s and die.",
                        "You take %(count)d wounds %(cause)s and die.",
                        n,
                    )
                    % values
                )
            return (
                ngettext(
                    "%(who)s takes %(count)d wound %(cause)s and dies.",
                    "%(who)s takes %(count)d wounds %(cause)s and dies.",
                    n,
                )
                % values
            )
        if condition == "unconscious":
            if me:
                return (
                    ngettext(
                        "You take %(count)d wound %(cause)s and fall unconscious (%(total)s).",
                        "You take %(count)d wounds %(cause)s and fall unconscious (%(total)s).",
                        n,
                    )
                    % values
                )
            return (
                ngettext(
                    "%(who)s takes %(count)d wound %(cause)s and falls unconscious (%(total)s).",
                    "%(who)s takes %(count)d wounds %(cause)s and falls unconscious (%(total)s).",
                    n,
                )
                % values
            )
        if me:
            return (
                ngettext(
                    "You take %(count)d wound %(cause)s (%(total)s).",
                    "You take %(count)d wounds %(cause)s (%(total)s).",
                    n,
                )
                % values
            )
        return (
            ngettext(
                "%(who)s takes %(count)d wound %(cause)s (%(total)s).",
                "%(who)s takes %(count)d wounds %(cause)s (%(total)s).",
                n,
            )
            % values
        )

    # -- special cards -------------------------------------------------------------------------
    def flare_fired(self, ev: Event) -> str:
        values = {
            "who": self.Name(ev["seat"]),
            "cards": ", ".join(card_name(c) for c in ev.get("cards", [])) or _("nothing"),
            "birds": ev["birds"],
        }
        if self.is_me(ev["seat"]):
            return _("You fire the Flare Gun and turn over %(cards)s: birds now %(birds)s of 4.") % values
        return _("%(who)s fires the Flare Gun and turns over %(cards)s: birds now %(birds)s of 4.") % values

    def parasol_opened(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("You open the Parasol.")
        return _("%(who)s opens the Parasol.") % {"who": self.Name(ev["seat"])}

    def healed(self, ev: Event) -> str:
        seat, target = ev["seat"], ev["target"]
        if seat == target:
            if self.is_me(seat):
                return _("You use a Medical Kit and heal one of your wounds.")
            return _("%(who)s uses a Medical Kit and heals one wound.") % {"who": self.Name(seat)}
        values = {"who": self.Name(seat), "target": self.character(target, OBJECT)}
        if self.is_me(seat):
            return _("You use a Medical Kit on %(target)s: one wound less.") % values
        if self.is_me(target):
            return _("%(who)s uses a Medical Kit on you: one wound less.") % values
        return _("%(who)s uses a Medical Kit on %(target)s: one wound less.") % values

    def played(self, ev: Event) -> str:
        seat, target = ev["seat"], ev.get("target", ev["seat"])
        card = card_name(ev["card"], OBJECT) if ev.get("card") else provision_name(ev["card_kind"], OBJECT)
        values = {"who": self.Name(seat), "card": card, "target": self.character(target, TO)}
        if target == seat:
            if self.is_me(seat):
                return _("You play %(card)s face up.") % values
            return _("%(who)s plays %(card)s face up.") % values
        if self.is_me(seat):
            return _("You play %(card)s face up in front of %(target)s.") % values
        if self.is_me(target):
            return _("%(who)s plays %(card)s face up in front of you.") % values
        return _("%(who)s plays %(card)s face up in front of %(target)s.") % values

    # -- trades --------------------------------------------------------------------------------
    def trade_offered(self, ev: Event) -> str:
        giver, taker = ev["from"], ev["to"]
        values = {
            "who": self.Name(giver),
            "to": self.character(taker, TO),
            "give": card_list(ev["give"]),
            "take": card_list(ev["take"]),
        }
        if self.is_me(giver):
            return _("You offer %(to)s %(give)s for %(take)s.") % values
        if self.is_me(taker):
            return _("%(who)s offers you %(give)s for %(take)s.") % values
        return _("%(who)s offers %(to)s %(give)s for %(take)s.") % values

    def trade_declined(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("You decline the trade.")
        return _("%(who)s declines the trade.") % {"who": self.Name(ev["seat"])}

    def trade_lapsed(self, ev: Event) -> str:
        return _("An open trade offer lapses at the end of the Actions phase.")

    def traded(self, ev: Event) -> str | None:
        if self.followed_by("traded_cards"):
            return None  # the two traders' own line names the cards
        seat, target = ev["seat"], ev["target"]
        hand = ev.get("hand_cards", {})
        n = hand.get("given", 0) + hand.get("taken", 0)
        moved = [m["card"] for m in ev.get("face_up", [])]
        values = {
            "who": self.Name(seat),
            "target": self.character(target, WITH),
            "hand": ngettext("%(count)d hand card", "%(count)d hand cards", n) % {"count": n},
            "cards": card_list(moved),
        }
        if self.is_me(seat) or self.is_me(target):
            values["other"] = self.character(target if self.is_me(seat) else seat, WITH)
            if moved:
                return _("You trade with %(other)s: %(hand)s and, face up, %(cards)s.") % values
            return _("You trade with %(other)s: %(hand)s.") % values
        if moved:
            return _("%(who)s trades with %(target)s: %(hand)s and, face up, %(cards)s.") % values
        return _("%(who)s trades with %(target)s: %(hand)s.") % values

    def traded_cards(self, ev: Event) -> str:
        # Who offered and who accepted is on the public `traded` event of the same action.
        traded = self.before if self.before.get("type") == "traded" else {}
        giver, taker = traded.get("seat"), traded.get("target")
        values = {
            "who": self.Name(giver),
            "target": self.character(taker, WITH),
            "given": card_list(ev["given"]),
            "taken": card_list(ev["taken"]),
        }
        if self.is_me(giver):
            return _("You trade with %(target)s: you give %(given)s and get %(taken)s.") % values
        if self.is_me(taker):
            return _("%(who)s trades with you: you get %(given)s and give %(taken)s.") % values
        if giver is None:
            return _("A trade is made: %(given)s for %(taken)s.") % values
        return _("%(who)s trades with %(target)s: %(given)s for %(taken)s.") % values

    # -- navigation ----------------------------------------------------------------------------
    def navigator(self, ev: Event) -> str:
        n, seat = ev["row_stack"], ev["seat"]
        if self.is_me(seat):
            return ngettext(
                "You navigate, with %(count)d card on the Row stack.",
                "You navigate, with %(count)d cards on the Row stack.",
                n,
            ) % {"count": n}
        return ngettext(
            "%(who)s navigates, with %(count)d card on the Row stack.",
            "%(who)s navigates, with %(count)d cards on the Row stack.",
            n,
        ) % {"who": self.Name(seat), "count": n}

    def compass_used(self, ev: Event) -> str | None:
        if self.followed_by("compass_card"):
            return None  # the navigator's own line names the card
        if self.is_me(ev["seat"]):
            return _("You use the Compass: the top Navigation card joins the Row stack.")
        return _("%(who)s uses the Compass: the top Navigation card joins the Row stack.") % {
            "who": self.Name(ev["seat"])
        }

    def compass_card(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("You use the Compass: %(card)s joins the Row stack.") % {"card": card_name(ev["card"])}
        return _("%(who)s uses the Compass: %(card)s joins the Row stack.") % {
            "who": self.Name(ev["seat"]),
            "card": card_name(ev["card"]),
        }

    def navigation_played(self, ev: Event) -> str:
        seat, card = ev.get("seat"), navigation_line(ev["card"])
        if not isinstance(seat, int) or seat < 0:
            return _("Nobody navigates: the top card of the deck is played, %(card)s.") % {"card": card}
        if self.is_me(seat):
            return _("You play %(card)s.") % {"card": card}
        return _("%(who)s plays %(card)s.") % {"who": self.Name(seat), "card": card}

    def birds(self, ev: Event) -> str:
        if ev["change"] > 0:
            return _("A bird! Birds now %(birds)s of 4.") % {"birds": ev["birds"]}
        return _("A crossed-out bird: birds now %(birds)s of 4.") % {"birds": ev["birds"]}

    def overboard(self, ev: Event) -> str:
        fallers = list(ev.get("fallers", []))
        others = [s for s in fallers if not self.is_me(s)]
        names = ", ".join(self.character(s) for s in others)
        if len(others) < len(fallers):
            if not others:
                return _("You go overboard.")
            return _("You go overboard, and so do %(names)s.") % {"names": names}
        if not fallers:
            return _("Nobody goes overboard.")
        return ngettext("%(names)s goes overboard.", "%(names)s go overboard.", len(fallers)) % {
            "names": names
        }

    def _reaction(self, seat: Any, answer: dict[str, Any]) -> list[str]:
        me, who = self.is_me(seat), self.character(seat)
        bits = []
        preserver = answer.get("preserver")
        if preserver == "wear":
            bits.append(
                _("you put on the Life Preserver")
                if me
                else _("%(who)s puts on the Life Preserver") % {"who": who}
            )
        elif preserver is not None:
            if me:
                bits.append(
                    _("you throw the Life Preserver to %(name)s") % {"name": self.character(preserver, TO)}
                )
            elif self.is_me(preserver):
                bits.append(_("%(who)s throws you the Life Preserver") % {"who": who})
            else:
                bits.append(
                    _("%(who)s throws the Life Preserver to %(name)s")
                    % {"who": who, "name": self.character(preserver, TO)}
                )
        n = len(answer.get("buckets", []))
        if n:
            if me:
                bits.append(
                    ngettext("you use %(count)d Bucket of Chum", "you use %(count)d Buckets of Chum", n)
                    % {"count": n}
                )
            else:
                bits.append(
                    ngettext(
                        "%(who)s uses %(count)d Bucket of Chum", "%(who)s uses %(count)d Buckets of Chum", n
                    )
                    % {"who": who, "count": n}
                )
        if answer.get("rile"):
            bits.append(_("you rile the sharks") if me else _("%(who)s riles the sharks") % {"who": who})
        if not bits:
            bits.append(_("you do nothing") if me else _("%(who)s does nothing") % {"who": who})
        return bits

    def reactions(self, ev: Event) -> str:
        bits = [bit for a in ev["answers"] for bit in self._reaction(a["seat"], a.get("answer") or {})]
        return _("Reactions: %(answers)s.") % {"answers": "; ".join(bits)}

    def buckets_used(self, ev: Event) -> str:
        n = ev["sharks"]
        return ngettext(
            "Chum in the water: the sharks bite everyone in it %(count)d more time.",
            "Chum in the water: the sharks bite everyone in it %(count)d more times.",
            n,
        ) % {"count": n}

    def cards_lost_overboard(self, ev: Event) -> str:
        cards = card_list(ev["cards"])
        if self.is_me(ev["seat"]):
            return _("You lose %(cards)s in the water.") % {"cards": cards}
        return _("%(who)s loses %(cards)s in the water.") % {"who": self.Name(ev["seat"]), "cards": cards}

    def drowned(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("You drown.")
        return _("%(who)s drowns.") % {"who": self.Name(ev["seat"])}

    def preserver_returned(self, ev: Event) -> str:
        owner, borrower = ev["seat"], ev["borrower"]
        if self.is_me(borrower):
            return _("You give the Life Preserver back to %(owner)s.") % {"owner": self.character(owner, TO)}
        if self.is_me(owner):
            return _("%(who)s gives the Life Preserver back to you.") % {"who": self.Name(borrower)}
        return _("%(who)s gives the Life Preserver back to %(owner)s.") % {
            "who": self.Name(borrower),
            "owner": self.character(owner, TO),
        }

    def body_removed(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("Your body is taken out of the boat.")
        return _("The body of %(who)s is taken out of the boat.") % {"who": self.character(ev["seat"])}

    def parasol_shade(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("The Parasol spares you one thirst.")
        return _("The Parasol spares %(who)s one thirst.") % {"who": self.character(ev["seat"], OBJECT)}

    def thirst(self, ev: Event) -> str:
        thirsty = []
        for seat, n in ev.get("thirst", {}).items():
            if self.is_me(int(seat)):
                thirsty.append(pgettext("thirsty: the reader", "you (%(count)s)") % {"count": n})
            else:
                thirsty.append(
                    pgettext("thirsty: a character", "%(who)s (%(count)s)")
                    % {"who": self.character(int(seat)), "count": n}
                )
        if not thirsty:
            return _("Nobody is thirsty.")
        return _("Thirsty: %(names)s.") % {"names": ", ".join(thirsty)}

    def _water(self, seat: Any, cover: list[Any]) -> str:
        me = self.is_me(seat)
        given = []
        for target, n in cover:
            if target == seat:
                given.append(_("%(count)s for their own thirst") % {"count": n})
            elif self.is_me(target):
                given.append(_("%(count)s to you") % {"count": n})
            else:
                given.append(_("%(count)s to %(name)s") % {"count": n, "name": self.character(target, TO)})
        if not given:
            return (
                _("you give no Water") if me else _("%(who)s gives no Water") % {"who": self.character(seat)}
            )
        if me:
            return _("you give Water: %(water)s") % {"water": ", ".join(given)}
        return _("%(who)s gives Water: %(water)s") % {"who": self.character(seat), "water": ", ".join(given)}

    def water_pledges(self, ev: Event) -> str:
        answers = "; ".join(
            self._water(a["seat"], (a.get("answer") or {}).get("cover", [])) for a in ev["answers"]
        )
        return _("Water for the thirsty: %(answers)s.") % {"answers": answers}

    def water_drunk(self, ev: Event) -> str:
        seat, giver = ev["seat"], ev["by"]
        if giver == seat:
            if self.is_me(seat):
                return _("You drink one of your Water cards.")
            return _("%(who)s drinks one of their Water cards.") % {"who": self.Name(seat)}
        if self.is_me(seat):
            return _("You drink Water from %(giver)s.") % {"giver": self.character(giver, FROM)}
        if self.is_me(giver):
            return _("%(who)s drinks Water from you.") % {"who": self.Name(seat)}
        return _("%(who)s drinks Water from %(giver)s.") % {
            "who": self.Name(seat),
            "giver": self.character(giver, FROM),
        }

    def window_answered(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("You have answered.")
        return _("%(who)s has answered.") % {"who": self.Name(ev["seat"])}

    def game_over(self, ev: Event) -> str:
        if ev.get("reason") == "empty_boat":
            return _("Nobody is left in the boat: the game is over.")
        return _("Land! The game is over.")

    SENTENCES = {
        "quartermaster_skipped": quartermaster_skipped,
        "provisions_drawn": provisions_drawn,
        "kept_card": kept_card,
        "drafted": drafted,
        "did_nothing": did_nothing,
        "rowed": rowed,
        "rowing_cards": rowing_cards,
        "placed_rowed": placed_rowed,
        "placed_rowed_cards": placed_rowed_cards,
        "attempt": attempt,
        "answered": answered,
        "swapped": swapped,
        "mug_empty": mug_empty,
        "mugged_hand_card": mugged_hand_card,
        "mug_took": mug_took,
        "mugged_card": mugged_card,
        "mug_missed": mug_missed,
        "fight_started": fight_started,
        "fight_round": fight_round,
        "fight_resolved": fight_resolved,
        "wounded": wounded,
        "flare_fired": flare_fired,
        "parasol_opened": parasol_opened,
        "healed": healed,
        "played": played,
        "trade_offered": trade_offered,
        "trade_declined": trade_declined,
        "trade_lapsed": trade_lapsed,
        "traded": traded,
        "traded_cards": traded_cards,
        "navigator": navigator,
        "compass_used": compass_used,
        "compass_card": compass_card,
        "navigation_played": navigation_played,
        "birds": birds,
        "overboard": overboard,
        "reactions": reactions,
        "buckets_used": buckets_used,
        "cards_lost_overboard": cards_lost_overboard,
        "drowned": drowned,
        "preserver_returned": preserver_returned,
        "body_removed": body_removed,
        "parasol_shade": parasol_shade,
        "thirst": thirst,
        "water_pledges": water_pledges,
        "water_drunk": water_drunk,
        "window_answered": window_answered,
        "game_over": game_over,
    }
