"""Presenters: a seat's engine view (its legal actions, its filtered log) turned into template data.

The one path from state to page: `games.selectors.table` reads the game and gives the seat's
view, legal actions and log; `present_table` turns them into plain dataclasses; the template
`games/table.html` renders them, one partial per section. Nothing here reads a state, a snapshot
or another seat's secrets.
"""

from .present import TablePresenter, present_board, present_results, present_situation, present_table

__all__ = ["TablePresenter", "present_board", "present_results", "present_situation", "present_table"]
