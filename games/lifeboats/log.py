"""Lifeboats' log sentences: one method per event type, players by name and colour, the reader as
"you"."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from engine.lifeboats.data import PLAYER_COLOURS
from games.board.log.words import Event, Words
from games.board.names import AS_COLOUR, FROM, OUT_OF, seat_label

from .names import colour_name, island_name

PHASES = {
    "setup": pgettext_lazy("lifeboats phase", "Set-up"),
    "setup_figures": pgettext_lazy("lifeboats phase", "Set-up: placing the crews"),
    "leak": pgettext_lazy("lifeboats phase", "Phase 1: a leak"),
    "eject": pgettext_lazy("lifeboats phase", "Phase 1: an ejection"),
    "move": pgettext_lazy("lifeboats phase", "Phase 2: a boat moves"),
    "changing_boats": pgettext_lazy("lifeboats phase", "Phase 3: changing boats"),
}
SETUP_PHASES = frozenset({"setup", "setup_figures"})
QUESTIONS = {
    "leak": pgettext_lazy("lifeboats vote", "which boat springs a leak"),
    "eject": pgettext_lazy("lifeboats vote", "who loses a figure"),
    "move": pgettext_lazy("lifeboats vote", "which boat moves"),
}


def vote_question(kind: str) -> str:
    return str(QUESTIONS.get(kind, kind))


def player_name(seat: Any, names: dict[int, str]) -> str:
    """A Lifeboats player by name and colour: "Ann (red)"."""
    if not isinstance(seat, int) or not 0 <= seat < len(PLAYER_COLOURS):
        return str(seat)
    name = names[seat] if seat in names else seat_label(seat)
    return pgettext("lifeboats player", "%(name)s (%(colour)s)") % {
        "name": name,
        "colour": colour_name(PLAYER_COLOURS[seat], AS_COLOUR),
    }


class LifeboatsWords(Words):
    DAY_EVENT = "start_marker"
    DAY_KEY = "round"
    SILENT: frozenset[str] = frozenset()

    def name(self, seat: Any) -> str:
        # each player named once per log (a name is a translation and a colour's)
        found = self._names.get(seat)
        if found is None:
            found = self._names[seat] = player_name(seat, self.names)
        return found

    def Name(self, seat: Any) -> str:
        return self.name(seat)  # a player's name is written as they wrote it

    # -- headings ------------------------------------------------------------------------------
    def phase(self, ev: Event, current: str | None) -> tuple[str | None, str | None]:
        k = ev.get("type")
        if k in {"start_player", "boat_placed"}:
            found: str | None = "setup"
        elif k in {"crews_placed", "figure_placed"}:
            found = "setup_figures"
        elif k in {"vote_opened", "vote_not_held"}:
            vote = ev.get("vote", "")
            found = vote if vote in PHASES else None
        elif k in {"leak", "boat_full", "ejected"}:
            found = "leak"
        elif k in {"moved", "landed"}:
            found = "move"
        elif k in {"jumped_out", "jump_skipped", "phase_skipped"}:
            found = "changing_boats"
        else:
            found = None
        return (found or current), (found or current)

    def day_heading(self, day: int) -> str:
        return _("Round %(round)s") % {"round": day}

    def phase_heading(self, phase: str | None) -> str:
        return str(PHASES.get(phase or "", phase or ""))

    def headed_by_day(self, phase: str | None) -> bool:
        return phase not in SETUP_PHASES

    # -- helpers -------------------------------------------------------------------------------
    def _result(self, kind: str, choice: Any) -> str:
        """What a vote's choice does: a boat springs a leak or moves, a player loses a figure."""
        if choice is None:
            return _("nothing happens")
        if kind == "eject":
            seat = PLAYER_COLOURS.index(choice) if choice in PLAYER_COLOURS else None
            if self.is_me(seat):
                return _("you lose a figure")
            return _("%(who)s loses a figure") % {"who": self.name(seat)}
        if kind == "leak":
            return _("the %(colour)s boat springs a leak") % {"colour": colour_name(choice)}
        return _("the %(colour)s boat moves") % {"colour": colour_name(choice)}

    def _card(self, kind: str, card: Any) -> str:
        """A vote card as cast."""
        if card is None:
            return _("no card")
        if card == "hat":
            return _("a captain's hat")
        if kind == "eject" and card in PLAYER_COLOURS:
            seat = PLAYER_COLOURS.index(card)
            return pgettext("vote card: the reader's colour", "you") if self.is_me(seat) else self.name(seat)
        return _("the %(colour)s boat") % {"colour": colour_name(card)}

    def _only_choice(self, ev: Event, text: str) -> str:
        if ev.get("auto"):
            return _("%(sentence)s (the only choice).") % {"sentence": text}
        return _("%(sentence)s.") % {"sentence": text}

    # -- set-up --------------------------------------------------------------------------------
    def start_player(self, ev: Event) -> str:
        order = ", ".join(
            pgettext("turn order: the reader", "you") if self.is_me(s) else self.name(s)
            for s in ev["turn_order"]
        )
        if self.is_me(ev["seat"]):
            return _("You start; the turn order is %(order)s.") % {"order": order}
        return _("%(who)s starts; the turn order is %(order)s.") % {
            "who": self.Name(ev["seat"]),
            "order": order,
        }

    def boat_placed(self, ev: Event) -> str:
        values = {"who": self.Name(ev["seat"]), "boat": colour_name(ev["boat"]), "lane": ev["lane"]}
        if self.is_me(ev["seat"]):
            text = _("You place the %(boat)s boat in lane %(lane)s") % values
        else:
            text = _("%(who)s places the %(boat)s boat in lane %(lane)s") % values
        return self._only_choice(ev, text)

    def figure_placed(self, ev: Event) -> str:
        values = {"who": self.Name(ev["seat"]), "boat": colour_name(ev["boat"], FROM)}
        me, officer = self.is_me(ev["seat"]), ev["rank"] == "officer"
        if me:
            text = (
                _("You put an officer into the %(boat)s boat")
                if officer
                else _("You put a sailor into the %(boat)s boat")
            ) % values
        else:
            text = (
                _("%(who)s puts an officer into the %(boat)s boat")
                if officer
                else _("%(who)s puts a sailor into the %(boat)s boat")
            ) % values
        return self._only_choice(ev, text)

    def crews_placed(self, ev: Event) -> str:
        return _("All crews are aboard.")

    # -- votes ---------------------------------------------------------------------------------
    def vote_opened(self, ev: Event) -> str:
        return _("A vote: %(question)s.") % {"question": vote_question(ev["vote"])}

    def vote_not_held(self, ev: Event) -> str:
        return _("No vote needed: %(result)s.") % {"result": self._result(ev["vote"], ev["result"])}

    def vote_cast(self, ev: Event) -> str | None:
        if self.followed_by("you_cast"):
            return None  # the caster's own line names the card
        if self.is_me(ev["seat"]):
            return _("You cast a card.")
        return _("%(who)s casts a card.") % {"who": self.Name(ev["seat"])}

    def you_cast(self, ev: Event) -> str:
        kind, card = ev.get("vote", ""), ev.get("card")
        if card is None:
            text = _("no card")
        elif card == "hat":
            text = _("a captain's hat")
        else:
            text = self._result(kind, card)
        if self.is_me(ev["seat"]):
            if card is None:
                return _("You cast no card.")
            if card == "hat":
                return _("You play a captain's hat (face down until all have cast).")
            return _("You vote: %(result)s (face down until all have cast).") % {"result": text}
        if card is None:
            return _("%(who)s casts no card.") % {"who": self.name(ev["seat"])}
        if card == "hat":
            return _("%(who)s plays a captain's hat.") % {"who": self.name(ev["seat"])}
        return _("%(who)s votes: %(result)s.") % {"who": self.name(ev["seat"]), "result": text}

    def votes_revealed(self, ev: Event) -> str:
        kind = ev.get("vote", "")
        ballots = "; ".join(
            (
                pgettext("ballot: the reader", "you: %(card)s")
                if self.is_me(b["seat"])
                else pgettext("ballot", "%(who)s: %(card)s")
            )
            % {"who": self.name(b["seat"]), "card": self._card(kind, b["card"])}
            for b in ev.get("ballots", [])
        )
        text = _("Votes revealed: %(ballots)s.") % {"ballots": ballots or _("no cards")}
        if ev.get("hats_cancelled"):
            text += " " + _("The hats cancel out.")
        return text

    def vote_decided(self, ev: Event) -> str:
        values = {"who": self.Name(ev["seat"]), "result": self._result(ev.get("vote", ""), ev["choice"])}
        if ev.get("reason") == "hat":
            if self.is_me(ev["seat"]):
                return _("With your captain's hat you decide: %(result)s.") % values
            return _("With a captain's hat %(who)s decides: %(result)s.") % values
        if self.is_me(ev["seat"]):
            return _("You break the tie as start player: %(result)s.") % values
        return _("%(who)s breaks the tie as start player: %(result)s.") % values

    # -- the boats -----------------------------------------------------------------------------
    def leak(self, ev: Event) -> str:
        return _("The %(boat)s boat springs a leak.") % {"boat": colour_name(ev["boat"])}

    def boat_full(self, ev: Event) -> str:
        return _("The %(boat)s boat is full: a figure must leave it for the leak.") % {
            "boat": colour_name(ev["boat"])
        }

    def ejected(self, ev: Event) -> str:
        values = {"who": self.Name(ev["seat"]), "boat": colour_name(ev["boat"], OUT_OF)}
        officer = ev["rank"] == "officer"
        if self.is_me(ev["seat"]):
            if officer:
                return _("You lose an officer from the %(boat)s boat.") % values
            return _("You lose a sailor from the %(boat)s boat.") % values
        if officer:
            return _("%(who)s loses an officer from the %(boat)s boat.") % values
        return _("%(who)s loses a sailor from the %(boat)s boat.") % values

    def moved(self, ev: Event) -> str:
        return _("The %(boat)s boat moves to row %(row)s.") % {
            "boat": colour_name(ev["boat"]),
            "row": ev["position"],
        }

    def landed(self, ev: Event) -> str:
        n = len(ev.get("figures", []))
        return ngettext(
            "The %(boat)s boat lands on %(island)s (harbour %(harbour)s, %(count)d figure ashore).",
            "The %(boat)s boat lands on %(island)s (harbour %(harbour)s, %(count)d figures ashore).",
            n,
        ) % {
            "boat": colour_name(ev["boat"]),
            "island": island_name(ev["island"]),
            "harbour": ev["harbour"],
            "count": n,
        }

    def sunk(self, ev: Event) -> str:
        n = len(ev.get("figures", []))
        return ngettext(
            "The %(boat)s boat sinks with %(count)d figure.",
            "The %(boat)s boat sinks with %(count)d figures.",
            n,
        ) % {"boat": colour_name(ev["boat"]), "count": n}

    # -- changing boats ------------------------------------------------------------------------
    def jumped_out(self, ev: Event) -> str:
        values = {"who": self.Name(ev["seat"]), "boat": colour_name(ev["boat"], OUT_OF)}
        officer = ev["rank"] == "officer"
        if self.is_me(ev["seat"]):
            text = (
                _("You take an officer out of the %(boat)s boat")
                if officer
                else _("You take a sailor out of the %(boat)s boat")
            ) % values
        else:
            text = (
                _("%(who)s takes an officer out of the %(boat)s boat")
                if officer
                else _("%(who)s takes a sailor out of the %(boat)s boat")
            ) % values
        return self._only_choice(ev, text)

    def jumped_in(self, ev: Event) -> str:
        values = {"who": self.Name(ev["seat"]), "boat": colour_name(ev["boat"], FROM)}
        officer = ev["rank"] == "officer"
        if self.is_me(ev["seat"]):
            text = (
                _("Your officer boards the %(boat)s boat")
                if officer
                else _("Your sailor boards the %(boat)s boat")
            ) % values
        else:
            text = (
                _("%(who)s: the officer boards the %(boat)s boat")
                if officer
                else _("%(who)s: the sailor boards the %(boat)s boat")
            ) % values
        return self._only_choice(ev, text)

    def jump_skipped(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("You have no figure to move.")
        return _("%(who)s has no figure to move.") % {"who": self.Name(ev["seat"])}

    def drowned(self, ev: Event) -> str:
        officer = ev["rank"] == "officer"
        if self.is_me(ev["seat"]):
            if officer:
                return _("Your officer finds no place and drowns.")
            return _("Your sailor finds no place and drowns.")
        if officer:
            return _("%(who)s: an officer finds no place and drowns.") % {"who": self.Name(ev["seat"])}
        return _("%(who)s: a sailor finds no place and drowns.") % {"who": self.Name(ev["seat"])}

    def phase_skipped(self, ev: Event) -> str:
        return _("Nobody is at sea: no changing boats.")

    def start_marker(self, ev: Event) -> str:
        if self.is_me(ev["seat"]):
            return _("You are the start player now.")
        return _("%(who)s is the start player now.") % {"who": self.Name(ev["seat"])}

    def leak_supply_exceeded(self, ev: Event) -> str:
        return _("%(in_play)s leaks are in play, more than the %(box)s in the box.") % {
            "in_play": ev["in_play"],
            "box": ev["box"],
        }

    def game_over(self, ev: Event) -> str:
        return _("No boat is left at sea: the game is over.")

    SENTENCES = {
        "start_player": start_player,
        "boat_placed": boat_placed,
        "figure_placed": figure_placed,
        "crews_placed": crews_placed,
        "vote_opened": vote_opened,
        "vote_not_held": vote_not_held,
        "vote_cast": vote_cast,
        "you_cast": you_cast,
        "votes_revealed": votes_revealed,
        "vote_decided": vote_decided,
        "leak": leak,
        "boat_full": boat_full,
        "ejected": ejected,
        "moved": moved,
        "landed": landed,
        "sunk": sunk,
        "jumped_out": jumped_out,
        "jumped_in": jumped_in,
        "jump_skipped": jump_skipped,
        "drowned": drowned,
        "phase_skipped": phase_skipped,
        "start_marker": start_marker,
        "leak_supply_exceeded": leak_supply_exceeded,
        "game_over": game_over,
    }
