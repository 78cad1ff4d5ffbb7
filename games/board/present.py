"""One entry point for templates: everything the board, private corner, prompt and log show."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from . import lifeboat, lifeboats, prompt

BOARDS = {"lifeboat": lifeboat.board, "lifeboats": lifeboats.board}
RELABEL = {"lifeboat": lifeboat.action_label}
COMPOSE = {"lifeboat": lifeboat.compose_parts}


@dataclass
class Presented:
    slug: str
    board: Any
    waited: bool
    due_at: datetime | None
    required: list[prompt.Question] = field(default_factory=list)
    optional: list[prompt.Question] = field(default_factory=list)

    #: The partial that shows the board and private corner (the replay includes it).
    template = "games/partials/board.html"


def player_names(table: Any) -> dict[int, str]:
    return {p.index: p.name for p in table.players if p.index is not None}


def present_table(table: Any) -> Presented | None:
    """Template data for a `games.selectors.Table`; None before the game starts."""
    if table.view is None or table.game.slug not in BOARDS:
        return None
    names = player_names(table)
    me = next((p for p in table.players if table.seat is not None and p.index == table.seat), None)
    waited = bool(table.my_turn) and not table.resigned
    relabel, compose = RELABEL.get(table.game.slug), COMPOSE.get(table.game.slug)
    required, optional = prompt.questions(
        table.legal_actions,
        waited=waited,
        relabel=(lambda action, label: relabel(table.view, action, label)) if relabel else None,
        compose=(lambda kind, actions: compose(kind, actions, table.view)) if compose else None,
    )
    return Presented(
        slug=table.game.slug,
        board=BOARDS[table.game.slug](table.view, names),
        waited=waited,
        due_at=me.due_at if me is not None and waited else None,
        required=required,
        optional=optional,
    )
