"""Lifeboats (Wettering): seven lanes, the boats with their six seats, islands and harbour."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import pgettext_lazy

from engine.lifeboats.data import figure_info
from games.i18n import colour_name, names_of, pgettext, rank_name
from games.i18n import gettext as _

from . import svg
from .lifeboat import upper_first
from .palette import game_colour

LANE_W = 96
ISLAND_H = 58
ROW_H = 100
ROWS = 3
SHIP_H = 34
HEIGHT = ISLAND_H + ROW_H * ROWS + SHIP_H
CELL_W = 26
CELL_H = 32

PHASES = {
    "setup_boats": pgettext_lazy("lifeboats phase", "Set-up: placing the boats"),
    "setup_black": pgettext_lazy("lifeboats phase", "Set-up: placing the black boat"),
    "setup_figures": pgettext_lazy("lifeboats phase", "Set-up: placing the crews"),
    "leak": pgettext_lazy("lifeboats phase", "Phase 1: a leak"),
    "eject": pgettext_lazy("lifeboats phase", "Phase 1: an ejection"),
    "move": pgettext_lazy("lifeboats phase", "Phase 2: a boat moves"),
    "jump_out": pgettext_lazy("lifeboats phase", "Phase 3: out of the boats"),
    "jump_in": pgettext_lazy("lifeboats phase", "Phase 3: into the boats"),
    "over": pgettext_lazy("lifeboats phase", "Game over"),
}
VOTES = {
    "leak": pgettext_lazy("lifeboats vote", "which boat springs a leak"),
    "eject": pgettext_lazy("lifeboats vote", "who loses a figure"),
    "move": pgettext_lazy("lifeboats vote", "which boat moves"),
}
phase_name, vote_question = names_of(PHASES), names_of(VOTES)


@dataclass
class Token:
    x: int
    y: int
    kind: str  # "empty" | "leak" | "sailor" | "officer"
    fill: str = ""
    ink: str = ""
    letter: str = ""
    label: str = ""


@dataclass
class BoatPic:
    colour: str
    fill: str
    ink: str
    letter: str
    owner: str
    lane: int
    x: int
    y: int
    status: str
    position: int
    harbour: int | None
    seats: list[Token]
    behind: list[Token]
    label: str


@dataclass
class IslandPic:
    name: str
    x: int
    width: int
    points: str
    figures: list[Token]


@dataclass
class PlayerRow:
    seat: int
    name: str
    colour: str
    fill: str
    ink: str
    letter: str
    is_me: bool
    start: bool
    hats: int
    hats_spent: int
    supply: str
    points: int
    cast: bool | None
    waited: bool


@dataclass
class LifeboatsBoard:
    width: int
    height: int
    lanes: list[dict[str, Any]]
    boats: list[BoatPic]
    islands: list[IslandPic]
    players: list[PlayerRow]
    harbour: list[str]
    sunk: list[str]
    round: int
    phase: str
    start_player: str
    vote: dict[str, Any] | None
    last_reveal: dict[str, Any] | None
    jump: list[str]
    leaks_in_play: int
    over: bool
    private: dict[str, Any] | None = None
    final: list[dict[str, Any]] = field(default_factory=list)
    svg: str = ""


class _Tokens:
    """One board's figure and seat tokens, each label worded once rather than once per token."""

    def __init__(self, colour_of: dict[int, str], names: dict[int, str]) -> None:
        self.colour_of, self.names = colour_of, names
        self.empty, self.leak = _("empty seat"), pgettext("lifeboats token", "leak")
        self.rank_of_owner = _("%(rank)s of %(owner)s")
        self._labels: dict[tuple[str, int], str] = {}

    def figure(self, fig: dict[str, Any], x: int, y: int) -> Token:
        rank, owner = fig["rank"], fig["owner"]
        fill, text, letter = game_colour(self.colour_of.get(owner, "black"))
        label = self._labels.get((rank, owner))
        if label is None:
            label = self._labels[(rank, owner)] = self.rank_of_owner % {
                "rank": rank_name(rank),
                "owner": self.names.get(owner, self.colour_of.get(owner, "?")),
            }
        return Token(x=x, y=y, kind=rank, fill=fill, ink=text, letter=letter, label=label)

    def seat(self, token: dict[str, Any] | None, x: int, y: int) -> Token:
        if token is None:
            return Token(x=x, y=y, kind="empty", label=self.empty)
        if "leak" in token:
            return Token(x=x, y=y, kind="leak", label=self.leak)
        return self.figure(token, x, y)


def _name(seat: int, names: dict[int, str]) -> str:
    return names[seat] if seat in names else _("Seat %(n)s") % {"n": seat}


def _player_label(seat: int | None, colour_of: dict[int, str], names: dict[int, str], me: int | None) -> str:
    if seat is None:
        return _("nobody")
    name = _name(seat, names)
    if seat == me:
        return pgettext("log: the reader", "you") % {"name": name}
    return f"{name} ({colour_name(colour_of.get(seat, '?'))})"


def _choice_label(
    choice: Any, kind: str, colour_of: dict[int, str], names: dict[int, str], me: int | None
) -> str:
    if choice is None:
        return _("no card")
    if choice == "hat":
        return _("a captain's hat")
    if kind == "eject":
        seat = next((s for s, c in colour_of.items() if c == choice), None)
        return _player_label(seat, colour_of, names, me) if seat is not None else str(choice)
    return _("the %(colour)s boat") % {"colour": colour_name(choice)}


def board(view: dict[str, Any], names: dict[int, str]) -> LifeboatsBoard:
    """Template data for the lanes, boats, islands and votes, from one seat's view."""
    me = view.get("seat")
    colour_of = {p["seat"]: p["colour"] for p in view["players"]}
    tokens = _Tokens(colour_of, names)
    boat_of_owner = _("%(colour)s boat (%(owner)s)")
    boats: list[BoatPic] = []
    for b in view["boats"]:
        fill, text, letter = game_colour(b["colour"])
        lane = b["lane"] or 0
        x = (lane - 1) * LANE_W + 6
        y = ISLAND_H + ROW_H * (ROWS - 1 - min(b["position"], ROWS - 1)) + 8
        seats = [
            tokens.seat(t, x + 16 + (i % 3) * CELL_W, y + 30 + (i // 3) * CELL_H)
            for i, t in enumerate(b["seats"])
        ]
        behind = [tokens.figure(f, x + 10 + i * 14, y + 92) for i, f in enumerate(b["behind"])]
        owner = _("no owner") if b["owner"] is None else _player_label(b["owner"], colour_of, names, me)
        boats.append(
            BoatPic(
                colour=b["colour"],
                fill=fill,
                ink=text,
                letter=letter,
                owner=owner,
                lane=lane,
                x=x,
                y=y,
                status=b["status"],
                position=b["position"],
                harbour=b["harbour"],
                seats=seats,
                behind=behind,
                label=upper_first(boat_of_owner % {"colour": colour_name(b["colour"]), "owner": owner}),
            )
        )
    islands: list[IslandPic] = []
    for name, data in view["islands"].items():
        lanes = [ln["lane"] for ln in view["lanes"] if ln["island"] == name]
        x0 = (min(lanes) - 1) * LANE_W + 4 if lanes else 0
        width = len(lanes) * LANE_W - 8
        per_row = max(width // 12, 1)
        figures = [
            tokens.figure(f, x0 + 8 + (i % per_row) * 12, 26 + (i // per_row) * 12)
            for i, f in enumerate(data["figures"])
        ]
        pts = data["points"]
        islands.append(
            IslandPic(
                name=name,
                x=x0,
                width=width,
                points=_("sailor %(sailor)s, officer %(officer)s")
                % {"sailor": pts["sailor"], "officer": pts["officer"]},
                figures=figures,
            )
        )
    vote = view.get("vote")
    cast = set(vote["cast"]) if vote and not vote.get("revealed") else set()
    eligible = set(vote["eligible"]) if vote else set()
    supply_words = _("%(officers)s officers, %(sailors)s sailors")
    players = []
    for p in view["players"]:
        fill, text, letter = game_colour(p["colour"])
        supply = p["supply"]
        players.append(
            PlayerRow(
                seat=p["seat"],
                name=_name(p["seat"], names),
                colour=colour_name(p["colour"]),
                fill=fill,
                ink=text,
                letter=letter,
                is_me=p["seat"] == me,
                start=p["seat"] == view["start_player"],
                hats=p["hats"],
                hats_spent=p["hats_spent"],
                supply=supply_words % {"officers": supply["officer"], "sailors": supply["sailor"]},
                points=p["points"],
                cast=(p["seat"] in cast)
                if p["seat"] in eligible and vote and not vote.get("revealed")
                else None,
                waited=p["seat"] in view.get("to_act", []),
            )
        )
    by_colour = {b["colour"]: b for b in view["boats"]}
    vote_info = None
    if vote:
        kind = vote["kind"]
        vote_info = {
            "question": vote_question(kind),
            "choices": [_choice_label(c, kind, colour_of, names, me) for c in vote["choices"]],
            "boat": vote.get("boat"),
            "cast": [_player_label(s, colour_of, names, me) for s in vote["cast"]],
            "waiting": [
                _player_label(s, colour_of, names, me) for s in vote["eligible"] if s not in vote["cast"]
            ],
            "revealed": vote.get("revealed", False),
        }
    pic = LifeboatsBoard(
        width=LANE_W * len(view["lanes"]),
        height=HEIGHT,
        lanes=[
            {
                "lane": ln["lane"],
                "x": (ln["lane"] - 1) * LANE_W,
                "mid": (ln["lane"] - 1) * LANE_W + LANE_W // 2,
                "island": ln["island"],
            }
            for ln in view["lanes"]
        ],
        boats=[b for b in boats if b.status == "sea"],
        islands=islands,
        players=players,
        harbour=[
            _("%(place)s. the %(colour)s boat") % {"place": i, "colour": colour_name(c)}
            for i, c in enumerate(view["harbour"], start=1)
        ],
        sunk=[colour_name(c) for c, b in by_colour.items() if b["status"] == "sunk"],
        round=view["round"],
        phase=phase_name(view["phase"]),
        start_player=_player_label(view["start_player"], colour_of, names, me),
        vote=vote_info,
        last_reveal=_reveal(view.get("last_reveal"), colour_of, names, me),
        jump=[
            (
                _("%(who)s: an officer left the %(colour)s boat")
                if figure_info(j["figure"])[1] == "officer"
                else _("%(who)s: a sailor left the %(colour)s boat")
            )
            % {
                "who": upper_first(_player_label(j["seat"], colour_of, names, me)),
                "colour": colour_name(j["left"]),
            }
            for j in view.get("jump", {}).get("jumpers", [])
        ],
        leaks_in_play=view.get("leaks_in_play", 0),
        over=view["phase"] == "over",
        private=_private(view, colour_of, names),
        final=_final(view, names, colour_of),
    )
    pic.svg = svg.lifeboats(pic)
    return pic


def _reveal(
    rec: dict[str, Any] | None, colour_of: dict[int, str], names: dict[int, str], me: int | None
) -> dict[str, Any] | None:
    if not rec:
        return None
    kind = rec.get("kind") or rec.get("vote") or ""
    return {
        "question": vote_question(kind),
        "ballots": [
            f"{upper_first(_player_label(b['seat'], colour_of, names, me))}: "
            f"{_choice_label(b['card'], kind, colour_of, names, me)}"
            for b in rec.get("ballots", [])
        ],
        "outcome": _choice_label(rec.get("outcome"), kind, colour_of, names, me)
        if rec.get("outcome") is not None
        else pgettext("lifeboats vote outcome", "undecided"),
        "hats_cancelled": rec.get("hats_cancelled", False),
    }


def _private(view: dict[str, Any], colour_of: dict[int, str], names: dict[int, str]) -> dict[str, Any] | None:
    you = view.get("you")
    if not you:
        return None
    vote = view.get("vote") or {}
    kind = vote.get("kind", "")
    colours = [c for c in you["hand"] if c != "hat"]
    return {
        "colour": colour_name(you["colour"]),
        "cards": [colour_name(c) for c in colours],
        "hats": you["hats"],
        "cast": _choice_label(you["cast"], kind, colour_of, names, view.get("seat"))
        if you.get("cast") is not None
        else None,
    }


def _final(view: dict[str, Any], names: dict[int, str], colour_of: dict[int, str]) -> list[dict[str, Any]]:
    final = view.get("final")
    if not final:
        return []
    return [
        {
            "player": names.get(s) or _("Seat %(n)s") % {"n": s + 1},
            "colour": colour_name(colour_of.get(s, "?")),
            "score": final["scores"][s],
            "place": final["ranking"][s],
        }
        for s in range(len(final["scores"]))
    ]
