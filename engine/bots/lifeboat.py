"""A Lifeboat bot: keeps itself and its love alive, hurts its hate, hoards Water and treasure.

It reads only the seat's view and its legal actions. From the view it builds a small model of
what the seat's final score will be, the *potential*:

- every character's chance to be alive at the end: the chance that the wounds still to come (a
  Poisson count whose mean is the turns left times how often the printed Navigation deck names
  that character thirsty or overboard) do not exceed what it can take and the Water it holds;
  an unconscious character's chance is cut further (it drowns if it falls);
- what each character's life is worth to this seat (its *stake*, from its secret Love and Hate
  cards and the scoring rules: its own Survival, its love's Survival, minus its hate's Size, and
  for a psychopath minus everyone's Size);
- its treasure, counted by the chance that its body stays in the boat.

The potential is the sum of stakes times chances, plus the treasure. Each decision is one step of
look-ahead: the bot applies each legal action to this model (a wound here, a card there, a
Navigation card's fallers and thirsts, a fight won or lost with the chance the sides' strengths
give) and keeps the best, with a little noise so that near-equal choices (whom to mug, which of
two good cards to play) are not always the same and do not give its cards away.

The printed decks are data from the rules (`../shared/rules/lifeboat.md`): the Navigation table
by card number (`nav-NN`), and the Provisions table, whose ids `prov-01` .. `prov-42` follow it
kind by kind (a card the view names by id only, such as a drafted card or a traded one, has a
known kind).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from .common import Action, View, best, rng_for

# -- the printed cards (from the rules) ------------------------------------------------------------
#: Provisions by kind, in the order of the rules' table; ids prov-01 .. prov-42 follow it.
PROVISIONS: tuple[tuple[str, int], ...] = (
    ("water", 16),
    ("cash", 6),
    ("jewels", 3),
    ("painting", 3),
    ("medkit", 3),
    ("oar", 2),
    ("chum", 2),
    ("blackjack", 1),
    ("knife", 1),
    ("hook", 1),
    ("flare_gun", 1),
    ("life_preserver", 1),
    ("compass", 1),
    ("parasol", 1),
)
PAINTING_VALUES = (3, 3, 2)
WEAPON = {"oar": 1, "blackjack": 2, "knife": 3, "hook": 4}
FLARE = 8
JEWEL_POINTS = (0, 1, 4, 8)
DOUBLES = {"lady_lauren": "jewels", "sir_stephen": "painting", "captain": "cash"}
SWIMMER = "frenchy"
PICKPOCKET = "kid"
TOTAL = {kind: count for kind, count in PROVISIONS}
DECK_SIZE = sum(TOTAL.values())


def _provisions() -> tuple[dict[str, str], dict[str, int]]:
    kind_of: dict[str, str] = {}
    value_of: dict[str, int] = {}
    number = 0
    for kind, count in PROVISIONS:
        for copy in range(count):
            number += 1
            card = f"prov-{number:02d}"
            kind_of[card] = kind
            if kind == "painting":
                value_of[card] = PAINTING_VALUES[copy]
    return kind_of, value_of


KIND_OF, PAINTING_OF = _provisions()


@dataclass(frozen=True)
class Nav:
    number: int
    #: characters who go overboard; None for everyone in the boat
    overboard: tuple[str, ...] | None
    bird: int
    thirsty: tuple[str, ...]
    #: thirsty are all but `thirsty`
    thirsty_all: bool
    fight: bool
    oar: bool

    def falls(self, character: str) -> bool:
        return self.overboard is None or character in self.overboard

    def thirst_of(self, character: str) -> int:
        return int((character not in self.thirsty) if self.thirsty_all else (character in self.thirsty))


# number | overboard | bird | thirsty by name | fight | oar   (the rules' Navigation table)
_NAV_TABLE = """
19 | first_mate  |    | captain first_mate                       |   | x
20 | kid         |    | all-but kid                              |   | x
21 | kid         | +1 | all-but lady_lauren                      | x | x
22 | all         |    | all                                      | x |
23 | captain     | +1 | first_mate                               | x |
24 | sir_stephen |    | captain sir_stephen                      |   |
25 | nobody      | +1 | nobody                                   |   |
26 | sir_stephen | +1 | captain kid                              |   | x
27 | captain     |    | frenchy                                  |   |
28 | lady_lauren | -1 | all                                      |   | x
29 | kid         |    | all-but lady_lauren                      | x |
30 | first_mate  |    | lady_lauren                              |   |
31 | all         | +1 | all                                      | x | x
32 | frenchy     | +1 | captain first_mate sir_stephen           |   |
33 | sir_stephen |    | captain first_mate frenchy               | x | x
34 | frenchy     |    | captain first_mate kid                   |   | x
35 | first_mate  |    | captain frenchy                          | x | x
36 | frenchy     |    | captain first_mate lady_lauren           | x |
37 | frenchy     |    | captain first_mate frenchy sir_stephen   | x | x
38 | kid         |    | captain first_mate frenchy lady_lauren   |   |
39 | first_mate  | +1 | kid                                      | x |
40 | sir_stephen |    | captain lady_lauren                      | x |
41 | captain     |    | sir_stephen                              | x | x
42 | captain     |    | captain                                  |   |
"""


def _navigation() -> dict[int, Nav]:
    cards: dict[int, Nav] = {}
    for line in _NAV_TABLE.strip().splitlines():
        number, over, bird, thirsty, fight, oar = (part.strip() for part in line.split("|"))
        words = thirsty.split()
        if words and words[0] == "all-but":
            names, every = tuple(words[1:]), True
        elif words == ["all"]:
            names, every = (), True
        elif words == ["nobody"]:
            names, every = (), False
        else:
            names, every = tuple(words), False
        overboard = None if over == "all" else () if over == "nobody" else (over,)
        cards[int(number)] = Nav(
            int(number), overboard, int(bird or 0), names, every, fight == "x", oar == "x"
        )
    return cards


NAVIGATION: dict[int, Nav] = _navigation()
assert len(KIND_OF) == DECK_SIZE == 42
assert len(NAVIGATION) == 24
CHARACTERS = ("lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid")
#: per turn, how often a character is named thirsty, and overboard, by the deck
THIRST_RATE = {c: sum(nav.thirst_of(c) for nav in NAVIGATION.values()) / 24 for c in CHARACTERS}
FALL_RATE = {c: sum(nav.falls(c) for nav in NAVIGATION.values()) / 24 for c in CHARACTERS}
FIGHT_ICONS = sum(nav.fight for nav in NAVIGATION.values()) / 24
OAR_ICONS = sum(nav.oar for nav in NAVIGATION.values()) / 24


def nav_number(card: str) -> int:
    return int(card.rsplit("-", 1)[1])


# -- the model's tuning ----------------------------------------------------------------------------
#: turns a game lasts per bird still needed (measured: about 13.5 turns from 0 birds)
TURNS_PER_BIRD = 3.4
#: a Water held absorbs about this many of the wounds to come (it may be mugged, or not needed)
WATER_WORTH = 0.85
#: the Water a conscious character gains from each draft still to come
FUTURE_WATER = 0.3
#: an unconscious character's chance to live on is cut by this factor (it drowns if it falls)
UNCONSCIOUS = 0.6
#: the chance that a conscious target refuses a mug or a swap
REFUSES = 0.5
#: how much a weapon played face up costs (it can then be mugged by name)
SHOWN = 0.05
#: noise on choices, in points
NOISE = 0.3
#: the price of a favour everyone sees (Water pledged, a Medical Kit or the Life Preserver given to
#: another): each tells the table whom the bot loves, so it does them only when they matter
SECRECY = 0.25


@cache
def poisson_cdf(m: int, lam100: int) -> float:
    lam = lam100 / 100
    term = math.exp(-lam)
    total = term
    for k in range(1, m + 1):
        term *= lam / k
        total += term
    return min(1.0, total)


def normal_cdf(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def expected_max(values: list[float], k: int) -> float:
    """The mean of the best of `k` drawn without replacement from `values` (k < 1: the mean)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    n = len(ordered)
    if k <= 1:
        return sum(ordered) / n
    if k >= n:
        return ordered[-1]
    total = math.comb(n, k)
    return sum(v * math.comb(i, k - 1) for i, v in enumerate(ordered)) / total


class Model:
    """What the seat knows, and its potential final score, from its view alone."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.me: int = view["seat"]
        players = view["players"]
        self.n = len(players)
        self.char: list[str] = [p["character"] for p in players]
        self.seat_of = {c: i for i, c in enumerate(self.char)}
        self.size: list[int] = [p["size"] for p in players]
        self.survival: list[int] = [p["survival"] for p in players]
        self.wounds: list[int] = [p["wounds"] for p in players]
        self.dead: list[bool] = [p["condition"] == "dead" for p in players]
        self.awake: list[bool] = [p["condition"] == "conscious" for p in players]
        self.boat: list[int] = list(view["boat"])
        self.aboard = set(self.boat)
        self.table: list[list[str]] = [[c["kind"] for c in p["table"]] for p in players]
        self.open_parasol = [
            any(c["kind"] == "parasol" and c.get("open") for c in p["table"]) for p in players
        ]
        self.hand_size: list[int] = [p["hand_size"] for p in players]
        self.rowed: list[bool] = [p["rowed"] for p in players]
        self.fought: list[bool] = [p["fought"] for p in players]
        mine = view["me"]
        self.hand: list[str] = [c["kind"] for c in mine["hand"]]
        self.hand_ids: list[str] = [c["id"] for c in mine["hand"]]
        self.love: int | None = self.seat_of.get(mine["loves"])
        self.hate: int | None = self.seat_of.get(mine["hates"])
        self.options = view.get("options") or {}
        self.birds: int = view["birds"]
        self.turns = max(0.6, TURNS_PER_BIRD * (4 - self.birds))
        drafters = max(1, sum(1 for x in self.boat if self.awake[x]))
        self.draws = min(self.turns, (view.get("decks") or {}).get("provisions", 0) / drafters)
        self.stake = [self._stake(x) for x in range(self.n)]
        self._unknown_mean: float | None = None

    # -- what lives and deaths are worth to this seat ----------------------------------------------
    def _stake(self, x: int) -> float:
        me, love, hate = self.me, self.love, self.hate
        psycho = hate == me
        ambivalent = love == hate and love != me
        value = 0.0
        if x == me and not psycho:
            value += self.survival[x]
        if self.options.get("ambivalent_scores", True) or not ambivalent:
            if x == love:
                value += self.survival[x]
            if x == hate and not psycho:
                value -= self.size[x]
        if psycho and x not in (me, love):
            value -= self.size[x]
        return value

    def my(self, kind: str) -> int:
        return self.hand.count(kind) + self.table[self.me].count(kind)

    def water_of(self, x: int) -> float:
        """Water x holds (for others: face up, and a guess at its hand)."""
        if x == self.me:
            return float(self.my("water"))
        guess = self.hand_size[x] * TOTAL["water"] / DECK_SIZE if self.awake[x] else 0.0
        return self.table[x].count("water") + guess

    def rate(self, x: int) -> float:
        c = self.char[x]
        falls = 0.0 if c == SWIMMER or "life_preserver" in self.table[x] else FALL_RATE.get(c, 0.25)
        extra = 0.5 if self.open_parasol[x] else 0.0
        return max(0.05, THIRST_RATE.get(c, 0.5) - extra) + falls + 0.08

    def alive(self, x: int, wounds: float, turns: float | None = None, water: float | None = None) -> float:
        """x's chance to be alive at the end, with `wounds` wounds now."""
        whole = math.floor(wounds)
        frac = wounds - whole
        if frac > 1e-9:
            return (1 - frac) * self.alive(x, whole, turns, water) + frac * self.alive(
                x, whole + 1, turns, water
            )
        margin = self.size[x] - whole
        if margin < 0:
            return 0.0
        t = self.turns if turns is None else turns
        w = self.water_of(x) if water is None else water
        lam100 = round(t * self.rate(x) * 100)
        # each Water held absorbs (about) one of the wounds to come, and so does each Water still
        # to come from the Quartermaster (for the turns of those left that are counted here); an
        # unconscious character drinks only what lies face up before it
        if self.awake[x]:
            drafted = FUTURE_WATER * self.draws * min(1.0, t / self.turns)
            room = margin + WATER_WORTH * (w + drafted)
        else:
            room = margin + w
        low = math.floor(room)
        chance = poisson_cdf(low, lam100)
        if room > low:
            chance += (room - low) * (poisson_cdf(low + 1, lam100) - chance)
        return chance * UNCONSCIOUS if margin == 0 else chance

    def treasure(self, kinds: list[str], paintings: list[int]) -> int:
        cash = kinds.count("cash")
        jewels = JEWEL_POINTS[min(3, kinds.count("jewels"))]
        painting = sum(paintings)
        points = {"cash": cash, "jewels": jewels, "painting": painting}
        doubled = DOUBLES.get(self.char[self.me])
        if doubled:
            points[doubled] *= 2
        return sum(points.values())

    def my_treasure(self, extra: tuple[str, ...] = (), lose: tuple[str, ...] = ()) -> int:
        kinds = self.hand + self.table[self.me]
        ids = [c["id"] for c in self.view["players"][self.me]["table"]] + self.hand_ids
        paintings = [PAINTING_OF.get(c, 3) for c in ids if KIND_OF.get(c) == "painting"]
        for kind in lose:
            if kind in kinds:
                kinds.remove(kind)
                if kind == "painting" and paintings:
                    paintings.remove(min(paintings))
        for kind in extra:
            kinds.append(kind)
            if kind == "painting":
                paintings.append(3)
        return self.treasure(kinds, paintings)

    def body_stays(self, chance_alive: float) -> float:
        return 0.35 + 0.65 * chance_alive

    def potential(
        self,
        wounds: list[float] | None = None,
        dead: list[bool] | None = None,
        turns: float | None = None,
        my_water: float | None = None,
        treasure: float | None = None,
        body: bool = True,
    ) -> float:
        hurt: list[float] | list[int] = self.wounds if wounds is None else wounds
        dead = self.dead if dead is None else dead
        total = 0.0
        mine = 0.0
        for x in range(self.n):
            if dead[x]:
                continue
            chance = self.alive(x, hurt[x], turns, my_water if x == self.me else None)
            total += self.stake[x] * chance
            if x == self.me:
                mine = chance
        points = self.my_treasure() if treasure is None else treasure
        if body:
            total += points * self.body_stays(mine)
        return total

    def final(self) -> float:
        """The seat's score if the game ended now."""
        total = sum(self.stake[x] for x in range(self.n) if not self.dead[x])
        if self.me in self.aboard:
            total += self.my_treasure()
        return total

    def wound_cost(self, x: int, amount: int = 1) -> float:
        """How much the potential drops if x takes `amount` wounds now (negative: a gain)."""
        if self.dead[x]:
            return 0.0
        before = self.alive(x, self.wounds[x])
        after = self.alive(x, self.wounds[x] + amount)
        cost = self.stake[x] * (before - after)
        if x == self.me:
            cost += self.my_treasure() * (self.body_stays(before) - self.body_stays(after))
        return cost

    # -- cards --------------------------------------------------------------------------------------
    def card_value(self, kind: str) -> float:
        """What holding one more card of `kind` is worth to this seat."""
        me = self.me
        if kind == "water":
            w = self.water_of(me)
            gain = self.stake[me] * (
                self.alive(me, self.wounds[me], water=w + 1) - self.alive(me, self.wounds[me])
            )
            love = self.love
            if love is not None and love != me and not self.dead[love]:
                gain += (
                    0.3
                    * self.stake[love]
                    * (
                        self.alive(love, self.wounds[love], water=self.water_of(love) + 1)
                        - self.alive(love, self.wounds[love])
                    )
                )
            return max(0.1, gain)
        if kind in ("cash", "jewels", "painting"):
            chance = self.alive(me, self.wounds[me])
            return (self.my_treasure(extra=(kind,)) - self.my_treasure()) * self.body_stays(chance)
        if kind == "medkit":
            return 0.9 * max(self.card_value("water"), 0.2)
        if kind in WEAPON:
            return 0.35 + 0.25 * WEAPON[kind]
        if kind == "flare_gun":
            return 1.2 + 0.4 * self.birds
        if kind == "life_preserver":
            return 0.8 + 0.5 * self.wound_cost(me)
        if kind == "compass":
            return 0.5
        if kind == "parasol":
            return 0.4 + self.parasol_gain()
        if kind == "chum":
            return 0.3
        return 0.2

    def parasol_gain(self) -> float:
        me = self.me
        k = self.turns * min(1.0, THIRST_RATE.get(self.char[me], 0.5) + 0.1)
        w = self.water_of(me)
        return self.stake[me] * (
            self.alive(me, self.wounds[me], water=w + 0.8 * k / WATER_WORTH) - self.alive(me, self.wounds[me])
        )

    def unknown_mean(self) -> float:
        """The mean value of a card this seat cannot see (another's hand card, the deck's top)."""
        if self._unknown_mean is None:
            seen: dict[str, int] = dict.fromkeys(TOTAL, 0)
            for kind in self.hand:
                seen[kind] += 1
            for cards in self.table:
                for kind in cards:
                    seen[kind] += 1
            for card in list(self.view.get("discard", [])) + list(self.view.get("removed", [])):
                if card in KIND_OF:
                    seen[KIND_OF[card]] += 1
            pool = {k: max(0, TOTAL[k] - seen[k]) for k in TOTAL}
            count = sum(pool.values())
            self._unknown_mean = (
                sum(n * self.card_value(k) for k, n in pool.items() if n) / count if count else 0.5
            )
        return self._unknown_mean

    def hand_loss(self) -> float:
        """The expected value lost to a mug for a random hand card."""
        if not self.hand:
            return 0.0
        return sum(self.card_value(k) for k in self.hand) / len(self.hand)

    # -- fights ------------------------------------------------------------------------------------
    def strength(self, x: int) -> int:
        return self.size[x] + sum(WEAPON.get(k, 0) for k in self.table[x])

    def hidden_weapons(self, x: int) -> float:
        """The expected strength of the weapons x may still play from hand."""
        if x == self.me:
            return float(sum(WEAPON.get(k, 0) for k in self.hand))
        return 0.25 * self.hand_size[x]

    def joiners_spread(self, exclude: set[int]) -> float:
        var = 1.0
        for x in self.boat:
            if x in exclude or not self.awake[x] or x == self.me:
                continue
            var += 0.6 * (self.size[x] + 1) ** 2
        return math.sqrt(var)

    def stern_navigator(self, boat: list[int] | None = None) -> int | None:
        for x in reversed(self.boat if boat is None else boat):
            if self.awake[x]:
                return x
        return None

    # -- Navigation cards ----------------------------------------------------------------------------
    def after_navigation(self, number: int) -> float:
        """The potential after this Navigation card is played now (one turn on)."""
        nav = NAVIGATION[number]
        birds = max(0, self.birds + nav.bird)
        if birds >= 4:
            return self.final()
        turns = max(0.5, TURNS_PER_BIRD * (4 - birds) - 1)
        me = self.me
        wounds: list[float] = [float(w) for w in self.wounds]
        dead = list(self.dead)
        body = True
        treasure = float(self.my_treasure())
        preserved = ["life_preserver" in t for t in self.table]
        if self.awake[me] and "life_preserver" in self.hand:
            preserved[me] = True
        fallers = [x for x in self.boat if nav.falls(self.char[x])]
        if fallers:
            chum = sum(self.table[x].count("chum") for x in fallers)
            sharks = (1 if chum else 0) if self.options.get("sharks") else chum
            for x in fallers:
                if dead[x]:
                    if x == me:
                        body = False
                    continue
                fall = 0 if self.char[x] == SWIMMER or preserved[x] else 1
                wounds[x] += fall + sharks
                if wounds[x] > self.size[x] or (wounds[x] >= self.size[x] and not preserved[x]):
                    dead[x] = True
                    if x == me:
                        body = False
            if me in fallers:
                lost = [k for k in self.table[me] if k != "life_preserver"]
                treasure = float(self.my_treasure(lose=tuple(lost)))
        my_water = float(self.my("water"))
        for x in self.boat:
            if dead[x]:
                continue
            count = (
                nav.thirst_of(self.char[x])
                + int(nav.oar and self.rowed[x])
                + int(nav.fight and self.fought[x])
            )
            if count and self.open_parasol[x]:
                count -= 1
            if not count:
                continue
            if x == me:
                drink = (
                    min(count, int(my_water)) if self.awake[me] else min(count, self.table[me].count("water"))
                )
                my_water -= drink
                wounds[x] += count - drink
            else:
                cover = self.table[x].count("water")
                if self.awake[x]:
                    cover_chance = 1 - (1 - TOTAL["water"] / DECK_SIZE) ** self.hand_size[x]
                    uncovered = max(0, count - cover)
                    wounds[x] += uncovered * (1 - 0.8 * cover_chance) if uncovered else 0
                else:
                    wounds[x] += max(0, count - cover)
            if wounds[x] > self.size[x]:
                dead[x] = True
        return self.potential(wounds, dead, turns, my_water, treasure, body)

    def unseen_navigation(self) -> list[int]:
        """Navigation cards this seat has not seen this turn (candidates for what is drawn)."""
        seen: set[int] = set()
        card = self.view.get("navigation_card")
        if card:
            seen.add(card["number"])
        for c in self.view.get("flare_reveal") or []:
            seen.add(nav_number(c))
        for entry in self.view["me"].get("rowed") or []:
            for c in entry["to_bottom"]:
                seen.add(nav_number(c))
        return [k for k in sorted(NAVIGATION) if k not in seen]


# -- the bot --------------------------------------------------------------------------------------------
OPTIONAL = ("play", "offer_trade", "answer_trade")


class LifeboatBot:
    slug = "lifeboat"

    def choose(self, view: View, legal: list[Action], seed: int) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        rng = rng_for(seed)
        m = Model(view)
        kinds = {a["type"] for a in legal}
        extra = self.optional(m, legal, rng)
        if extra is not None:
            return extra
        required = [a for a in legal if a["type"] not in OPTIONAL]
        if not required:
            declines = [a for a in legal if a["type"] == "answer_trade" and not a["accept"]]
            return declines[0] if declines else legal[0]
        if "keep" in kinds:
            return best(required, lambda a: m.card_value(KIND_OF.get(a["card"], "water")), rng, NOISE / 3)
        if "place_rowed" in kinds:
            return self.place_rowed(m, required, rng)
        if "compass" in kinds:
            return next(a for a in required if a["type"] == "compass")
        if "navigate" in kinds:
            return best(required, lambda a: m.after_navigation(nav_number(a["card"])), rng, 0.01)
        if "accept" in kinds:
            return self.answer(m, required, rng)
        if "fight" in kinds:
            return self.fight(m, required, rng)
        if "react" in kinds:
            return best(required, lambda a: self.react_value(m, a), rng, 0.01)
        if "water" in kinds:
            return best(required, lambda a: self.water_value(m, view, a), rng, 0.01)
        if "nothing" in kinds:
            return self.act(m, required, rng)
        return rng.choice(required)

    # -- any-time actions --------------------------------------------------------------------------
    def optional(self, m: Model, legal: list[Action], rng: Any) -> Action | None:
        me = m.me
        for a in legal:
            if a["type"] == "answer_trade" and a["accept"]:
                offer = next((o for o in m.view["me"]["offers"] if o["id"] == a["offer"]), None)
                if offer is not None and self.trade_gain(m, offer) > 0.05:
                    return a
        for a in legal:
            if a["type"] == "answer_trade" and not a["accept"]:
                return a
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return None
        kind = {a["card"]: KIND_OF.get(a["card"], "") for a in plays}
        margin = m.size[me] - m.wounds[me]
        for a in plays:
            card, target = a["card"], a["for"]
            if kind[card] == "life_preserver":
                if target == me and margin <= 1:
                    return a
                if target == m.love and target != me and margin >= 3:
                    return a
            spare = m.my("water") >= 2 or margin >= 4
            if kind[card] == "water" and target == m.love and target != me and spare:
                return a
            if kind[card] == "oar" and target == me and m.view.get("step") == "act":
                return a
        return None

    def trade_gain(self, m: Model, offer: dict[str, Any]) -> float:
        if offer["to"] != m.me:
            return -1.0
        gain = sum(m.card_value(KIND_OF.get(c, "water")) for c in offer["give"])
        mine = {c["id"]: c["kind"] for c in m.view["players"][m.me]["table"]}
        for entry in offer["take"]:
            gain -= m.card_value(mine.get(entry, entry))
        return gain

    # -- the Actions phase ---------------------------------------------------------------------------
    def act(self, m: Model, legal: list[Action], rng: Any) -> Action:
        nav_values = [m.after_navigation(k) for k in m.unseen_navigation()]
        now = m.potential()
        context = {"nav": nav_values, "now": now}
        return best(legal, lambda a: self.act_value(m, a, context), rng, NOISE)

    def act_value(self, m: Model, a: Action, context: dict[str, Any]) -> float:
        kind = a["type"]
        me = m.me
        if kind == "nothing":
            return 0.0
        if kind == "row":
            return self.row_value(m, context["nav"])
        if kind == "mug":
            return self.mug_value(m, a["target"], a["card"])
        if kind == "swap":
            return self.swap_value(m, a["target"], context["nav"])
        if kind == "flare":
            return self.flare_value(m, context["now"])
        if kind == "parasol":
            return m.parasol_gain() - 0.1
        if kind == "medkit":
            target = a["target"]
            wounds: list[float] = [float(w) for w in m.wounds]
            wounds[target] -= 1
            gain = m.potential(wounds) - context["now"]
            hold = m.card_value("medkit")
            urgent = target != me and m.size[target] - m.wounds[target] <= 0
            return gain - (0.5 if urgent else 1.0) * hold - (SECRECY if target != me else 0.0)
        return -1.0

    def row_value(self, m: Model, nav: list[float]) -> float:
        me = m.me
        draws = 2 + m.table[me].count("oar")
        stack = m.view.get("row_stack") or 0
        mean = sum(nav) / len(nav) if nav else 0.0
        navigator = m.stern_navigator() == me
        if navigator:
            extra = 1 if "compass" in m.hand + m.table[me] else 0
            gain = expected_max(nav, stack + draws + extra) - expected_max(nav, stack + extra)
            thirst = OAR_ICONS * 0.6
        else:
            gain = 0.35 * (expected_max(nav, draws) - mean)
            thirst = OAR_ICONS
        return gain - thirst * m.wound_cost(me) * (0.5 if m.my("water") else 1.0) - 0.05

    def fight_chance(self, m: Model, mine: float, theirs: float, defender: bool, exclude: set[int]) -> float:
        spread = m.joiners_spread(exclude)
        return normal_cdf((mine - theirs + (0.5 if defender else -0.5)) / spread)

    def contest(self, m: Model, target: int, gain: float, instant: bool) -> float:
        """The value of an attempt on `target` worth `gain` if it goes through."""
        me = m.me
        if instant:
            return gain
        mine = m.strength(me) + m.hidden_weapons(me)
        theirs = m.strength(target) + m.hidden_weapons(target)
        win = self.fight_chance(m, mine, theirs, False, {me, target})
        fought = FIGHT_ICONS * m.wound_cost(me) * (0.5 if m.my("water") else 1.0)
        refused = win * (gain - m.wound_cost(target)) + (1 - win) * -m.wound_cost(me) - fought
        return (1 - REFUSES) * gain + REFUSES * refused

    def mug_value(self, m: Model, target: int, card: str) -> float:
        if card == "hand":
            gain = m.unknown_mean()
            instant = not m.awake[target] or m.char[m.me] == PICKPOCKET
        else:
            table = {c["id"]: c["kind"] for c in m.view["players"][target]["table"]}
            gain = m.card_value(table.get(card, "water"))
            instant = not m.awake[target]
        if target == m.love and target != m.me and not m.dead[target]:
            gain = min(gain, 0.0) - 0.3
        elif m.stake[target] < 0 and m.awake[target]:
            gain += 0.15
        return self.contest(m, target, gain, instant) - 0.05

    def swap_value(self, m: Model, target: int, nav: list[float]) -> float:
        boat = list(m.boat)
        i, j = boat.index(m.me), boat.index(target)
        boat[i], boat[j] = boat[j], boat[i]
        before = m.stern_navigator() == m.me
        after = m.stern_navigator(boat) == m.me
        spread = expected_max(nav, 2) - (sum(nav) / len(nav) if nav else 0.0)
        gain = 0.8 * spread * (int(after) - int(before))
        if gain <= 0:
            return gain - 0.2
        return self.contest(m, target, gain, not m.awake[target]) - 0.1

    def flare_value(self, m: Model, now: float) -> float:
        need = 4 - m.birds
        birds = [NAVIGATION[k].bird for k in m.unseen_navigation()]
        if len(birds) < 3:
            return -1.0
        hits = 0
        combos = 0
        for trio in combinations(birds, 3):
            combos += 1
            if sum(trio) >= need:
                hits += 1
        land = hits / combos
        return land * (m.final() - now) - (1 - land) * 0.3 - m.card_value("flare_gun")

    def place_rowed(self, m: Model, legal: list[Action], rng: Any) -> Action:
        cards = m.view["me"].get("rowing") or []
        values = {c: m.after_navigation(nav_number(c)) for c in cards}
        unseen = [m.after_navigation(k) for k in m.unseen_navigation()]
        mean = sum(unseen) / len(unseen) if unseen else 0.0
        stack = m.view.get("row_stack") or 0
        navigator = m.stern_navigator() == m.me

        def score(a: Action) -> float:
            chosen = [values[c] for c in a["to_stack"]]
            if navigator:
                pool = chosen + ([mean] if stack else [])
                return (max(pool) if pool else mean) + 0.001 * len(chosen)
            pool = chosen + [mean] * stack
            return sum(pool) / len(pool) if pool else mean

        return best(legal, score, rng, 0.01)

    # -- answers and fights --------------------------------------------------------------------------
    def answer(self, m: Model, legal: list[Action], rng: Any) -> Action:
        window = m.view["window"] or {}
        action = window.get("action") or {}
        attacker: int = window["attacker"]
        me = m.me
        if action.get("type") == "mug":
            card = action.get("card")
            if card == "hand":
                loss = m.hand_loss()
            else:
                table = {c["id"]: c["kind"] for c in m.view["players"][me]["table"]}
                loss = m.card_value(table.get(card, "water"))
        else:
            boat = list(m.boat)
            i, j = boat.index(me), boat.index(attacker)
            boat[i], boat[j] = boat[j], boat[i]
            loss = 0.6 * (int(m.stern_navigator() == me) - int(m.stern_navigator(boat) == me))
        if attacker == m.love and attacker != me:
            loss *= 0.3
        mine = m.strength(me) + m.hidden_weapons(me)
        if "flare_gun" in m.hand:
            mine += 0.5 * FLARE
        theirs = m.strength(attacker) + m.hidden_weapons(attacker)
        win = self.fight_chance(m, mine, theirs, True, {me, attacker})
        fought = FIGHT_ICONS * m.wound_cost(me) * (0.5 if m.my("water") else 1.0)
        refuse = win * -m.wound_cost(attacker) + (1 - win) * (-m.wound_cost(me) - loss) - fought
        values = {"accept": -loss, "refuse": refuse}
        return best(legal, lambda a: values.get(a["type"], -99.0), rng, 0.05)

    def fight(self, m: Model, legal: list[Action], rng: Any) -> Action:
        window = m.view["window"] or {}
        sides = window["sides"]
        flares = set(window.get("flares") or [])
        me = m.me
        inside = set(sides["attacker"]) | set(sides["defender"])
        strength = {
            side: sum(m.strength(x) + (FLARE if x in flares else 0) for x in sides[side])
            for side in ("attacker", "defender")
        }
        hidden = {side: sum(m.hidden_weapons(x) for x in sides[side] if x != me) for side in strength}
        action = window.get("action") or {}
        defender = window["defender"]
        attacker = window["attacker"]
        # what the attacker winning means to this seat, beyond the wounds
        stakes = 0.0
        if action.get("type") == "mug":
            card = action.get("card")
            named = {c["id"]: c["kind"] for c in m.view["players"][defender]["table"]}
            if defender == me:
                stakes = -(m.hand_loss() if card == "hand" else m.card_value(named.get(card, "")))
            elif attacker == me:
                stakes = m.unknown_mean() if card == "hand" else m.card_value(named.get(card, ""))

        def value(a: Action) -> float:
            side = a["side"]
            add = sum(WEAPON.get(KIND_OF.get(c, ""), 0) for c in a["weapons"]) + (FLARE if a["flare"] else 0)
            cost = SHOWN * len(a["weapons"]) + (m.card_value("flare_gun") if a["flare"] else 0.0)
            members = {s: list(sides[s]) for s in sides}
            mine_side = side if side != "out" else None
            if side != "out" and me not in inside:
                members[side].append(me)
                add += m.strength(me)
                cost += FIGHT_ICONS * m.wound_cost(me) * (0.5 if m.my("water") else 1.0)
            att = strength["attacker"] + hidden["attacker"] + (add if mine_side == "attacker" else 0)
            dfn = strength["defender"] + hidden["defender"] + (add if mine_side == "defender" else 0)
            win_att = self.fight_chance(m, att, dfn, False, inside | {me})
            lose_att = sum(m.wound_cost(x) for x in members["attacker"])
            lose_def = sum(m.wound_cost(x) for x in members["defender"])
            return win_att * (stakes - lose_def) + (1 - win_att) * -lose_att - cost

        return best(legal, value, rng, 0.02)

    # -- Navigation windows -----------------------------------------------------------------------------
    def react_value(self, m: Model, a: Action) -> float:
        window = m.view["window"] or {}
        fallers: list[int] = window.get("fallers") or []
        me = m.me
        preserved = ["life_preserver" in t for t in m.table]
        lose_preserver = 0.0
        choice = a["preserver"]
        if choice == "wear":
            preserved[me] = True
        elif choice is not None:
            preserved[choice] = True
            lose_preserver = m.card_value("life_preserver") + SECRECY
            if "life_preserver" in m.table[me]:
                preserved[me] = False
        chum = sum(m.table[x].count("chum") for x in fallers)
        used = len(a["buckets"]) + chum
        sharks = (1 if used or a.get("rile") else 0) if m.options.get("sharks") else used
        wounds: list[float] = [float(w) for w in m.wounds]
        dead = list(m.dead)
        body = True
        for x in fallers:
            if dead[x]:
                if x == me:
                    body = False
                continue
            fall = 0 if m.char[x] == SWIMMER or preserved[x] else 1
            wounds[x] += fall + sharks
            if wounds[x] > m.size[x] or (wounds[x] >= m.size[x] and not preserved[x]):
                dead[x] = True
                if x == me:
                    body = False
        cost = lose_preserver + 0.3 * len(a["buckets"])
        return m.potential(wounds, dead, body=body) - cost

    def water_value(self, m: Model, view: View, a: Action) -> float:
        window = view["window"] or {}
        thirst = {int(k): v for k, v in (window.get("thirst") or {}).items()}
        holders = set(window.get("seats") or [])
        me = m.me
        pledge = dict.fromkeys(thirst, 0)
        for target, count in a["cover"]:
            pledge[target] = count
        water = float(m.my("water"))
        spent = 0.0
        wounds: list[float] = [float(w) for w in m.wounds]
        for x, need in thirst.items():
            if x == me:
                drink = min(need, pledge.get(me, 0))
                spent += drink
                wounds[x] += need - drink
                continue
            mine = min(need, pledge.get(x, 0))
            own = 0.7 if x in holders else 0.0
            # its own Water (if it pledges it) goes first; then this seat's
            uncovered_own = need * (1 - own)
            covered_by_me = min(mine, uncovered_own) if mine else 0.0
            spent += covered_by_me
            wounds[x] += max(0.0, uncovered_own - covered_by_me)
        spent = min(spent, water)
        favours = sum(1 for target, _ in a["cover"] if target != me)
        return m.potential(wounds, my_water=water - spent) + 0.02 * pledge.get(me, 0) - SECRECY * favours
