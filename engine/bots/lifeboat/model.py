"""The Lifeboat bot's model: what the seat knows from its view, and its *potential* final score.

- every character's chance to be alive at the end: the chance that the wounds still to come (a
  Poisson count whose mean is the turns left times how often the printed Navigation deck names
  that character thirsty or overboard) do not exceed what it can take and the Water it holds;
  an unconscious character's chance is cut further (it drowns if it falls);
- what each character's life is worth to this seat (its *stake*, from its secret Love and Hate
  cards and the scoring rules: its own Survival, its love's Survival, minus its hate's Size, and
  for a psychopath minus everyone's Size);
- its treasure (scored by the engine's own `treasure_points`), counted by the chance that its body
  stays in the boat.

The potential is the sum of stakes times chances, plus the treasure. The choosers (`actions`,
`fights`, `navigation`) apply a legal action to this model and compare potentials.
"""

from __future__ import annotations

import math

from ...lifeboat.data import (
    BIRDS_TO_LAND,
    CHARACTERS,
    KIND,
    KINDS,
    NAVIGATION,
    NAVIGATION_IDS,
    PROVISION_IDS,
    PROVISION_KINDS,
    VALUE,
)
from ...lifeboat.scoring import treasure_points
from ..common import View
from .odds import DECK_SIZE, FALL_RATE, THIRST_RATE, WATER_CARDS, is_treasure, poisson_cdf, weapon

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


#: one card per treasure kind at its best printed value: what the model counts for a card of that
#: kind it may yet get
TYPICAL: dict[str, str] = {
    kind.slug: max((c for c in PROVISION_IDS if KIND[c] == kind.slug), key=lambda c: VALUE.get(c, 0))
    for kind in PROVISION_KINDS
    if kind.treasure
}


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
        self.turns = max(0.6, TURNS_PER_BIRD * (BIRDS_TO_LAND - self.birds))
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

    def swims(self, x: int) -> bool:
        """x is a good swimmer (no wound from the fall overboard)."""
        return CHARACTERS[self.char[x]].swimmer

    def pickpocket(self) -> bool:
        """This seat's mug for a random hand card cannot be refused."""
        return CHARACTERS[self.char[self.me]].pickpocket

    def water_of(self, x: int) -> float:
        """Water x holds (for others: face up, and a guess at its hand)."""
        if x == self.me:
            return float(self.my("water"))
        guess = self.hand_size[x] * WATER_CARDS / DECK_SIZE if self.awake[x] else 0.0
        return self.table[x].count("water") + guess

    def rate(self, x: int) -> float:
        c = self.char[x]
        falls = 0.0 if self.swims(x) or "life_preserver" in self.table[x] else FALL_RATE[c]
        extra = 0.5 if self.open_parasol[x] else 0.0
        return max(0.05, THIRST_RATE[c] - extra) + falls + 0.08

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

    def my_treasure(self, extra: tuple[str, ...] = (), lose: tuple[str, ...] = ()) -> int:
        """This seat's treasure points, with a card of each kind in `extra` more (at its best
        printed value) and one of each kind in `lose` less (a Painting: the least valuable)."""
        cards = [c["id"] for c in self.view["players"][self.me]["table"]] + self.hand_ids
        for kind in lose:
            held = [c for c in cards if KIND[c] == kind]
            if held:
                cards.remove(min(held, key=lambda c: VALUE.get(c, 0)))
        cards.extend(TYPICAL[kind] for kind in extra if kind in TYPICAL)
        return treasure_points(self.char[self.me], cards)

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
        if is_treasure(kind):
            chance = self.alive(me, self.wounds[me])
            return (self.my_treasure(extra=(kind,)) - self.my_treasure()) * self.body_stays(chance)
        if kind == "medkit":
            return 0.9 * max(self.card_value("water"), 0.2)
        if weapon(kind):
            return 0.35 + 0.25 * weapon(kind)
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
        k = self.turns * min(1.0, THIRST_RATE[self.char[me]] + 0.1)
        w = self.water_of(me)
        return self.stake[me] * (
            self.alive(me, self.wounds[me], water=w + 0.8 * k / WATER_WORTH) - self.alive(me, self.wounds[me])
        )

    def unknown_mean(self) -> float:
        """The mean value of a card this seat cannot see (another's hand card, the deck's top)."""
        if self._unknown_mean is None:
            seen: dict[str, int] = dict.fromkeys(KINDS, 0)
            for kind in self.hand:
                seen[kind] += 1
            for cards in self.table:
                for kind in cards:
                    seen[kind] += 1
            for card in list(self.view.get("discard", [])) + list(self.view.get("removed", [])):
                if card in KIND:
                    seen[KIND[card]] += 1
            pool = {k: max(0, KINDS[k].count - seen[k]) for k in KINDS}
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
        return self.size[x] + sum(weapon(k) for k in self.table[x])

    def hidden_weapons(self, x: int) -> float:
        """The expected strength of the weapons x may still play from hand."""
        if x == self.me:
            return float(sum(weapon(k) for k in self.hand))
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
    def after_navigation(self, card: str) -> float:
        """The potential after this Navigation card is played now (one turn on)."""
        nav = NAVIGATION[card]
        birds = max(0, self.birds + nav.bird)
        if birds >= BIRDS_TO_LAND:
            return self.final()
        turns = max(0.5, TURNS_PER_BIRD * (BIRDS_TO_LAND - birds) - 1)
        me = self.me
        wounds: list[float] = [float(w) for w in self.wounds]
        dead = list(self.dead)
        body = True
        treasure = float(self.my_treasure())
        preserved = ["life_preserver" in t for t in self.table]
        if self.awake[me] and "life_preserver" in self.hand:
            preserved[me] = True
        fallers = [x for x in self.boat if nav.goes_overboard(self.char[x])]
        if fallers:
            chum = sum(self.table[x].count("chum") for x in fallers)
            sharks = (1 if chum else 0) if self.options.get("sharks") else chum
            for x in fallers:
                if dead[x]:
                    if x == me:
                        body = False
                    continue
                fall = 0 if self.swims(x) or preserved[x] else 1
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
                int(nav.names_thirsty(self.char[x]))
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
                    cover_chance = 1 - (1 - WATER_CARDS / DECK_SIZE) ** self.hand_size[x]
                    uncovered = max(0, count - cover)
                    wounds[x] += uncovered * (1 - 0.8 * cover_chance) if uncovered else 0
                else:
                    wounds[x] += max(0, count - cover)
            if wounds[x] > self.size[x]:
                dead[x] = True
        return self.potential(wounds, dead, turns, my_water, treasure, body)

    def unseen_navigation(self) -> list[str]:
        """Navigation cards this seat has not seen this turn (candidates for what is drawn)."""
        seen: set[str] = set()
        card = self.view.get("navigation_card")
        if card:
            seen.add(card["id"])
        seen.update(self.view.get("flare_reveal") or [])
        for entry in self.view["me"].get("rowed") or []:
            seen.update(entry["to_bottom"])
        return [c for c in NAVIGATION_IDS if c not in seen]
