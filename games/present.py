"""One path from a seat's engine view to what a page (or a mail) shows: `present_table`.

It asks the game's own package (`games.presentations`) for what only that game knows: its
board, questions, results, log sentences, labels and mail picture.

It reads only what `selectors.table` hands it: the per-seat `view`, the seat's legal actions and
its filtered log, and the players' names. A board, a prompt or a log line shows only what that
seat may know.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import engine
from games.board import prompt
from games.board.log import Played, Section
from games.board.log.words import sections
from games.board.names import seat_number
from games.presentations import PRESENTATIONS, label, presentation


@dataclass
class PlayerLine:
    """A row of the players table: seats count from 1, as everywhere players read them."""

    number: int | None
    name: str
    is_me: bool
    resigned: bool
    waiting: bool
    due_at: datetime | None
    score: int | None
    place: int | None
    #: What everyone may know of the seat on the board (the game's `seat_rows`), for the strip.
    facts: Any = None


@dataclass
class YourMove:
    """What the seat may do: the questions the game waits for it to answer, what it may do any
    time, the trade form while it may trade; `version` is the game version the forms were made
    against."""

    version: int
    waited: bool
    due_at: datetime | None
    required: list[prompt.Question] = field(default_factory=list)
    optional: list[prompt.Question] = field(default_factory=list)
    trade: Any = None


@dataclass
class Results:
    """The end of a game as one seat reads it: every seat's result by place (each game's
    `ResultRow`s) and how equal scores are told apart."""

    rows: list[Any]
    note: str


@dataclass
class TablePresenter:
    slug: str
    players: list[PlayerLine]
    board: Any
    prompt: YourMove | None
    log: list[Section]
    #: Every seat's result, once the game is over (the board's partial shows them).
    results: Results | None = None
    #: Whether anything is marked as new since the reader last looked.
    changed: bool = False

    @property
    def board_template(self) -> str:
        return board_template(self.slug)

    @property
    def private_template(self) -> str:
        return private_template(self.slug)

    @property
    def facts_template(self) -> str:
        return f"games/{self.slug}/facts.html"

    @property
    def waiting_for(self) -> list[str]:
        """The players the game waits for, but the reader."""
        return [p.name for p in self.players if p.waiting and not p.is_me]


def board_template(slug: str) -> str:
    """A game's board (with its results at the end): `board` is its board, `results` its results."""
    return f"games/{slug}/board.html"


def private_template(slug: str) -> str:
    """A game's private corner: `mine` is the seat's private corner, `board` its board."""
    return f"games/{slug}/private.html"


def player_names(players: list[Any]) -> dict[int, str]:
    return {p.index: p.name for p in players if p.index is not None}


def player_lines(table: Any, facts: Mapping[int, Any] | None = None) -> list[PlayerLine]:
    """The players in seat order; `facts`: seat -> what everyone may know of it on the board."""
    facts = facts or {}
    return [
        PlayerLine(
            number=seat_number(p.index),
            name=p.name,
            is_me=table.seat is not None and p.index == table.seat,
            resigned=p.resigned,
            waiting=p.waiting,
            due_at=p.due_at,
            score=p.score,
            place=p.place,
            facts=facts.get(p.index) if p.index is not None else None,
        )
        for p in table.players
    ]


def changed_parts(slug: str, before: dict[str, Any] | None, after: dict[str, Any]) -> set[str]:
    """The part keys of `after`'s picture that differ from `before`, one seat's two views (None:
    the reader has no earlier view, nothing is marked)."""
    return set() if before is None else presentation(slug).changes(before, after)


def present_board(
    slug: str,
    view: dict[str, Any],
    names: dict[int, str],
    reader: int | None,
    *,
    changed: Collection[str] = frozenset(),
    choosable: Collection[str] = frozenset(),
) -> Any:
    """The board (with the private corner) of one seat's view; "you" is `reader`'s seat;
    `changed` and `choosable` are the picture's part keys to mark."""
    return presentation(slug).board(view, names, reader, changed=changed, choosable=choosable)


def present_results(
    slug: str, view: dict[str, Any], names: dict[int, str], reader: int | None
) -> Results | None:
    """The results of a finished game's `view` ("you" is `reader`'s seat); None before the end."""
    if view.get("phase") != "over":
        return None
    game = presentation(slug)
    return Results(rows=game.results(view, names, reader), note=str(game.RESULTS_NOTE))


def present_prompt(
    slug: str,
    view: dict[str, Any],
    legal: list[dict[str, Any]],
    *,
    waited: bool,
    version: int,
    due_at: datetime | None,
    trade: Any,
    picks: dict[str, list[dict[str, Any]]] | None = None,
    default: dict[str, Any] | None = None,
) -> YourMove:
    """The seat's questions; `picks` (part key -> legal actions, `Presentation.choices`) marks
    which choices a click on the picture picks; `default` (what a deadline would play) is the one
    choice the form may show ticked, where it is a pass (`prompt.preselect`)."""
    game = presentation(slug)
    required, optional = prompt.questions(
        legal,
        waited=waited,
        any_time=engine.get_game(slug).is_any_time,
        label=lambda action: label(slug, view, action),
        question=lambda kind: game.question_text(view, kind),
        compose=lambda kind, actions: game.compose_parts(kind, actions, view),
        default=default,
    )
    if picks:
        prompt.mark_picks(required + optional, picks)
    return YourMove(
        version=version, waited=waited, due_at=due_at, required=required, optional=optional, trade=trade
    )


def present_table(table: Any) -> TablePresenter:
    """Template data for a `games.selectors.Table`: the players, and once the game has started
    the board, the private corner, the prompt (for a seat still playing) and the log."""
    slug = table.game.slug
    if table.view is None or slug not in PRESENTATIONS:
        return TablePresenter(slug=slug, players=player_lines(table), board=None, prompt=None, log=[])
    game = presentation(slug)
    names = player_names(table.players)
    plays = table.is_member and table.game.is_running and not table.resigned
    legal = table.legal_actions if plays else []
    picks = game.choices(table.view, legal) if legal else {}
    changed = changed_parts(slug, table.seen_view, table.view) if table.unseen else set()
    board = present_board(slug, table.view, names, table.seat, changed=changed, choosable=picks.keys())
    players = player_lines(table, game.seat_rows(board))
    me = next((p for p in table.players if p.index is not None and p.index == table.seat), None)
    waited = plays and table.my_turn
    return TablePresenter(
        slug=slug,
        players=players,
        board=board,
        prompt=present_prompt(
            slug,
            table.view,
            legal,
            waited=waited,
            version=table.game.version,
            due_at=me.due_at if me is not None and waited else None,
            trade=board.trade,
            picks=picks,
            default=table.default_action if waited else None,
        )
        if plays
        else None,
        log=log_sections(slug, table.log, table.view, names, table.seat, table.unseen),
        results=present_results(slug, table.view, names, table.seat),
        changed=bool(changed) or table.unseen > 0,
    )


# -- for mails ---------------------------------------------------------------------------------
@dataclass
class Situation:
    """What a prompt mail tells a seat besides the news: its own situation, the table at a
    glance, and the question with its numbered choices (numbered in the order given)."""

    you: list[str]
    glance: list[str]
    questions: list[prompt.Question]
    choices: list[tuple[int, str]]
    #: The table as chips and dots for an HTML mail (`Presentation.mail_picture`).
    picture: Any = None


def present_situation(
    slug: str, view: dict[str, Any], names: dict[int, str], choices: list[dict[str, Any]]
) -> Situation:
    """A seat's situation from its `view` (the seat it is for), with `choices` (the mail's
    legal actions, in the mail's order) numbered from 1."""
    game = presentation(slug)
    seat = view.get("seat")
    questions = present_prompt(slug, view, choices, waited=True, version=0, due_at=None, trade=None).required
    return Situation(
        you=game.situation(view, names),
        glance=game.glance(view, names),
        questions=questions,
        choices=[(n, label(slug, view, a)) for n, a in enumerate(choices, start=1)]
        if seat is not None
        else [],
        picture=game.mail_picture(view),
    )


def news(
    slug: str, actions: list[Played], view: dict[str, Any], names: dict[int, str], reader: int | None
) -> list[str]:
    """The log's sentences of `actions` as `reader` reads them, oldest first, without headings (a
    mail's news)."""
    return presentation(slug).LogWords(view, names, reader).lines(actions)


def log_sections(
    slug: str,
    actions: list[Played],
    view: dict[str, Any] | None,
    names: dict[int, str],
    reader: int | None,
    unseen: int = 0,
) -> list[Section]:
    """The log in sections, newest first; "you" is `reader`'s seat (None: nobody); the lines of
    the last `unseen` actions are marked new."""
    if view is None:
        return []
    return sections(presentation(slug).LogWords(view, names, reader), actions, unseen)
