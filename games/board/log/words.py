"""What both games' sentence makers share: the reader, the players' names, one action at a time.

A game's `Words` subclass has a dictionary `SENTENCES` from event type to the method that words
it (None: nothing to say), and `SILENT`, the event types it leaves out of the log on purpose. An
event type in neither is a bug the log test finds (`tests/games/board/test_log.py`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..names import upper_first

Event = dict[str, Any]
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Played:
    """One action of the game as a seat may read it: who played it, whether a deadline played it
    for them (their time ran out) or who decided it for them (`helped`: "assistant" for their
    assistant, "ahead" for their answer given ahead; said to that seat alone), and the events it
    caused that the seat may see."""

    seat: int | None
    events: list[Event]
    timed_out: bool = False
    helped: str = ""


@dataclass
class Section:
    heading: str
    lines: list[str] = field(default_factory=list)
    #: Beside each line: whether it words an action the reader has not seen yet.
    new: list[bool] = field(default_factory=list)

    @property
    def items(self) -> list[tuple[str, bool]]:
        """(line, new) pairs, newest first, as the table lists them."""
        return list(zip(self.lines, self.new or [False] * len(self.lines), strict=True))


class Words:
    """Sentences for one game's events as `reader` reads them ("you" is the reader's seat only).

    `view` is the view the log is shown with (for the players' characters); `names` maps seats
    to players' names.
    """

    SENTENCES: ClassVar[dict[str, Callable[[Any, Event], str | None]]] = {}
    SILENT: ClassVar[frozenset[str]] = frozenset()
    #: The event that starts a new day (round), and the key holding its number in it and the view.
    DAY_EVENT: ClassVar[str] = ""
    DAY_KEY: ClassVar[str] = ""

    def __init__(self, view: dict[str, Any], names: dict[int, str], reader: int | None) -> None:
        self.view, self.names, self.reader = view, names, reader
        #: The events just before and after the one being worded: a public event and its private
        #: twin (the cards a rower drew, the card a mug took) come one after the other, and the
        #: reader who may read both gets one sentence.
        self.before: Event = {}
        self.after: Event = {}
        #: The players as this log names them, each worded once (see the games' `name`).
        self._names: dict[Any, str] = {}

    # -- to override -------------------------------------------------------------------------
    def name(self, seat: Any) -> str:
        """A seat that is not the reader, as a sentence names it."""
        raise NotImplementedError

    def phase(self, ev: Event, current: str | None) -> tuple[str | None, str | None]:
        """(the phase `ev` belongs to, the phase after it), given the phase before it."""
        return current, current

    def day_heading(self, day: int) -> str:
        raise NotImplementedError

    def phase_heading(self, phase: str | None) -> str:
        raise NotImplementedError

    def headed_by_day(self, phase: str | None) -> bool:
        """Whether a section of this phase is headed with its day (set-up phases are not)."""
        return True

    def last_day(self) -> int:
        """The day (turn or round) the log's last event belongs to: the view's, unless the game
        counts on to a day it never starts (see Lifeboat's)."""
        return int(self.view.get(self.DAY_KEY, 0))

    # -- shared ------------------------------------------------------------------------------
    def followed_by(self, kind: str) -> bool:
        """Whether the event being worded is followed by one of `kind` (its private twin)."""
        return self.after.get("type") == kind

    def is_me(self, seat: Any) -> bool:
        return self.reader is not None and seat == self.reader

    def Name(self, seat: Any) -> str:
        """`name` at the start of a sentence."""
        return upper_first(self.name(seat), self.names.values())

    def sentence(self, ev: Event) -> str | None:
        kind = ev.get("type", "")
        if kind in self.SILENT:
            return None
        word = self.SENTENCES.get(kind)
        if word is None:
            logger.warning("no sentence for %s event %r", type(self).__name__, kind)
            return None
        line = word(self, ev)
        # a translation may put a name first that the English sentence has later
        return upper_first(line, self.names.values()) if line else line

    def worded(self, played: Played) -> list[tuple[Event, str | None]]:
        """Each event of one action with its sentence (None: nothing to say); when a deadline
        played the action, its first sentence says that the time ran out; when the reader's
        assistant or their answer given ahead decided it, that it did (to the reader alone: the
        others read the move as any move)."""
        events = played.events
        pairs: list[tuple[Event, str | None]] = []
        for i, ev in enumerate(events):
            self.before = events[i - 1] if i else {}
            self.after = events[i + 1] if i + 1 < len(events) else {}
            pairs.append((ev, self.sentence(ev)))
        if played.seat is None or not pairs:
            return pairs
        mine = self.is_me(played.seat)
        first = next((i for i, (_ev, line) in enumerate(pairs) if line is not None), 0)
        sentence = pairs[first][1] or ""
        if played.timed_out:
            if mine:
                said = _("Your time ran out. %(sentence)s") % {"sentence": sentence}
            else:
                said = _("Time ran out for %(who)s. %(sentence)s") % {
                    "who": self.name(played.seat),
                    "sentence": sentence,
                }
        elif mine and played.helped == "assistant":
            said = _("Your assistant decided for you. %(sentence)s") % {"sentence": sentence}
        elif mine and played.helped == "ahead":
            said = _("Your answer given ahead was played. %(sentence)s") % {"sentence": sentence}
        else:
            return pairs
        pairs[first] = (pairs[first][0], said.strip())
        return pairs

    def lines(self, actions: list[Played]) -> list[str]:
        """Every sentence of the actions, oldest first, without headings (for mails)."""
        return [line for played in actions for _ev, line in self.worded(played) if line is not None]


def sections(words: Words, actions: list[Played], unseen: int = 0) -> list[Section]:
    """The log in sections under day and phase headings, newest section first and newest line
    first within each; the lines of the last `unseen` actions are marked new."""
    day = _day_before(words, [ev for played in actions for ev in played.events])
    rows: list[list[Any]] = []  # [day, phase, line] per event
    phase: str | None = None
    first_unseen = len(actions) - unseen if unseen > 0 else len(actions)
    for index, played in enumerate(actions):
        for ev, line in words.worded(played):
            if ev.get("type") == words.DAY_EVENT:
                day, phase = ev.get(words.DAY_KEY, day + 1), None
            this, phase = words.phase(ev, phase)
            rows.append([day, this, line, index >= first_unseen])
    # An event whose phase is not known from the ones before it (a card played face up before
    # the first draft line of a day) belongs to the phase of the next event of its day.
    following: tuple[Any, Any] = (None, None)
    for row in reversed(rows):
        if row[1] is None and following[0] == row[0]:
            row[1] = following[1]
        if row[1] is not None:
            following = (row[0], row[1])
    out: list[Section] = []
    headings: dict[tuple[Any, Any], str] = {}  # each day and phase worded once
    for day, this, line, new in rows:
        if line is None:
            continue
        heading = headings.get((day, this))
        if heading is None:
            heading = headings[(day, this)] = _heading(words, day, this)
        if not out or out[-1].heading != heading:
            out.append(Section(heading))
        out[-1].lines.append(line)
        out[-1].new.append(new)
    for section in out:
        section.lines.reverse()
        section.new.reverse()
    out.reverse()
    return out


def _day_before(words: Words, events: list[Event]) -> int:
    """The day of the log's first events (those before its first new day's event): the log may
    start mid-game, cut to its latest actions. Each new day's event carries its number, so the
    day before the first one is known; a log without one is all of the last day."""
    starts = [ev for ev in events if ev.get("type") == words.DAY_EVENT]
    if starts and isinstance(starts[0].get(words.DAY_KEY), int):
        return int(starts[0][words.DAY_KEY]) - 1
    return words.last_day() - len(starts)


def _heading(words: Words, day: int, phase: str | None) -> str:
    day_text = words.day_heading(day) if day > 0 and words.headed_by_day(phase) else ""
    phase_text = words.phase_heading(phase) if phase else ""
    return " · ".join(x for x in (day_text, phase_text) if x) or pgettext("log phase", "Earlier")
