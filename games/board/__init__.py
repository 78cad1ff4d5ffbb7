"""Presenters: a seat's engine view (and the events it may read) turned into template-ready data.

Everything here reads only what `selectors.table` hands the template: the per-seat `view`, the
seat's legal actions and its filtered log. Nothing reads a state, a snapshot or another seat's
secrets, so a board, a prompt or a log line can show only what that seat may know.
"""

from .present import present_table

__all__ = ["present_table"]
