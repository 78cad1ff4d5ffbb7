"""Lifeboat (Siadek): the boat bow to stern, and the private corner of one seat, from its view."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy, pgettext_lazy

from engine.lifeboat.data import CHARACTERS, KIND, KINDS, NAVIGATION, VALUE
from games import i18n
from games.i18n import gettext as _
from games.i18n import names_of, per_language, pgettext

from . import svg
from .palette import CHARACTER_COLOURS, ink
from .prompt import Choice, Part

#: What the selector puts in an event instead of a card the seat no longer sees.
HIDDEN = "?"

SEAT_W = 120
DECK_W = 70
BOAT_Y = 92
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
phase_name, step_name, window_name = names_of(PHASES), names_of(STEPS), names_of(WINDOWS)


@per_language
def card_name(card: str) -> str:
    """A Provisions card's printed name (by id or by kind), a Navigation card's number, else the id."""
    if card == HIDDEN:
        return _("a card")
    kind = KIND.get(card, card)
    if kind not in KINDS:
        return (
            _("Navigation %(number)s") % {"number": NAVIGATION[card].number} if card in NAVIGATION else card
        )
    if card in VALUE:
        return _("%(card)s (%(points)s points)") % {"card": i18n.provision_name(kind), "points": VALUE[card]}
    return i18n.provision_name(kind)


@per_language
def nav_number(card: str) -> str:
    return _("No. %(number)s") % {"number": NAVIGATION[card].number} if card in NAVIGATION else _("a card")


def action_label(view: dict[str, Any], action: dict[str, Any], label: str) -> str:
    """A clearer label than the engine's where the choice is about which card (rowing, paintings)."""
    kind = action.get("type")
    if kind == "place_rowed":
        rowing = (view.get("me") or {}).get("rowing", [])
        stack = [c for c in rowing if c in action["to_stack"]]
        bottom = [c for c in rowing if c not in action["to_stack"]]
        return _("Row stack: %(stack)s · bottom: %(bottom)s") % {
            "stack": ", ".join(nav_number(c) for c in stack) or _("none"),
            "bottom": ", ".join(nav_number(c) for c in bottom) or _("none"),
        }
    if kind in ("keep", "play") and action.get("card") in VALUE:
        return label.replace(i18n.provision_name("painting"), card_name(action["card"]), 1)
    return label


SIDES = {
    "out": gettext_lazy("Stay out of the fight"),
    "attacker": gettext_lazy("Fight for the attacker"),
    "defender": gettext_lazy("Fight for the defender"),
}
side_choice = names_of(SIDES)


def _unique(values: list[Any]) -> list[Any]:
    return list(dict.fromkeys(values))


def compose_parts(kind: str, actions: list[dict[str, Any]], view: dict[str, Any]) -> list[Part] | None:
    """Rowing and fight rounds asked field by field (every combination of the fields is listed)."""
    if kind == "place_rowed":
        cards = (view.get("me") or {}).get("rowing", [])
        legend = _("Tick the cards for the Row stack; the others go to the bottom of the deck")
        return [Part("to_stack", legend, True, [Choice(navigation_summary(c), c) for c in cards])]
    if kind == "fight":
        sides = _unique([a["side"] for a in actions])
        weapons = _unique([c for a in actions for c in a["weapons"]])
        parts = [Part("side", _("Your side"), False, [Choice(side_choice(sd), sd) for sd in sides])]
        if weapons:
            options = [Choice(card_name(c), c) for c in weapons]
            legend = _("Weapons to play from your hand (not when staying out)")
            parts.append(Part("weapons", legend, True, options))
        if any(a["flare"] for a in actions):
            flare = [Choice(_("Declare it: +8 in this fight"), "true")]
            parts.append(Part("flare", _("The Flare Gun"), True, flare))
        return parts
    return None


def character_name(slug: str) -> str:
    return i18n.character_name(slug) if slug in CHARACTERS else slug


def _names(slugs: Any) -> str:
    if slugs == "all":
        return _("everyone aboard")
    if not slugs:
        return _("nobody")
    return ", ".join(character_name(s) for s in slugs)


def navigation_summary(card: str | dict[str, Any] | None) -> str:
    """One line for a Navigation card: overboard, birds, thirst, fight and oar icons."""
    if card is None:
        return ""
    return _navigation_line(card if isinstance(card, str) else card.get("id", ""))


@per_language
def _navigation_line(card: str) -> str:
    nav = NAVIGATION.get(card)
    if nav is None:
        return _("a Navigation card")
    overboard: Any = "all" if nav.overboard == ("*",) else list(nav.overboard)
    if nav.thirsty_all:
        thirsty = _("all but %(names)s") % {"names": _names(nav.thirsty)} if nav.thirsty else _("everyone")
    else:
        thirsty = _names(nav.thirsty)
    number, bird, fight, oar = nav.number, nav.bird, nav.fight, nav.oar
    parts = [_("No. %(number)s: overboard %(names)s") % {"number": number, "names": _names(overboard)}]
    if bird:
        parts.append(_("a bird (+1)") if bird > 0 else _("a crossed-out bird (-1)"))
    parts.append(_("thirsty %(names)s") % {"names": thirsty})
    if fight:
        parts.append(_("fighters thirsty"))
    if oar:
        parts.append(_("rowers thirsty"))
    return "; ".join(parts)


CONDITIONS = {
    "conscious": pgettext_lazy("lifeboat condition", "conscious"),
    "unconscious": pgettext_lazy("lifeboat condition", "unconscious"),
    "dead": pgettext_lazy("lifeboat condition", "dead"),
}
SIDE_NAMES = {"attacker": gettext_lazy("attacker"), "defender": gettext_lazy("defender")}
condition_name, side_name = names_of(CONDITIONS), names_of(SIDE_NAMES)


@dataclass
class SeatPic:
    seat: int
    place: int
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
    pips: list[tuple[int, bool]]
    table: list[str]
    hand_size: int
    rowed: bool
    fought: bool
    navigator: bool
    waited: bool
    side: str | None = None

    @property
    def details(self) -> str:
        """The seat's public state in words, for the list beside the picture."""
        return _details(
            self.size,
            self.wounds,
            self.condition,
            self.navigator,
            self.waited,
            self.side,
            self.rowed,
            self.fought,
        )


@per_language
def _details(
    size: int,
    wounds: int,
    condition: str,
    navigator: bool,
    waited: bool,
    side: str | None,
    rowed: bool,
    fought: bool,
) -> str:
    """A seat's public state in words, remembered: seats differ in few ways."""
    parts = [
        _("Size %(size)s") % {"size": size},
        _("wounds %(wounds)s") % {"wounds": wounds},
        condition_name(condition),
    ]
    if navigator:
        parts.append(_("navigator"))
    if waited:
        parts.append(_("to act"))
    if side:
        parts.append(side_name(side))
    if rowed:
        parts.append(_("rowed"))
    if fought:
        parts.append(_("fought"))
    return ", ".join(parts)


@dataclass
class LifeboatBoard:
    width: int
    seats: list[SeatPic]
    gone: list[SeatPic]
    birds: list[tuple[int, bool]]
    bird_count: int
    provisions: int
    navigation: int
    row_stack: int
    turn: int
    phase: str
    step: str
    navigation_card: str
    flare_reveal: list[str]
    row_log: list[str]
    status: str
    window: dict[str, Any] | None
    over: bool
    private: dict[str, Any] | None = None
    final: list[dict[str, Any]] = field(default_factory=list)
    trade: dict[str, Any] | None = None
    svg: str = ""

    @property
    def gone_names(self) -> str:
        """Who went overboard, each with their player."""
        return ", ".join(f"{s.name} ({s.player})" for s in self.gone)


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _who(players: list[dict[str, Any]], seat: int | None, me: int | None) -> str:
    if seat is None:
        return _("nobody")
    if seat == me:
        return pgettext("log: the reader", "you") % {"name": character_name(players[seat]["character"])}
    return character_name(players[seat]["character"])


def _seat_pic(p: dict[str, Any], place: int, x: int, view: dict[str, Any], names: dict[int, str]) -> SeatPic:
    fill, mark = CHARACTER_COLOURS.get(p["character"], ("#888888", "?"))
    pip_step = min(10, (SEAT_W - 20) // max(p["size"] + 1, 1))
    start = x - pip_step * p["size"] // 2
    window = view.get("window") or {}
    side = None
    if window.get("kind") == "fight":
        for name, seats in window.get("sides", {}).items():
            if p["seat"] in seats:
                side = name
    return SeatPic(
        seat=p["seat"],
        place=place,
        x=x,
        character=p["character"],
        name=character_name(p["character"]),
        mark=mark,
        fill="#BBBBBB" if p["condition"] == "dead" else fill,
        ink=ink(fill) if p["condition"] != "dead" else "#000000",
        player=names[p["seat"]] if p["seat"] in names else _("Seat %(n)s") % {"n": p["seat"]},
        is_me=p["seat"] == view.get("seat"),
        wounds=p["wounds"],
        size=p["size"],
        condition=p["condition"],
        pips=[(start + i * pip_step, i < p["wounds"]) for i in range(p["size"] + 1)],
        table=[
            _("%(card)s (open)") % {"card": card_name(c["id"])} if c.get("open") else card_name(c["id"])
            for c in p["table"]
        ],
        hand_size=p["hand_size"],
        rowed=p["rowed"],
        fought=p["fought"],
        navigator=view.get("navigator") == p["seat"],
        waited=p["seat"] in view.get("to_act", []),
        side=side,
    )


def _status(view: dict[str, Any], players: list[dict[str, Any]], me: int | None) -> str:
    if view["phase"] == "over":
        return _("The game is over.")
    if view.get("draft"):
        d = view["draft"]
        who = upper_first(_who(players, d["drafter"], me))
        return _("%(who)s chooses from %(count)s provisions.") % {"who": who, "count": d["cards"]}
    if view.get("rowing"):
        r = view["rowing"]
        who = upper_first(_who(players, r["rower"], me))
        return _("%(who)s rowed %(count)s cards and places them.") % {"who": who, "count": r["count"]}
    window = view.get("window")
    if window:
        waiting = [s for s in window["seats"] if s not in window["answered"]]
        who = ", ".join(_who(players, s, me) for s in waiting) or _("nobody")
        return _("Waiting for %(who)s: %(what)s.") % {
            "who": who,
            "what": window_name(window["kind"]),
        }
    if view.get("actions"):
        return _("%(who)s takes an action.") % {
            "who": upper_first(_who(players, view["actions"]["actor"], me))
        }
    if view.get("step") == "navigate":
        return _("%(who)s navigates.") % {"who": upper_first(_who(players, view["navigator"], me))}
    return ""


def _private(view: dict[str, Any]) -> dict[str, Any] | None:
    me = view.get("me")
    if not me:
        return None
    players = view["players"]
    out: dict[str, Any] = {
        "hand": [card_name(c["id"]) for c in me["hand"]],
        "love": character_name(me["loves"]),
        "hate": character_name(me["hates"]),
        "draft": [card_name(c) for c in me.get("draft", [])],
        "rowing": [navigation_summary(c) for c in me.get("rowing", [])],
        "rowed": [
            {
                "stack": [navigation_summary(c) for c in r["to_stack"]],
                "bottom": [navigation_summary(c) for c in r["to_bottom"]],
            }
            for r in me.get("rowed", [])
        ],
        "row_stack": [navigation_summary(c) for c in me.get("row_stack", [])],
        "offers": [
            {
                "id": o["id"],
                "incoming": o["to"] == view["seat"],
                "other": character_name(
                    players[o["from"] if o["to"] == view["seat"] else o["to"]]["character"]
                ),
                "give": [card_name(c) for c in o["give"]] or [_("nothing")],
                "take": [card_name(c) for c in o["take"]] or [_("nothing")],
            }
            for o in me.get("offers", [])
        ],
        "fight_side": me.get("fight_side"),
    }
    return out


@per_language
def provision_kinds() -> tuple[tuple[str, str], ...]:
    """(slug, name) of every kind of Provisions card, the same for every trade form."""
    return tuple((k.slug, i18n.provision_name(k.slug)) for k in KINDS.values())


def _trade(view: dict[str, Any]) -> dict[str, Any] | None:
    """The trade form's choices, while this seat may offer a trade (Actions phase, conscious)."""
    me, seat = view.get("me"), view.get("seat")
    if not me or view["phase"] != "actions" or view.get("step") not in ("act", "row"):
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
    face_up = _("face up")
    # (value, label) pairs for the form's fields
    return {
        "targets": [(p["seat"], character_name(p["character"])) for p in targets],
        "give": [(c["id"], card_name(c["id"])) for c in me["hand"]]
        + [(c["id"], f"{card_name(c['id'])} ({face_up})") for c in players[seat]["table"]],
        "take_face_up": [
            (c["id"], f"{character_name(p['character'])}: {card_name(c['id'])} ({face_up})")
            for p in targets
            for c in p["table"]
        ],
        "kinds": provision_kinds(),
    }


def _final(view: dict[str, Any], names: dict[int, str]) -> list[dict[str, Any]]:
    if view["phase"] != "over":
        return []
    scores = view.get("scores") or []
    return [
        {
            "player": names.get(p["seat"]) or _("Seat %(n)s") % {"n": p["seat"] + 1},
            "character": character_name(p["character"]),
            "love": character_name(str(p.get("love", "")).split("-", 1)[-1]),
            "hate": character_name(str(p.get("hate", "")).split("-", 1)[-1]),
            "hand": [card_name(c["id"]) for c in p.get("hand", [])],
            "score": scores[p["seat"]] if p["seat"] < len(scores) else None,
        }
        for p in view["players"]
    ]


def board(view: dict[str, Any], names: dict[int, str]) -> LifeboatBoard:
    """Template data for the boat, from one seat's view; `names` maps seats to display names."""
    players = view["players"]
    me = view.get("seat")
    boat = view["boat"]
    seats = [
        _seat_pic(players[s], place, DECK_W + SEAT_W * place + SEAT_W // 2, view, names)
        for place, s in enumerate(boat)
    ]
    gone = [_seat_pic(p, -1, 0, view, names) for p in players if p["seat"] not in boat]
    window = view.get("window")
    window_info = None
    if window:
        window_info = {
            "kind": window_name(window["kind"]),
            "answered": [_who(players, s, me) for s in window["answered"]],
            "waiting": [_who(players, s, me) for s in window["seats"] if s not in window["answered"]],
        }
    width = DECK_W * 2 + SEAT_W * max(len(boat), 1)
    pic = LifeboatBoard(
        width=width,
        seats=seats,
        gone=gone,
        birds=[(width - 150 + 36 * i, i < view["birds"]) for i in range(MAX_BIRDS)],
        bird_count=view["birds"],
        provisions=view["decks"]["provisions"],
        navigation=view["decks"]["navigation"],
        row_stack=view["row_stack"],
        turn=view["turn"],
        phase=phase_name(view["phase"]),
        step=step_name(view["step"]) if view.get("step") in STEPS else "",
        navigation_card=navigation_summary(view.get("navigation_card")),
        flare_reveal=[navigation_summary(c) for c in view.get("flare_reveal", [])],
        row_log=[
            _("%(who)s put %(stack)s on the Row stack and %(bottom)s at the bottom.")
            % {
                "who": upper_first(_who(players, r["seat"], me)),
                "stack": r["to_stack"],
                "bottom": r["to_bottom"],
            }
            for r in view.get("row_log", [])
        ],
        status=_status(view, players, me),
        window=window_info,
        over=view["phase"] == "over",
        private=_private(view),
        final=_final(view, names),
        trade=_trade(view),
    )
    pic.svg = svg.lifeboat(pic)
    return pic
