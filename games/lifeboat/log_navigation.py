"""Lifeboat's log sentences of the Navigation phase: the navigator, the card played, birds, the
fall overboard and what follows it, thirst and Water."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.board.log.words import Event
from games.board.names import FROM, OBJECT, TO

from .log_seats import LifeboatSeats
from .names import card_list, card_name, navigation_line


class NavigationSentences(LifeboatSeats):
    """The sentences of the Navigation phase."""

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
