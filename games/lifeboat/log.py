"""Lifeboat's log sentences: one method per event type, characters by name, the reader as "you".

This module holds the headings, the Quartermaster's sentences and the table of every event type;
the Actions phase's are in `lifeboat_actions`, the Navigation phase's in `lifeboat_navigation`.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games.board.log.words import Event
from games.board.names import OBJECT, TO

from .log_actions import ActionSentences
from .log_navigation import NavigationSentences
from .names import card_name

PHASES = {
    "quartermaster": pgettext_lazy("lifeboat phase", "Quartermaster"),
    "actions": pgettext_lazy("lifeboat phase", "Actions"),
    "navigation": pgettext_lazy("lifeboat phase", "Navigation"),
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


class LifeboatWords(ActionSentences, NavigationSentences):
    DAY_EVENT = "turn_started"
    DAY_KEY = "turn"
    SILENT = frozenset({"turn_started"})

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

    def last_day(self) -> int:
        # A boat found empty at a day's start ends the game before that day starts, but after
        # its turn was counted: the game's last events (its end) are the day before's.
        turn = int(self.view.get("turn", 0))
        return turn - 1 if self.view.get("end_reason") == "empty_boat" else turn

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
        "did_nothing": ActionSentences.did_nothing,
        "rowed": ActionSentences.rowed,
        "rowing_cards": ActionSentences.rowing_cards,
        "placed_rowed": ActionSentences.placed_rowed,
        "placed_rowed_cards": ActionSentences.placed_rowed_cards,
        "attempt": ActionSentences.attempt,
        "answered": ActionSentences.answered,
        "swapped": ActionSentences.swapped,
        "mug_empty": ActionSentences.mug_empty,
        "mugged_hand_card": ActionSentences.mugged_hand_card,
        "mug_took": ActionSentences.mug_took,
        "mugged_card": ActionSentences.mugged_card,
        "mug_missed": ActionSentences.mug_missed,
        "fight_started": ActionSentences.fight_started,
        "fight_round": ActionSentences.fight_round,
        "fight_resolved": ActionSentences.fight_resolved,
        "wounded": ActionSentences.wounded,
        "flare_fired": ActionSentences.flare_fired,
        "parasol_opened": ActionSentences.parasol_opened,
        "healed": ActionSentences.healed,
        "played": ActionSentences.played,
        "trade_offered": ActionSentences.trade_offered,
        "trade_declined": ActionSentences.trade_declined,
        "trade_lapsed": ActionSentences.trade_lapsed,
        "traded": ActionSentences.traded,
        "traded_cards": ActionSentences.traded_cards,
        "navigator": NavigationSentences.navigator,
        "compass_used": NavigationSentences.compass_used,
        "compass_card": NavigationSentences.compass_card,
        "navigation_played": NavigationSentences.navigation_played,
        "birds": NavigationSentences.birds,
        "overboard": NavigationSentences.overboard,
        "reactions": NavigationSentences.reactions,
        "buckets_used": NavigationSentences.buckets_used,
        "cards_lost_overboard": NavigationSentences.cards_lost_overboard,
        "drowned": NavigationSentences.drowned,
        "preserver_returned": NavigationSentences.preserver_returned,
        "body_removed": NavigationSentences.body_removed,
        "parasol_shade": NavigationSentences.parasol_shade,
        "thirst": NavigationSentences.thirst,
        "water_pledges": NavigationSentences.water_pledges,
        "water_drunk": NavigationSentences.water_drunk,
        "window_answered": window_answered,
        "game_over": game_over,
    }
