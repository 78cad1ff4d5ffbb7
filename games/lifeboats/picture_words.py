"""What Lifeboats' board says in words, from one seat's view: the players' names as the board
writes them, the colours' letters, and the description a screen reader reads out (the boats,
the islands, the players, the vote and the last reveal)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from django.utils.translation import pgettext_lazy

from games.pictures import words

#: The table's names for what a vote decides (the catalogues hold them).
VOTE_QUESTIONS = {
    "leak": pgettext_lazy("lifeboats vote", "which boat springs a leak"),
    "eject": pgettext_lazy("lifeboats vote", "who loses a figure"),
    "move": pgettext_lazy("lifeboats vote", "which boat moves"),
}


class BoardWords:
    """The words of one drawing of the board (each translated once, `words.Said`)."""

    def __init__(self, view: dict[str, Any], names: Mapping[int, str]) -> None:
        self.view, self.names = view, names
        self.me = view.get("seat")
        self.colour_of = {p["seat"]: p["colour"] for p in view["players"]}
        self.to_act = set(view.get("to_act") or [])
        self.vote = view.get("vote") or {}
        self.said = words.Said()

    # -- names ---------------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        """The seat's player, by name (or by seat number)."""
        name = self.names.get(seat)
        return self.said.gettext("Seat %(n)s") % {"n": seat + 1} if name is None else name

    def player(self, seat: int | None) -> str:
        """The seat's player as a sentence's subject or object; "<name>, you" for the reader."""
        if seat is None:
            return self.said.gettext("nobody")
        name = self.name(seat)
        return self.said.gettext("%(name)s, you") % {"name": name} if seat == self.me else name

    def letter(self, colour: str) -> str:
        return self.said.word(words.COLOUR_LETTERS, colour)

    def _crew(self, tokens: list[dict[str, Any] | None]) -> str:
        counts: Counter[tuple[int, str]] = Counter()
        leaks = empty = 0
        for t in tokens:
            if t is None:
                empty += 1
            elif "leak" in t:
                leaks += 1
            else:
                counts[(t["owner"], t["rank"])] += 1
        parts = []
        for owner in sorted({o for o, _r in counts}):
            ranks = []
            if counts[(owner, "officer")]:
                n = counts[(owner, "officer")]
                ranks.append(self.said.ngettext("%(n)s officer", "%(n)s officers", n) % {"n": n})
            if counts[(owner, "sailor")]:
                n = counts[(owner, "sailor")]
                ranks.append(self.said.ngettext("%(n)s sailor", "%(n)s sailors", n) % {"n": n})
            parts.append(
                self.said.gettext("%(player)s: %(figures)s")
                % {"player": self.player(owner), "figures": ", ".join(ranks)}
            )
        if leaks:
            parts.append(self.said.ngettext("%(n)s leak", "%(n)s leaks", leaks) % {"n": leaks})
        if empty:
            parts.append(self.said.ngettext("%(n)s empty place", "%(n)s empty places", empty) % {"n": empty})
        return "; ".join(parts)

    def _seat_of(self, colour: str) -> int | None:
        return next((seat for seat, c in self.colour_of.items() if c == colour), None)

    def _boat_name(self, b: dict[str, Any]) -> str:
        colour = self.said.word(words.COLOUR_NAMES, b["colour"])
        if b["owner"] is None:
            return self.said.gettext("The %(colour)s boat") % {"colour": colour}
        return self.said.gettext("The %(colour)s boat (%(owner)s)") % {
            "colour": colour,
            "owner": self.player(b["owner"]),
        }

    # -- the description -----------------------------------------------------------------------
    def description(self) -> str:
        sentences = [
            *self._boats(),
            *self._islands(),
            *self._players(),
            *self._vote(),
            *self._reveal(),
        ]
        return " ".join(words.upper_first(sentence, self.names.values()) for sentence in sentences)

    def _boats(self) -> list[str]:
        sentences = []
        for b in sorted(self.view["boats"], key=lambda b: (b["lane"] or 99, b["colour"])):
            name = self._boat_name(b)
            if b["status"] == "unplaced":
                sentences.append(self.said.gettext("%(boat)s is not placed yet.") % {"boat": name})
            elif b["status"] == "sunk":
                sentences.append(
                    self.said.gettext("%(boat)s sank in lane %(lane)s.") % {"boat": name, "lane": b["lane"]}
                )
            elif b["status"] == "landed":
                sentences.append(
                    self.said.gettext("%(boat)s landed from lane %(lane)s, harbour space %(n)s.")
                    % {"boat": name, "lane": b["lane"], "n": b["harbour"]}
                )
            else:
                text = self.said.gettext(
                    "%(boat)s in lane %(lane)s, %(moves)s of 3 moves made: %(crew)s."
                ) % {
                    "boat": name,
                    "lane": b["lane"],
                    "moves": b["position"],
                    "crew": self._crew(b["seats"]),
                }
                if b["behind"]:
                    text += " " + self.said.gettext("Behind it: %(crew)s.") % {
                        "crew": self._crew(b["behind"])
                    }
                sentences.append(text)
        return sentences

    def _islands(self) -> list[str]:
        sentences = []
        for name in ("left", "middle", "right"):
            info = self.view["islands"][name]
            ashore = self._crew(info["figures"]) if info["figures"] else self.said.gettext("nobody")
            sentences.append(
                self.said.gettext(
                    "%(island)s (%(sailor)s points a sailor, %(officer)s an officer): %(ashore)s."
                )
                % {
                    "island": words.upper_first(self.said.word(words.ISLAND_NAMES, name)),
                    "sailor": info["points"]["sailor"],
                    "officer": info["points"]["officer"],
                    "ashore": ashore,
                }
            )
        return sentences

    def _players(self) -> list[str]:
        view, vote = self.view, self.vote
        voting = vote and not vote.get("revealed")
        sentences = []
        for p in view["players"]:
            seat = p["seat"]
            plays = (
                self.said.gettext(
                    "%(player)s, you play %(colour)s: %(hats)s of 3 captain's hats left, %(points)s points"
                )
                if seat == self.me
                else self.said.gettext(
                    "%(player)s plays %(colour)s: %(hats)s of 3 captain's hats left, %(points)s points"
                )
            )
            text = plays % {
                "player": self.name(seat),
                "colour": self.said.word(words.COLOURS_AS_COLOUR, p["colour"]),
                "hats": p["hats"],
                "points": p["points"],
            }
            extra = []
            if seat == view.get("start_player"):
                extra.append(self.said.gettext("start player"))
            if voting and seat in (vote.get("eligible") or []):
                extra.append(
                    self.said.gettext("has voted")
                    if seat in (vote.get("cast") or [])
                    else self.said.gettext("has not voted yet")
                )
            if seat in self.to_act:
                extra.append(self.said.gettext("to act"))
            if view.get("final"):
                extra.append(self.said.gettext("place %(n)s") % {"n": view["final"]["ranking"][seat]})
            sentences.append(text + "".join("; " + e for e in extra) + ".")
        return sentences

    def _vote(self) -> list[str]:
        vote = self.vote
        if not vote:
            return []
        question = self.said.word(VOTE_QUESTIONS, vote.get("kind", ""))
        if not vote.get("revealed"):
            return [
                self.said.gettext("The vote, %(question)s: %(cast)s of %(eligible)s have cast a card.")
                % {
                    "question": question,
                    "cast": len(vote.get("cast") or []),
                    "eligible": len(vote.get("eligible") or []),
                }
            ]
        if vote.get("outcome") is None and vote.get("decider") is not None:
            among = vote.get("among") or []
            choices = ", ".join(
                self.player(self._seat_of(c))
                if vote.get("kind") == "eject"
                else self.said.word(words.COLOUR_NAMES, c)
                for c in among
            )
            if vote["decider"] == self.me:
                decides = self.said.gettext("The vote, %(question)s: you decide among %(choices)s.")
                return [decides % {"question": question, "choices": choices}]
            return [
                self.said.gettext("The vote, %(question)s: %(player)s decides among %(choices)s.")
                % {"question": question, "player": self.player(vote["decider"]), "choices": choices}
            ]
        return []

    def _reveal(self) -> list[str]:
        reveal = self.view.get("last_reveal")
        if not reveal:
            return []
        cards = []
        for ballot in reveal.get("ballots", []):
            card = ballot["card"]
            what = (
                self.said.gettext("no card")
                if card is None
                else self.said.gettext("a captain's hat")
                if card == "hat"
                else self.said.word(words.COLOURS_AS_COLOUR, card)
            )
            cards.append(
                self.said.gettext("%(player)s: %(card)s")
                % {"player": self.player(ballot["seat"]), "card": what}
            )
        return [self.said.gettext("The last vote revealed: %(cards)s.") % {"cards": ", ".join(cards)}]
