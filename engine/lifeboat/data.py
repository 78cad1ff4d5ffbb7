"""Lifeboat's cards and characters as data tables (expansions add rows, not `if` chains).

Card ids are distinctive and zero-padded so that no id is a substring of another:
`prov-01` .. `prov-42` (Provisions, grouped by kind in table order), `nav-19` .. `nav-42`
(Navigation, by the printed number), `love-<character>` and `hate-<character>`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Character:
    slug: str
    name: str
    size: int
    survival: int
    #: the treasure kind that scores double for this character, if any
    doubles: str | None = None
    #: good swimmer: no wound from the fall overboard
    swimmer: bool = False
    #: pickpocket: the mug for a random hand card cannot be refused
    pickpocket: bool = False


#: bow (next to the Provisions deck) to stern (next to the Navigation deck)
CHARACTER_LIST: tuple[Character, ...] = (
    Character("lady_lauren", "Lady Lauren", 4, 8, doubles="jewels"),
    Character("sir_stephen", "Sir Stephen", 5, 7, doubles="painting"),
    Character("captain", "The Captain", 7, 5, doubles="cash"),
    Character("first_mate", "First Mate", 8, 4),
    Character("frenchy", "Frenchy", 6, 6, swimmer=True),
    Character("kid", "The Kid", 3, 9, pickpocket=True),
)
CHARACTERS: dict[str, Character] = {c.slug: c for c in CHARACTER_LIST}
CHARACTER_ORDER: tuple[str, ...] = tuple(c.slug for c in CHARACTER_LIST)


def love_id(slug: str) -> str:
    return f"love-{slug}"


def hate_id(slug: str) -> str:
    return f"hate-{slug}"


def relation_target(card: str) -> str:
    """The character a Love or Hate card names."""
    return card.split("-", 1)[1]


@dataclass(frozen=True)
class ProvisionKind:
    slug: str
    name: str
    count: int
    #: fight bonus while face up (the Flare Gun's +8 is declared, not listed here)
    weapon: int = 0
    treasure: bool = False
    #: printed values per copy (Paintings), in id order
    values: tuple[int, ...] = ()


PROVISION_KINDS: tuple[ProvisionKind, ...] = (
    ProvisionKind("water", "Water", 16),
    ProvisionKind("cash", "Bundle of Cash", 6, treasure=True),
    ProvisionKind("jewels", "Jewels", 3, treasure=True),
    ProvisionKind("painting", "Painting", 3, treasure=True, values=(3, 3, 2)),
    ProvisionKind("medkit", "Medical Kit", 3),
    ProvisionKind("oar", "Oar", 2, weapon=1),
    ProvisionKind("chum", "Bucket of Chum", 2),
    ProvisionKind("blackjack", "Blackjack", 1, weapon=2),
    ProvisionKind("knife", "Knife", 1, weapon=3),
    ProvisionKind("hook", "Gaffing Hook", 1, weapon=4),
    ProvisionKind("flare_gun", "Flare Gun", 1),
    ProvisionKind("life_preserver", "Life Preserver", 1),
    ProvisionKind("compass", "Compass", 1),
    ProvisionKind("parasol", "Parasol", 1),
)
KINDS: dict[str, ProvisionKind] = {k.slug: k for k in PROVISION_KINDS}
FLARE_BONUS = 8
JEWEL_POINTS = (0, 1, 4, 8)

#: birds on the track at which the boat reaches land (the game ends)
BIRDS_TO_LAND = 4
#: Navigation cards a rower draws, one more for each Oar face up before it
ROW_DRAWS = 2
#: Navigation cards the Flare Gun shows
FLARE_SHOWS = 3


def _provisions() -> tuple[tuple[str, ...], dict[str, str], dict[str, int]]:
    ids: list[str] = []
    kind_of: dict[str, str] = {}
    value_of: dict[str, int] = {}
    for kind in PROVISION_KINDS:
        for copy in range(kind.count):
            card = f"prov-{len(ids) + 1:02d}"
            ids.append(card)
            kind_of[card] = kind.slug
            if kind.values:
                value_of[card] = kind.values[copy]
    return tuple(ids), kind_of, value_of


PROVISION_IDS, KIND, VALUE = _provisions()
WEAPON: dict[str, int] = {card: KINDS[kind].weapon for card, kind in KIND.items() if KINDS[kind].weapon}


@dataclass(frozen=True)
class NavCard:
    id: str
    number: int
    #: characters who go overboard; ALL_ABOARD for everyone in the boat
    overboard: tuple[str, ...]
    bird: int
    #: thirsty by name; when `thirsty_all` is set, `thirsty` lists the exceptions ("all but X")
    thirsty: tuple[str, ...]
    thirsty_all: bool
    fight: bool
    oar: bool

    def goes_overboard(self, slug: str) -> bool:
        return self.overboard == ALL_ABOARD or slug in self.overboard

    def names_thirsty(self, slug: str) -> bool:
        return (slug not in self.thirsty) if self.thirsty_all else (slug in self.thirsty)


ALL_ABOARD: tuple[str, ...] = ("*",)

# number | overboard | bird | thirsty by name | fight | oar   (printed deck)
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


def _navigation() -> dict[str, NavCard]:
    cards: dict[str, NavCard] = {}
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
        overboard = ALL_ABOARD if over == "all" else () if over == "nobody" else (over,)
        card = f"nav-{int(number):02d}"
        cards[card] = NavCard(
            card, int(number), overboard, int(bird or 0), names, every, fight == "x", oar == "x"
        )
    return cards


NAVIGATION: dict[str, NavCard] = _navigation()
NAVIGATION_IDS: tuple[str, ...] = tuple(NAVIGATION)

assert len(PROVISION_IDS) == 42
assert len(NAVIGATION_IDS) == 24
