"""Lifeboats (Wetterling) presented from one seat's view: seven lanes, the boats with their six
seats, islands and harbour, the seat's vote cards, and after the end every figure's points."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from engine.lifeboats.data import PLAYER_COLOURS, POINTS, card_colour, figure_info, is_hat
from games.board.names import AS_COLOUR, IN, OUT_OF, seat_label, seat_number, upper_first
from games.pictures.faces import CardFace
from games.pictures.sprite import sprite_url

from .log import player_name, vote_question
from .names import colour_name, island_name, rank_name
from .picture import lifeboats_board, lifeboats_cards

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


#: The title of the worked example (the How to play page).
LEARN_TITLE = gettext_lazy("How to play Lifeboats")
#: How the results tell equal scores apart.
RESULTS_NOTE = gettext_lazy(
    "Equal points are ordered by each player's own boat: landed boats first, by harbour number; "
    "players whose boats sank share a place."
)


@dataclass
class PlayerRow:
    seat: int
    number: int
    name: str
    colour: str
    is_me: bool
    start: bool
    hats: int
    supply: str
    points: int
    cast: bool | None
    waited: bool


@dataclass
class Private:
    colour: str
    cards: list[str]
    hats: int
    cast: str | None


@dataclass
class IslandScore:
    island: str
    sailors: int
    officers: int
    points: int

    @property
    def text(self) -> str:
        """ "The left island: 1 sailor, 2 officers"."""
        return _("%(island)s: %(sailors)s, %(officers)s") % {
            "island": self.island,
            "sailors": ngettext("%(count)d sailor", "%(count)d sailors", self.sailors)
            % {"count": self.sailors},
            "officers": ngettext("%(count)d officer", "%(count)d officers", self.officers)
            % {"count": self.officers},
        }


@dataclass
class ResultRow:
    place: int
    tied: bool
    seat: int
    number: int
    player: str
    colour: str
    is_me: bool
    score: int
    islands: list[IslandScore]
    boat: str
    tie_break: str
    hand: list[str]


@dataclass(frozen=True)
class VoteCard:
    """A vote card beside the picture: its id, its short name, its face."""

    id: str | None
    name: str
    face: CardFace


def vote_card(face: CardFace) -> VoteCard:
    card = face.card or ""
    if card == "hat" or is_hat(card):
        name = _("Captain's hat")
    elif card:
        name = colour_name(card_colour(card) if card.startswith("card-") else card, AS_COLOUR)
    else:
        name = ""
    return VoteCard(face.card, upper_first(name), face)


@dataclass
class LifeboatsBoard:
    slug = "lifeboats"
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
    private: Private | None = None
    #: The picture (inline SVG), the sprite its pieces and faces come from, and the vote cards
    #: beside it as faces (`picture.lifeboats_cards`: "hand", "cast", "reveal", "hand:<seat>").
    svg: str = ""
    sprite: str = ""
    cards: dict[str, list[VoteCard]] = field(default_factory=dict)
    #: The ids of the vote cards beside the picture a click may choose.
    pick_cards: frozenset[str] = frozenset()
    #: Lifeboats has no trades (Lifeboat's board has its trade form here).
    trade: None = None


class Reader:
    """How this board names players: by name and colour, the reader as "you"."""

    def __init__(self, names: dict[int, str], reader: int | None) -> None:
        self.names, self.reader = names, reader

    def is_me(self, seat: Any) -> bool:
        return self.reader is not None and seat == self.reader

    def player(self, seat: Any) -> str:
        if seat is None:
            return _("nobody")
        return _("you") if self.is_me(seat) else player_name(seat, self.names)

    def choice(self, kind: str, choice: Any) -> str:
        """A vote card or choice: a boat, a player (ejections), a captain's hat, no card."""
        if choice is None:
            return _("no card")
        if choice == "hat":
            return _("a captain's hat")
        if kind == "eject" and choice in PLAYER_COLOURS:
            return self.player(PLAYER_COLOURS.index(choice))
        return _("the %(colour)s boat") % {"colour": colour_name(choice)}


def board(
    view: dict[str, Any],
    names: dict[int, str],
    reader: int | None,
    *,
    changed: Collection[str] = frozenset(),
    choosable: Collection[str] = frozenset(),
) -> LifeboatsBoard:
    """The board from one seat's `view`; `names` maps seats to players' names; `reader` is the
    seat that reads it ("you"; None for a spectator or a replay seen by someone else).
    `changed` and `choosable` are the picture's part keys (`games.pictures.hooks`)."""
    who = Reader(names, reader)
    vote = view.get("vote")
    open_vote = bool(vote) and not vote.get("revealed")
    cast = set(vote["cast"]) if open_vote else set()
    eligible = set(vote["eligible"]) if vote else set()
    players = []
    for p in view["players"]:
        supply = p["supply"]
        players.append(
            PlayerRow(
                seat=p["seat"],
                number=p["seat"] + 1,
                name=names.get(p["seat"]) or seat_label(p["seat"]),
                colour=colour_name(p["colour"], AS_COLOUR),
                is_me=who.is_me(p["seat"]),
                start=p["seat"] == view["start_player"],
                hats=p["hats"],
                supply=_("%(officers)s officers, %(sailors)s sailors")
                % {"officers": supply["officer"], "sailors": supply["sailor"]},
                points=p["points"],
                cast=(p["seat"] in cast) if open_vote and p["seat"] in eligible else None,
                waited=p["seat"] in view.get("to_act", []),
            )
        )
    over = view["phase"] == "over"
    pic = LifeboatsBoard(
        players=players,
        harbour=[
            _("%(place)s. the %(colour)s boat") % {"place": i, "colour": colour_name(c)}
            for i, c in enumerate(view["harbour"], start=1)
        ],
        sunk=[colour_name(b["colour"]) for b in view["boats"] if b["status"] == "sunk"],
        round=view["round"],
        phase=str(PHASES.get(view["phase"], view["phase"])),
        start_player=who.player(view["start_player"]),
        vote=_vote(vote, who) if vote else None,
        last_reveal=_reveal(view.get("last_reveal"), who),
        jump=[
            (
                _("%(who)s: an officer left the %(colour)s boat")
                if figure_info(j["figure"])[1] == "officer"
                else _("%(who)s: a sailor left the %(colour)s boat")
            )
            % {
                "who": upper_first(who.player(j["seat"]), names.values()),
                "colour": colour_name(j["left"], OUT_OF),
            }
            for j in view.get("jump", {}).get("jumpers", [])
        ],
        leaks_in_play=view.get("leaks_in_play", 0),
        over=over,
        private=None if over else _private(view, who),
    )
    pic.sprite = sprite_url("lifeboats")
    pic.cards = {place: [vote_card(face) for face in faces] for place, faces in lifeboats_cards(view).items()}
    pic.pick_cards = frozenset(key[5:] for key in choosable if key.startswith("card:"))
    pic.svg = lifeboats_board(
        view, names, sprite=pic.sprite, changed=changed, choosable=choosable, id_prefix="board"
    )
    return pic


def seat_rows(board: LifeboatsBoard) -> dict[int, PlayerRow]:
    """Each seat's public row: colour, hats, points ashore, whether it cast its vote."""
    return {row.seat: row for row in board.players}


def _vote(vote: dict[str, Any], who: Reader) -> dict[str, Any]:
    kind = vote["kind"]
    return {
        "question": vote_question(kind),
        "choices": [who.choice(kind, c) for c in vote["choices"]],
        "boat": colour_name(vote["boat"]) if vote.get("boat") else "",
        "cast": [who.player(s) for s in vote["cast"]],
        "waiting": [who.player(s) for s in vote["eligible"] if s not in vote["cast"]],
        "revealed": vote.get("revealed", False),
    }


def _reveal(rec: dict[str, Any] | None, who: Reader) -> dict[str, Any] | None:
    if not rec:
        return None
    kind = rec.get("kind") or rec.get("vote") or ""
    return {
        "question": vote_question(kind),
        "ballots": [
            pgettext("ballot", "%(who)s: %(card)s")
            % {"who": who.player(b["seat"]), "card": who.choice(kind, b["card"])}
            for b in rec.get("ballots", [])
        ],
        "outcome": who.choice(kind, rec["outcome"])
        if rec.get("outcome") is not None
        else pgettext("lifeboats vote outcome", "undecided"),
        "hats_cancelled": rec.get("hats_cancelled", False),
    }


def _private(view: dict[str, Any], who: Reader) -> Private | None:
    you = view.get("you")
    if not you:
        return None
    kind = (view.get("vote") or {}).get("kind", "")
    return Private(
        colour=colour_name(you["colour"], AS_COLOUR),
        cards=[colour_name(c, AS_COLOUR) for c in you["hand"] if c != "hat"],
        hats=you["hats"],
        cast=who.choice(kind, you["cast"]) if you.get("cast") is not None else None,
    )


# -- the prompt --------------------------------------------------------------------------------
#: The question each action type answers where no wording for the seat is better.
GENERIC_QUESTIONS: dict[str, Promise] = {
    "place_boat": gettext_lazy("Where does your boat go?"),
    "place_figure": gettext_lazy("Where does your next figure sit?"),
    "vote": gettext_lazy("Cast your vote card (face down; it is final)"),
    "decide": gettext_lazy("You decide the result"),
    "jump_out": gettext_lazy("Which figure leaves its boat?"),
    "jump_in": gettext_lazy("Which boat does your figure board?"),
}


def question_text(view: dict[str, Any], kind: str) -> str | None:
    """The question an action type answers, worded for this seat (or the kind's question; None:
    the type's name)."""
    vote = view.get("vote") or {}
    if kind == "vote":
        if vote.get("kind") == "eject":
            return _(
                "Who loses a figure from the %(colour)s boat? Cast your vote card (face down; it is final)."
            ) % {"colour": colour_name(vote.get("boat", ""), OUT_OF)}
        if vote.get("kind") == "leak":
            return _("Which boat springs a leak? Cast your vote card (face down; it is final).")
        return _("Which boat moves? Cast your vote card (face down; it is final).")
    if kind == "decide":
        if vote.get("reason") == "hat":
            return _("Your captain's hat decides the vote: choose the result.")
        return _("The vote is tied and you are the start player: choose the result.")
    if kind == "place_boat" and view.get("phase") == "setup_black":
        return _("Where does the black boat go?")
    generic = GENERIC_QUESTIONS.get(kind)
    return str(generic) if generic is not None else None


# -- the end -----------------------------------------------------------------------------------
def results(view: dict[str, Any], names: dict[int, str], reader: int | None) -> list[ResultRow]:
    """Every player's result, by place: their figures ashore island by island, and the tie-break
    by their own boat."""
    final = view.get("final") or {}
    scores, places = final.get("scores", []), final.get("ranking", [])
    own = {b["owner"]: b for b in view["boats"] if b["owner"] is not None}
    hands = view.get("hands") or []
    rows = []
    for p in view["players"]:
        seat = p["seat"]
        islands = []
        for name in ("left", "middle", "right"):
            figures = [
                figure_info(f["id"])[1] for f in view["islands"][name]["figures"] if f["owner"] == seat
            ]
            if figures:
                sailors, officers = figures.count("sailor"), figures.count("officer")
                points = sailors * POINTS[name]["sailor"] + officers * POINTS[name]["officer"]
                islands.append(IslandScore(upper_first(island_name(name)), sailors, officers, points))
        boat = own.get(seat, {})
        if boat.get("status") == "landed":
            boat_text = _("own boat landed, harbour %(n)s") % {"n": boat.get("harbour")}
        elif boat.get("status") == "sunk":
            boat_text = _("own boat sank")
        else:
            boat_text = _("own boat still at sea")
        equal_points = scores.count(scores[seat]) > 1
        shared = places.count(places[seat]) > 1
        rows.append(
            ResultRow(
                place=places[seat],
                tied=shared,
                seat=seat,
                number=seat_number(seat) or 0,
                player=names.get(seat) or seat_label(seat),
                colour=colour_name(p["colour"], AS_COLOUR),
                is_me=reader is not None and seat == reader,
                score=scores[seat],
                islands=islands,
                boat=boat_text,
                tie_break=_tie_break(boat, shared=shared) if equal_points else "",
                hand=_cards_left(hands[seat]) if seat < len(hands) else [],
            )
        )
    return sorted(rows, key=lambda r: (r.place, r.seat))


def _cards_left(hand: list[str]) -> list[str]:
    """A player's vote cards left at the end: the colours, then the captain's hats counted."""
    left = [colour_name(c, AS_COLOUR) for c in hand if c != "hat"]
    hats = hand.count("hat")
    if hats:
        left.append(ngettext("%(count)d captain's hat", "%(count)d captain's hats", hats) % {"count": hats})
    return left


def _tie_break(boat: dict[str, Any], *, shared: bool) -> str:
    if boat.get("status") == "landed":
        return _("Equal points: ordered by their own boat, which landed at harbour %(n)s.") % {
            "n": boat.get("harbour")
        }
    if shared:
        return _("Equal points: their own boat sank, so the place is shared.")
    return _("Equal points: their own boat sank, so they come after those whose boat landed.")


# -- for mails: the seat's situation and the table at a glance ----------------------------------------
def situation(view: dict[str, Any], names: dict[int, str]) -> list[str]:
    """This seat's situation: its colour, figures at sea and ashore, vote cards and hats."""
    seat, you = view.get("seat"), view.get("you")
    if seat is None or not you:
        return []
    at_sea = [
        (b["colour"], t["rank"])
        for b in view["boats"]
        if b["status"] == "sea"
        for t in b["seats"]
        if t is not None and "leak" not in t and t["owner"] == seat
    ]
    ashore = sum(1 for i in view["islands"].values() for f in i["figures"] if f["owner"] == seat)
    lines = [_("You play %(colour)s.") % {"colour": colour_name(you["colour"], AS_COLOUR)}]
    if at_sea:
        boats = ", ".join(
            _("%(rank)s in the %(colour)s boat")
            % {"rank": rank_name(rank), "colour": colour_name(colour, IN)}
            for colour, rank in at_sea
        )
        lines.append(_("Your figures at sea: %(boats)s.") % {"boats": boats})
    else:
        lines.append(_("You have no figure at sea."))
    me = next(p for p in view["players"] if p["seat"] == seat)
    lines.append(
        ngettext(
            "%(count)d figure of yours is ashore (%(points)s points).",
            "%(count)d figures of yours are ashore (%(points)s points).",
            ashore,
        )
        % {"count": ashore, "points": me["points"]}
    )
    cards = ", ".join(colour_name(c, AS_COLOUR) for c in you["hand"] if c != "hat")
    lines.append(
        ngettext(
            "Your vote cards: %(cards)s, and %(hats)d captain's hat.",
            "Your vote cards: %(cards)s, and %(hats)d captain's hats.",
            you["hats"],
        )
        % {"cards": cards, "hats": you["hats"]}
    )
    return lines


def glance(view: dict[str, Any], names: dict[int, str]) -> list[str]:
    """The table in a few lines: the round, the boats at sea with their leaks, harbour and sunk."""
    who = Reader(names, view.get("seat"))
    lines = [
        _("Round %(round)s, %(phase)s. Start player: %(who)s.")
        % {
            "round": view["round"],
            "phase": str(PHASES.get(view["phase"], view["phase"])),
            "who": who.player(view["start_player"]),
        }
    ]
    for b in view["boats"]:
        if b["status"] != "sea":
            continue
        figures = sum(1 for t in b["seats"] if t is not None and "leak" not in t)
        leaks = sum(1 for t in b["seats"] if t is not None and "leak" in t)
        lines.append(
            _("The %(colour)s boat: lane %(lane)s, row %(row)s, %(figures)s, %(leaks)s.")
            % {
                "colour": colour_name(b["colour"]),
                "lane": b["lane"],
                "row": b["position"],
                "figures": ngettext("%(count)d figure", "%(count)d figures", figures) % {"count": figures},
                "leaks": ngettext("%(count)d leak", "%(count)d leaks", leaks) % {"count": leaks},
            }
        )
    if view["harbour"]:
        lines.append(
            _("In harbour: %(boats)s.") % {"boats": ", ".join(colour_name(c) for c in view["harbour"])}
        )
    sunk = [colour_name(b["colour"]) for b in view["boats"] if b["status"] == "sunk"]
    if sunk:
        lines.append(_("Sunk: %(boats)s.") % {"boats": ", ".join(sunk)})
    return lines
