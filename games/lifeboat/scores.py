"""Lifeboat's results after the end: every seat's place and score, line by line, with the cards it
held."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.lifeboat.data import CHARACTERS, JEWEL_POINTS, KIND, VALUE
from games.board.names import IN_SENTENCE, OBJECT, seat_label, seat_number

from .common import Card, cards
from .names import card_name, character_name


@dataclass
class ScoreLine:
    text: str
    points: int


@dataclass
class ResultRow:
    """One seat's result: place, score and how it came about, with every card it held."""

    place: int
    tied: bool
    seat: int
    number: int
    player: str
    is_me: bool
    character: str
    love: Card
    hate: Card
    lines: list[ScoreLine]
    score: int
    fate: str
    hand: list[Card]
    face_up: list[Card]

    @property
    def revealed(self) -> list[Card]:
        """The hand with Love and Hate, as the end reveals them."""
        return [*self.hand, self.love, self.hate]


def _places(scores: list[int]) -> list[int]:
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


def _treasure_lines(character: str, held: list[str]) -> list[ScoreLine]:
    """The treasure a body in the boat scores, kind by kind (the character's own kind doubled)."""
    doubled = CHARACTERS[character].doubles

    def line(text: str, points: int, kind: str) -> ScoreLine:
        if kind == doubled:
            return ScoreLine(
                _("%(treasure)s, doubled: this character's own kind") % {"treasure": text}, points * 2
            )
        return ScoreLine(text, points)

    kinds = [KIND.get(c) for c in held]
    lines = []
    cash, jewels = kinds.count("cash"), kinds.count("jewels")
    if cash:
        text = ngettext("%(count)d Bundle of Cash", "%(count)d Bundles of Cash", cash) % {"count": cash}
        lines.append(line(text, cash, "cash"))
    if jewels:
        text = ngettext("%(count)d Jewels card", "%(count)d Jewels cards", jewels) % {"count": jewels}
        lines.append(line(text, JEWEL_POINTS[min(jewels, 3)], "jewels"))
    lines.extend(line(card_name(c), VALUE[c], "painting") for c in held if KIND.get(c) == "painting")
    return lines


def score_lines(view: dict[str, Any], seat: int) -> list[ScoreLine]:
    """How a seat's final score came about, line by line, from the public final view: its own
    survival, its Love and Hate (the Psychopath's and the Ambivalent's rules), its treasure."""
    sheet = view["score_sheet"]
    options = view.get("options", {})
    bonus = 1 if options.get("sharks") else 0
    alive = {s["character"]: bool(s["alive"]) for s in sheet}
    me = sheet[seat]
    char, love, hate = me["character"], me["love"], me["hate"]
    psychopath, ambivalent = hate == char, love == hate != char
    counts_relations = options.get("ambivalent_scores", True) or not ambivalent

    def size(x: str) -> int:
        return CHARACTERS[x].size + bonus

    lines: list[ScoreLine] = []
    if psychopath and alive[char]:
        lines.append(ScoreLine(_("Survives, but a Psychopath scores nothing for that"), 0))
    elif alive[char]:
        lines.append(ScoreLine(_("Survives: own Survival"), CHARACTERS[char].survival))
    else:
        lines.append(ScoreLine(_("Dies: nothing for own survival"), 0))
    if not counts_relations:
        lines.append(
            ScoreLine(
                _("Loves and hates %(name)s: neither counts (the game's rule for the Ambivalent)")
                % {"name": character_name(love, OBJECT)},
                0,
            )
        )
    else:
        if love == char:
            text = (
                _("Narcissist: loves themselves and survives")
                if alive.get(love)
                else _("Narcissist: loves themselves, but dies")
            )
        elif alive.get(love):
            text = _("Loves %(name)s, who survives") % {"name": character_name(love, OBJECT)}
        else:
            text = _("Loves %(name)s, who dies or is not in play") % {"name": character_name(love, OBJECT)}
        lines.append(ScoreLine(text, CHARACTERS[love].survival if alive.get(love) else 0))
        if psychopath:
            dead = [x for x in alive if x not in (char, love) and not alive[x]]
            lines.append(
                ScoreLine(
                    _("Psychopath: the Size of everyone else who died (%(names)s)")
                    % {"names": ", ".join(character_name(x, IN_SENTENCE) for x in dead) or _("nobody")},
                    sum(size(x) for x in dead),
                )
            )
        elif hate in alive and not alive[hate]:
            lines.append(
                ScoreLine(
                    _("Hates %(name)s, who dies: their Size") % {"name": character_name(hate, OBJECT)},
                    size(hate),
                )
            )
        else:
            lines.append(
                ScoreLine(
                    _("Hates %(name)s, who survives or is not in play")
                    % {"name": character_name(hate, OBJECT)},
                    0,
                )
            )
    player = view["players"][seat]
    if player.get("in_boat"):
        held = [c["id"] for c in player.get("hand", [])] + [c["id"] for c in player["table"]]
        treasure = _treasure_lines(char, held)
        lines.extend(treasure or [ScoreLine(_("No treasure"), 0)])
    else:
        lines.append(ScoreLine(_("The body left the boat: no treasure"), 0))
    return lines


def results(view: dict[str, Any], names: dict[int, str], reader: int | None) -> list[ResultRow]:
    """Every seat's result, by place: the score line by line, Love, Hate and every card it held."""
    scores = view.get("scores") or []
    places = _places(scores)
    rows = []
    for p in view["players"]:
        seat = p["seat"]
        sheet = view["score_sheet"][seat]
        if sheet["alive"]:
            fate = _("alive in the boat") if p.get("in_boat") else _("alive")
        else:
            fate = _("dead, body in the boat") if p.get("in_boat") else _("dead, lost at sea")
        rows.append(
            ResultRow(
                place=places[seat],
                tied=places.count(places[seat]) > 1,
                seat=seat,
                number=seat_number(seat) or 0,
                player=names.get(seat) or seat_label(seat),
                is_me=reader is not None and seat == reader,
                character=character_name(p["character"]),
                love=Card(str(p.get("love", "")), character_name(sheet["love"])),
                hate=Card(str(p.get("hate", "")), character_name(sheet["hate"])),
                lines=score_lines(view, seat),
                score=scores[seat],
                fate=fate,
                hand=cards(p.get("hand", [])),
                face_up=cards(p["table"]),
            )
        )
    return sorted(rows, key=lambda r: (r.place, r.seat))
