"""Lifeboat's log sentences of the Actions phase: doing nothing, rowing, seat swaps and mugging,
fights and wounds, the special cards, and trades."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.board.log.words import Event
from games.board.names import FROM, OBJECT, TO, WITH

from .log_seats import WOUND_CAUSES, LifeboatSeats
from .names import card_list, card_name, provision_name

#: Why an open trade offer lapsed (the engine's `trade_lapsed` reason), said after it.
LAPSES = {
    "phase_end": gettext_lazy("The Actions phase is over."),
    "knocked_out": gettext_lazy("One of the two is knocked out."),
    "card_moved": gettext_lazy("A card it names has moved."),
}


class ActionSentences(LifeboatSeats):
    """The sentences of the Actions phase (and of wounds, wherever they happen)."""

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
                return _("You want to change places with %(target)s.") % values
            if self.is_me(target):
                return _("%(who)s wants to change places with you.") % values
            return _("%(who)s wants to change places with %(target)s.") % values
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
            return _("You change places with %(target)s.") % values
        if self.is_me(target):
            return _("%(who)s changes places with you.") % values
        return _("%(who)s changes places with %(target)s.") % values

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
        """Which offer lapsed and why (a game's log from before the engine told both: the
        phase's end, its one reason then)."""
        giver, taker = ev.get("from"), ev.get("to")
        if giver is None or taker is None:
            return _("An open trade offer lapses at the end of the Actions phase.")
        if self.is_me(giver):
            what = _("Your trade offer to %(to)s lapses.") % {"to": self.character(taker, TO)}
        elif self.is_me(taker):
            what = _("The trade offer from %(from)s to you lapses.") % {"from": self.character(giver, FROM)}
        else:
            what = _("The trade offer from %(from)s to %(to)s lapses.") % {
                "from": self.character(giver, FROM),
                "to": self.character(taker, TO),
            }
        why = LAPSES.get(ev.get("reason", ""))
        return f"{what} {why}" if why else what

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
