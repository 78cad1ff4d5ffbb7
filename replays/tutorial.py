"""The "How to play" pages: a seeded demo game, stepped through in the replay viewer.

Each game has one demo: a seed, a player count and the engine's own bots choosing every move
(the bot's seed is the step's index), so the same game comes out of the engine every time. A
lesson is a few chosen moments of that game; each moment is the state after a given number of
actions, the event the moment is about (a test checks it is there, so a change of the engine
cannot leave a sentence explaining something that no longer happens) and one sentence on the rule
in play. The board and the log are drawn as the replay draws them, from the first seat's view
(after the end everything is public).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

import engine

from .replay import Step


@dataclass(frozen=True)
class Moment:
    #: The number of actions played when this moment is shown (0: the deal).
    after: int
    #: An event type the last of those actions caused (None for the deal).
    event: str | None
    text: Promise


@dataclass(frozen=True)
class Demo:
    slug: str
    num_players: int
    seed: int
    names: tuple[str, ...]
    moments: tuple[Moment, ...]


LIFEBOAT = Demo(
    slug="lifeboat",
    num_players=4,
    seed=3,
    names=("Anna", "Bence", "Cyril", "Dora"),
    moments=(
        Moment(
            0,
            None,
            _(
                "The deal: every player is a character in the boat, from bow to stern, and holds two "
                "secret cards: a Love (a character you want to survive) and a Hate (one you want to "
                "die). Anna plays Sir Stephen; below you see what only she can see."
            ),
        ),
        Moment(
            1,
            "drafted",
            _(
                "The Quartermaster phase: the bow-most conscious character draws one Provisions card per "
                "conscious character, keeps one and passes the rest sternward; each keeps one in turn."
            ),
        ),
        Moment(
            3,
            "drafted",
            _(
                "The last character in the boat gets the one card left without being asked: a player "
                "is asked only when they have a real choice."
            ),
        ),
        Moment(
            4,
            "attempt",
            _(
                "The Actions phase, bow to stern, one action each: do nothing, row, change places or mug. "
                "Bence (Lady Lauren) tries to take a hand card from Dora (the First Mate)."
            ),
        ),
        Moment(
            5,
            "fight_started",
            _(
                "Dora refuses, so a fight begins. Everyone else in the boat may now join a side, the "
                "attacker's or the defender's, or stay out."
            ),
        ),
        Moment(
            7,
            "fight_resolved",
            _(
                "Nobody joined. Each side counts its Sizes plus its weapons; a tie goes to the defender, "
                "and every character on the losing side takes a wound. The mug failed."
            ),
        ),
        Moment(
            9,
            "mugged_hand_card",
            _(
                "Anna asks Dora for a hand card too, and Dora gives in: an accepted mug needs no fight, "
                "and Anna takes a card without seeing it first."
            ),
        ),
        Moment(
            13,
            "overboard",
            _(
                "The Navigation phase: the navigator, the sternmost conscious character, plays a "
                "Navigation card; nobody rowed, so it is the top card of the deck. This one throws "
                "everyone overboard: each takes a wound from the fall (Frenchy swims, a face-up Life "
                "Preserver saves)."
            ),
        ),
        Moment(
            18,
            "water_drunk",
            _(
                "The card also made everyone thirsty: each thirsty character must drink a Water, their "
                "own or one given by another player, or take a wound. Then a new day starts."
            ),
        ),
        Moment(
            53,
            "fight_resolved",
            _(
                "A later fight: Cyril (the Captain) mugs Anna, she refuses and Dora joins the defender. "
                "Two against one: the side with more Size and weapons wins, and every loser is wounded."
            ),
        ),
        Moment(
            55,
            "placed_rowed",
            _(
                "Dora rowed: she drew Navigation cards and put the ones she chose on the Row stack. As "
                "navigator she now plays one of them; that is how rowing steers the boat."
            ),
        ),
        Moment(
            56,
            "birds",
            _(
                "The card shows a bird: four birds and the boat reaches land. It also makes some "
                "characters thirsty, and without Water they are wounded."
            ),
        ),
        Moment(
            81,
            "body_removed",
            _(
                "Thirst has killed Cyril's Captain: more wounds than Size is death. The next card sends "
                "the body overboard, and it leaves the boat with its cards; a dead character's player "
                "still scores at the end."
            ),
        ),
        Moment(
            88,
            "game_over",
            _(
                "The fourth bird: land. Each player scores their own character's Survival if it lives, "
                "their Love's Survival if it lives, their Hate's Size if it died, and treasure. Every "
                "secret card is now revealed."
            ),
        ),
    ),
)

LIFEBOATS = Demo(
    slug="lifeboats",
    num_players=3,
    seed=1,
    names=("Anna", "Bence", "Cyril"),
    moments=(
        Moment(
            0,
            None,
            _(
                "The ship is sinking: each player has a boat of their colour, and there is one black "
                "boat that belongs to nobody. Seven lanes lead to three islands; a figure that lands "
                "on an island scores its points, an officer more than a sailor."
            ),
        ),
        Moment(
            1,
            "boat_placed",
            _(
                "Set-up: in turn order each player puts their own boat at the start of a lane. A boat "
                "never changes lane, so the lane decides which island it can reach."
            ),
        ),
        Moment(
            4,
            "boat_placed",
            _("The start player places the black boat as well."),
        ),
        Moment(
            5,
            "figure_placed",
            _(
                "Then, one at a time, everyone puts a figure into any empty place of any boat, their own, "
                "another player's or the black one. Six places per boat."
            ),
        ),
        Moment(
            22,
            "vote_opened",
            _(
                "All figures are aboard. A round has three phases. Phase 1: a leak. Everyone votes in "
                "secret, with a colour card or a captain's hat, for the boat that gets the leak."
            ),
        ),
        Moment(
            23,
            "vote_cast",
            _(
                "A vote is cast face down: the others see that Anna has voted, never for what. A cast "
                "card is final."
            ),
        ),
        Moment(
            25,
            "boat_full",
            _(
                "The cards are revealed together: the green boat gets the leak. It has no empty place, "
                "so a figure must leave: an ejection vote among the players with figures in it."
            ),
        ),
        Moment(
            28,
            "ejected",
            _(
                "In an ejection vote a card counts 2 for each of its voter's officers in that boat and 1 "
                "for each sailor. Anna is chosen: she loses a sailor there if she has one, else an "
                "officer, and the leak takes its place."
            ),
        ),
        Moment(
            31,
            "moved",
            _(
                "Phase 2: another vote moves one boat a row forward. On its third move a boat lands and "
                "everyone in it is safe."
            ),
        ),
        Moment(
            32,
            "jumped_out",
            _(
                "Phase 3: changing boats. In turn order each player must take one of their figures out of "
                "a boat, then, in reverse order, put it into an empty place of another boat."
            ),
        ),
        Moment(
            36,
            "start_marker",
            _(
                "Everyone has a new place; a figure that finds none drowns. The start marker passes to "
                "the next player and a new round begins."
            ),
        ),
        Moment(
            40,
            "leak",
            _(
                "A tied vote: the start player chooses among the tied boats. The black boat gets the "
                "leak in an empty place. A boat with more leaks than figures sinks with everyone aboard."
            ),
        ),
        Moment(
            114,
            "landed",
            _(
                "The green boat's third move: it lands on the left island and takes the first harbour "
                "space. Its figures score for their owners, whoever owns the boat."
            ),
        ),
        Moment(
            141,
            "game_over",
            _(
                "No boat is left at sea, so the game ends. Each player scores their figures on the "
                "islands; a tie goes to the player whose own boat landed first."
            ),
        ),
    ),
)

DEMOS: dict[str, Demo] = {demo.slug: demo for demo in (LIFEBOAT, LIFEBOATS)}


@cache
def demo_steps(slug: str) -> tuple[Step, ...]:
    """The demo's actions up to its last moment, chosen by the engine's bots (deterministic)."""
    demo = DEMOS[slug]
    rules, bot = engine.get_game(slug), engine.get_bot(slug)
    state = rules.new_game(demo.num_players, demo.seed)
    steps: list[Step] = []
    for k in range(demo.moments[-1].after):
        seat = rules.to_act(state)[0]
        action = bot.choose(rules.view(state, seat), rules.legal_actions(state, seat), k)
        rules.apply(state, seat, action)
        steps.append(Step(seat=seat, action=action))
    return tuple(steps)


@dataclass(frozen=True)
class Lesson:
    demo: Demo
    #: The index of the moment shown (0-based) and how many there are.
    index: int
    total: int
    moment: Moment
    view: dict[str, Any]
    log: list[dict[str, Any]]
    #: Event types the moment's last action caused (what the tests check against `moment.event`).
    last_events: list[str]

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def previous(self) -> int | None:
        return self.index - 1 if self.index > 0 else None

    @property
    def next(self) -> int | None:
        return self.index + 1 if self.index + 1 < self.total else None


#: Whose view the lesson shows: the first player's (after the end, everything).
SEAT = 0


def lesson(slug: str, index: int) -> Lesson:
    """The demo of `slug` at moment `index`; unknown slug or index: `KeyError` / `IndexError`."""
    demo = DEMOS[slug]
    if not 0 <= index < len(demo.moments):
        raise IndexError(index)
    moment = demo.moments[index]
    rules = engine.get_game(slug)
    state = rules.new_game(demo.num_players, demo.seed)
    log: list[dict[str, Any]] = []
    last: list[dict[str, Any]] = []
    for step in demo_steps(slug)[: moment.after]:
        last = rules.apply(state, step.seat, dict(step.action))
        log.extend(engine.events_for(last, SEAT, game_over=rules.is_over(state)))
    return Lesson(
        demo=demo,
        index=index,
        total=len(demo.moments),
        moment=moment,
        view=rules.view(state, SEAT),
        log=log[-40:],
        last_events=[event["type"] for event in last],
    )
