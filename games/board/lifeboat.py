"""Lifeboat (Siadek) presented from one seat's view: the boat bow to stern, the seat's private
corner, the questions it answers, and after the end the results with every score explained."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from engine.lifeboat.data import CHARACTERS, JEWEL_POINTS, KIND, VALUE

from . import svg
from .names import (
    OBJECT,
    SUBJECT,
    TO,
    WITH,
    card_list,
    card_name,
    character_name,
    condition_name,
    navigation_line,
    provision_name,
    seat_label,
    seat_number,
)
from .palette import CHARACTER_COLOURS, ink
from .prompt import Choice, Part

SEAT_W = 120
DECK_W = 70
MAX_BIRDS = 4

PHASES = {
    "quartermaster": pgettext_lazy("lifeboat phase", "Quartermaster"),
    "actions": pgettext_lazy("lifeboat phase", "Actions"),
    "navigation": pgettext_lazy("lifeboat phase", "Navigation"),
    "over": pgettext_lazy("lifeboat phase", "Game over"),
}
STEPS = {
    "draft": pgettext_lazy("lifeboat step", "drafting provisions"),
    "act": pgettext_lazy("lifeboat step", "taking actions"),
    "row": pgettext_lazy("lifeboat step", "rowing"),
    "answer": pgettext_lazy("lifeboat step", "answering a challenge"),
    "fight": pgettext_lazy("lifeboat step", "fighting"),
    "navigate": pgettext_lazy("lifeboat step", "navigating"),
    "react": pgettext_lazy("lifeboat step", "reacting to the fall overboard"),
    "thirst": pgettext_lazy("lifeboat step", "sharing water"),
}
WINDOWS = {
    "answer": pgettext_lazy("lifeboat window", "accept or refuse"),
    "fight": pgettext_lazy("lifeboat window", "the fight"),
    "react": pgettext_lazy("lifeboat window", "reactions to the fall"),
    "thirst": pgettext_lazy("lifeboat window", "water for the thirsty"),
}


@dataclass(frozen=True)
class Card:
    """A card as a seat sees it: its id (for forms and the leak tests) and its name."""

    id: str
    name: str


def cards(held: list[Any]) -> list[Card]:
    """Cards by id, or as the view lists them (`{"id": ...}`), with their names."""
    ids = [str(c["id"]) if isinstance(c, dict) else str(c) for c in held]
    return [Card(c, card_name(c)) for c in ids]


@dataclass
class SeatPic:
    """One character in the boat (or overboard), as everyone sees it."""

    seat: int
    number: int
    x: int
    character: str
    name: str
    mark: str
    fill: str
    ink: str
    player: str
    is_me: bool
    wounds: int
    size: int
    condition: str
    condition_name: str
    pips: list[tuple[int, bool]]
    face_up: list[Card]
    hand_size: int
    rowed: bool
    fought: bool
    navigator: bool
    waited: bool
    side: str | None = None

    @property
    def details(self) -> str:
        """The seat's public marks in words, for the list beside the picture."""
        parts = [_("Size %(size)s") % {"size": self.size}, _("wounds %(wounds)s") % {"wounds": self.wounds}]
        parts.append(self.condition_name)
        if self.navigator:
            parts.append(_("navigator"))
        if self.waited:
            parts.append(_("to act"))
        if self.side == "attacker":
            parts.append(_("on the attacker's side"))
        elif self.side == "defender":
            parts.append(_("on the defender's side"))
        if self.rowed:
            parts.append(_("rowed"))
        if self.fought:
            parts.append(_("fought"))
        return ", ".join(parts)


@dataclass
class Offer:
    id: str
    incoming: bool
    other: str
    give: list[Card]
    take: list[Card]


@dataclass
class Private:
    """What only this seat sees: its hand, Love and Hate, and its part of the draft, rowing,
    navigation and trades."""

    character: str
    hand: list[Card]
    love: Card
    hate: Card
    draft: list[Card]
    rowing: list[str]
    rowed: list[tuple[list[str], list[str]]]
    row_stack: list[str]
    offers: list[Offer]


@dataclass
class TradeForm:
    """The trade form's choices while this seat may offer a trade (Actions, conscious)."""

    targets: list[tuple[int, str]]
    give: list[tuple[str, str]]
    take_face_up: list[tuple[str, str]]
    kinds: list[tuple[str, str]]


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


@dataclass
class LifeboatBoard:
    slug = "lifeboat"
    width: int
    seats: list[SeatPic]
    gone: list[SeatPic]
    birds: list[tuple[int, bool]]
    bird_count: int
    provisions: int
    navigation: int
    row_stack: int
    day: int
    phase: str
    step: str
    status: str
    navigation_card: str
    flare_reveal: list[str]
    row_log: list[str]
    window: dict[str, Any] | None
    over: bool
    private: Private | None = None
    trade: TradeForm | None = None
    results: list[ResultRow] = field(default_factory=list)
    results_note: str = ""
    svg: str = ""


class Reader:
    """How this board names seats: characters by name, the reader as "you"."""

    def __init__(self, view: dict[str, Any], reader: int | None) -> None:
        self.players, self.reader = view["players"], reader

    def character(self, seat: Any, form: str = SUBJECT) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return character_name(self.players[seat]["character"], form)
        return str(seat)

    def is_me(self, seat: Any) -> bool:
        return self.reader is not None and seat == self.reader


def _seat_pic(
    p: dict[str, Any], x: int, view: dict[str, Any], names: dict[int, str], reader: int | None
) -> SeatPic:
    fill, mark = CHARACTER_COLOURS.get(p["character"], ("#888888", "?"))
    pip_step = min(10, (SEAT_W - 20) // max(p["size"] + 1, 1))
    start = x - pip_step * p["size"] // 2
    window = view.get("window") or {}
    side = None
    if window.get("kind") == "fight":
        side = next((name for name, seats in window.get("sides", {}).items() if p["seat"] in seats), None)
    dead = p["condition"] == "dead"
    return SeatPic(
        seat=p["seat"],
        number=p["seat"] + 1,
        x=x,
        character=p["character"],
        name=character_name(p["character"]),
        mark=mark,
        fill="#BBBBBB" if dead else fill,
        ink="#000000" if dead else ink(fill),
        player=names.get(p["seat"]) or seat_label(p["seat"]),
        is_me=reader is not None and p["seat"] == reader,
        wounds=p["wounds"],
        size=p["size"],
        condition=p["condition"],
        condition_name=condition_name(p["condition"]),
        pips=[(start + i * pip_step, i < p["wounds"]) for i in range(p["size"] + 1)],
        face_up=[
            Card(
                c["id"],
                _("%(card)s (open)") % {"card": card_name(c["id"])} if c.get("open") else card_name(c["id"]),
            )
            for c in p["table"]
        ],
        hand_size=p["hand_size"],
        rowed=p["rowed"],
        fought=p["fought"],
        navigator=view.get("navigator") == p["seat"],
        waited=p["seat"] in view.get("to_act", []),
        side=side,
    )


def status(view: dict[str, Any], reader: int | None) -> str:
    """What the table is doing now, in one sentence ("You choose from 3 provisions.")."""
    who = Reader(view, reader)
    if view["phase"] == "over":
        return _("The game is over.")
    if view.get("draft"):
        d = view["draft"]
        if who.is_me(d["drafter"]):
            return _("You choose from %(count)s provisions.") % {"count": d["cards"]}
        return _("%(who)s chooses from %(count)s provisions.") % {
            "who": who.character(d["drafter"]),
            "count": d["cards"],
        }
    if view.get("rowing"):
        r = view["rowing"]
        if who.is_me(r["rower"]):
            return _("You rowed %(count)s cards and place them.") % {"count": r["count"]}
        return _("%(who)s rowed %(count)s cards and places them.") % {
            "who": who.character(r["rower"]),
            "count": r["count"],
        }
    window = view.get("window")
    if window:
        waiting = [s for s in window["seats"] if s not in window["answered"]]
        what = str(WINDOWS.get(window["kind"], window["kind"]))
        if any(who.is_me(s) for s in waiting):
            others = [who.character(s) for s in waiting if not who.is_me(s)]
            if others:
                return _("Waiting for you and %(others)s: %(what)s.") % {
                    "others": ", ".join(others),
                    "what": what,
                }
            return _("Waiting for you: %(what)s.") % {"what": what}
        return _("Waiting for %(who)s: %(what)s.") % {
            "who": ", ".join(who.character(s) for s in waiting) or _("nobody"),
            "what": what,
        }
    if view.get("actions"):
        actor = view["actions"]["actor"]
        if who.is_me(actor):
            return _("You take your action.")
        return _("%(who)s takes an action.") % {"who": who.character(actor)}
    if view.get("step") == "navigate":
        if who.is_me(view["navigator"]):
            return _("You navigate.")
        return _("%(who)s navigates.") % {"who": who.character(view["navigator"])}
    return ""


def _private(view: dict[str, Any]) -> Private | None:
    me = view.get("me")
    seat = view.get("seat")
    if not me or seat is None:
        return None
    who = Reader(view, seat)
    return Private(
        character=character_name(view["players"][seat]["character"]),
        hand=cards(me["hand"]),
        love=Card(me["love"], character_name(me["loves"])),
        hate=Card(me["hate"], character_name(me["hates"])),
        draft=cards(me.get("draft", [])),
        rowing=[navigation_line(c) for c in me.get("rowing", [])],
        rowed=[
            ([card_name(c) for c in r["to_stack"]], [card_name(c) for c in r["to_bottom"]])
            for r in me.get("rowed", [])
        ],
        row_stack=[navigation_line(c) for c in me.get("row_stack", [])],
        offers=[
            Offer(
                id=o["id"],
                incoming=o["to"] == seat,
                other=who.character(o["from"] if o["to"] == seat else o["to"], WITH),
                give=cards(o["give"]),
                take=cards(o["take"]),
            )
            for o in me.get("offers", [])
        ],
    )


def _trade(view: dict[str, Any]) -> TradeForm | None:
    me, seat = view.get("me"), view.get("seat")
    if not me or seat is None or view["phase"] != "actions" or view.get("step") not in ("act", "row"):
        return None
    players = view["players"]
    if players[seat]["condition"] != "conscious":
        return None
    targets = [
        p
        for p in players
        if p["seat"] in view["boat"] and p["seat"] != seat and p["condition"] == "conscious"
    ]
    if not targets:
        return None
    return TradeForm(
        targets=[(p["seat"], character_name(p["character"])) for p in targets],
        give=[(c["id"], card_name(c["id"])) for c in me["hand"]]
        + [(c["id"], _("%(card)s (face up)") % {"card": card_name(c["id"])}) for c in players[seat]["table"]],
        take_face_up=[
            (
                c["id"],
                _("%(who)s: %(card)s (face up)")
                % {"who": character_name(p["character"]), "card": card_name(c["id"])},
            )
            for p in targets
            for c in p["table"]
        ],
        kinds=[(kind, provision_name(kind)) for kind in _KINDS],
    )


_KINDS = (
    "water",
    "cash",
    "jewels",
    "painting",
    "medkit",
    "oar",
    "chum",
    "blackjack",
    "knife",
    "hook",
    "flare_gun",
    "life_preserver",
    "compass",
    "parasol",
)


def board(view: dict[str, Any], names: dict[int, str], reader: int | None) -> LifeboatBoard:
    """The board from one seat's `view`; `names` maps seats to players' names; `reader` is the
    seat that reads it ("you"; None for a spectator, or a replay seen by another player)."""
    players = view["players"]
    boat = view["boat"]
    # at least four seats wide (the birds and the counts need the room), the seats centred
    width = DECK_W * 2 + SEAT_W * max(len(boat), 4)
    start = (width - SEAT_W * len(boat)) // 2
    seats = [
        _seat_pic(players[s], start + SEAT_W * place + SEAT_W // 2, view, names, reader)
        for place, s in enumerate(boat)
    ]
    gone = [_seat_pic(p, 0, view, names, reader) for p in players if p["seat"] not in boat]
    who = Reader(view, reader)
    window = view.get("window")
    window_info = None
    if window:
        window_info = {
            "kind": str(WINDOWS.get(window["kind"], window["kind"])),
            "answered": [_("you") if who.is_me(s) else who.character(s) for s in window["answered"]],
            "waiting": [
                _("you") if who.is_me(s) else who.character(s)
                for s in window["seats"]
                if s not in window["answered"]
            ],
        }
    over = view["phase"] == "over"
    pic = LifeboatBoard(
        width=width,
        seats=seats,
        gone=gone,
        birds=[(width - 150 + 36 * i, i < view["birds"]) for i in range(MAX_BIRDS)],
        bird_count=view["birds"],
        provisions=view["decks"]["provisions"],
        navigation=view["decks"]["navigation"],
        row_stack=view["row_stack"],
        day=view["turn"],
        phase=str(PHASES.get(view["phase"], view["phase"])),
        step=str(STEPS.get(view.get("step") or "", "")),
        status=status(view, reader),
        navigation_card=navigation_line(view.get("navigation_card")) if view.get("navigation_card") else "",
        flare_reveal=[navigation_line(c) for c in view.get("flare_reveal", [])],
        row_log=[_row_line(r, who) for r in view.get("row_log", [])],
        window=window_info,
        over=over,
        private=None if over else _private(view),
        trade=None if over else _trade(view),
        results=results(view, names, reader) if over else [],
        results_note=_("Ties share a place: the rules give no tie-break.") if over else "",
    )
    pic.svg = svg.lifeboat(pic)
    return pic


def _row_line(r: dict[str, Any], who: Reader) -> str:
    values = {"stack": r["to_stack"], "bottom": r["to_bottom"], "who": who.character(r["seat"])}
    if who.is_me(r["seat"]):
        return (
            _("You put the rowed cards away: %(stack)s on the Row stack, %(bottom)s under the deck.") % values
        )
    return (
        _("%(who)s puts the rowed cards away: %(stack)s on the Row stack, %(bottom)s under the deck.")
        % values
    )


# -- the prompt --------------------------------------------------------------------------------
def question_text(view: dict[str, Any], kind: str) -> str | None:
    """The question an action type answers, worded for this seat (None: the generic one)."""
    who = Reader(view, view.get("seat"))
    window = view.get("window") or {}
    if kind == "react":
        fallers = window.get("fallers", [])
        if any(who.is_me(s) for s in fallers):
            return _("You go overboard: how do you react?")
        names = ", ".join(who.character(s) for s in fallers)
        return ngettext(
            "%(names)s goes overboard: how do you react?",
            "%(names)s go overboard: how do you react?",
            max(len(fallers), 1),
        ) % {"names": names or _("nobody")}
    if kind in ("accept", "refuse"):
        action = window.get("action") or {}
        attacker = who.character(window.get("attacker"))
        if action.get("type") == "swap":
            return _("%(who)s wants to change seats with you: accept, or refuse and fight?") % {
                "who": attacker
            }
        if action.get("card") == "hand":
            return _("%(who)s tries to mug you for a hand card: accept, or refuse and fight?") % {
                "who": attacker
            }
        return _("%(who)s tries to mug you for the %(card)s: accept, or refuse and fight?") % {
            "who": attacker,
            "card": card_name(action.get("card", ""), OBJECT),
        }
    if kind == "water":
        thirst = window.get("thirst", {})
        thirsty = ", ".join(
            (_("you") if who.is_me(int(s)) else who.character(int(s))) + f" ({n})" for s, n in thirst.items()
        )
        return _("Thirsty now: %(names)s. Who gets your Water?") % {"names": thirsty or _("nobody")}
    if kind == "fight":
        return _("The fight: %(attacker)s against %(defender)s. Which side, and which weapons?") % {
            "attacker": _("you")
            if who.is_me(window.get("attacker"))
            else who.character(window.get("attacker")),
            "defender": _("you")
            if who.is_me(window.get("defender"))
            else who.character(window.get("defender")),
        }
    return None


SIDES = {
    "out": pgettext_lazy("fight side", "Stay out of the fight"),
    "attacker": pgettext_lazy("fight side", "Fight for the attacker"),
    "defender": pgettext_lazy("fight side", "Fight for the defender"),
}


def compose_parts(kind: str, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Part] | None:
    """Rowing and fight rounds asked field by field (every combination of the fields is listed)."""
    if kind == "place_rowed":
        rowing = (view.get("me") or {}).get("rowing", [])
        legend = _("Tick the cards for the Row stack; the others go to the bottom of the deck")
        return [Part("to_stack", legend, True, [Choice(navigation_line(c), c) for c in rowing])]
    if kind == "fight":
        sides = list(dict.fromkeys(a["side"] for a in actions))
        weapons = list(dict.fromkeys(c for a in actions for c in a["weapons"]))
        parts = [Part("side", _("Your side"), False, [Choice(str(SIDES.get(s, s)), s) for s in sides])]
        if weapons:
            options = [Choice(card_name(c), c) for c in weapons]
            parts.append(
                Part("weapons", _("Weapons to play from your hand (not when staying out)"), True, options)
            )
        if any(a["flare"] for a in actions):
            parts.append(
                Part("flare", _("The Flare Gun"), True, [Choice(_("Declare it: +8 in this fight"), "true")])
            )
        return parts
    return None


# -- the end -----------------------------------------------------------------------------------
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
    if psychopath:
        if alive[char]:
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
                    % {"names": ", ".join(character_name(x) for x in dead) or _("nobody")},
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


# -- for mails: the seat's situation and the table at a glance ----------------------------------------
def situation(view: dict[str, Any], names: dict[int, str]) -> list[str]:
    """This seat's situation in a few sentences: character, condition, hand, Love and Hate."""
    seat = view.get("seat")
    me = view.get("me")
    if seat is None or not me:
        return []
    p = view["players"][seat]
    where = view["boat"].index(seat) + 1 if seat in view["boat"] else None
    lines = [
        _("You are %(character)s (Size %(size)s, %(wounds)s wounds, %(condition)s).")
        % {
            "character": character_name(p["character"]),
            "size": p["size"],
            "wounds": p["wounds"],
            "condition": condition_name(p["condition"]),
        },
        (
            _("You sit in seat %(place)s of %(count)s from the bow.")
            % {"place": where, "count": len(view["boat"])}
            if where
            else _("You are no longer in the boat.")
        ),
        _("Your hand: %(cards)s.") % {"cards": card_list([c["id"] for c in me["hand"]])},
    ]
    if p["table"]:
        lines.append(
            _("Face up in front of you: %(cards)s.") % {"cards": card_list([c["id"] for c in p["table"]])}
        )
    lines.append(
        _("You secretly love %(love)s and hate %(hate)s.")
        % {"love": character_name(me["loves"], OBJECT), "hate": character_name(me["hates"], OBJECT)}
    )
    who = Reader(view, seat)
    for o in me.get("offers", []):
        values = {"give": card_list(o["give"]), "take": card_list(o["take"])}
        if o["to"] == seat:
            lines.append(
                _("%(who)s offers you %(give)s for %(take)s.") % {**values, "who": who.character(o["from"])}
            )
        else:
            lines.append(
                _("You offer %(to)s %(give)s for %(take)s.") % {**values, "to": who.character(o["to"], TO)}
            )
    return lines


def glance(view: dict[str, Any], names: dict[int, str]) -> list[str]:
    """The table in a few lines: the day, birds, the decks, who sits where and who is out."""
    who = Reader(view, view.get("seat"))
    boat = ", ".join(
        (_("you") if who.is_me(s) else who.character(s))
        + (
            ""
            if view["players"][s]["condition"] == "conscious"
            else f" ({condition_name(view['players'][s]['condition'])})"
        )
        for s in view["boat"]
    )
    lines = [
        _("Day %(day)s, %(phase)s. Birds %(birds)s of 4.")
        % {
            "day": view["turn"],
            "phase": str(PHASES.get(view["phase"], view["phase"])),
            "birds": view["birds"],
        },
        _("In the boat, bow to stern: %(boat)s.") % {"boat": boat or _("nobody")},
        _("Provisions deck %(provisions)s, Navigation deck %(navigation)s, Row stack %(row)s.")
        % {
            "provisions": view["decks"]["provisions"],
            "navigation": view["decks"]["navigation"],
            "row": view["row_stack"],
        },
    ]
    gone = [p for p in view["players"] if p["seat"] not in view["boat"]]
    if gone:
        lines.append(
            _("Gone overboard: %(names)s.")
            % {"names": ", ".join(character_name(p["character"]) for p in gone)}
        )
    if view.get("navigation_card"):
        lines.append(
            _("Last Navigation card: %(card)s.") % {"card": navigation_line(view["navigation_card"])}
        )
    text = status(view, view.get("seat"))
    if text:
        lines.append(text)
    return lines
