"""Reads for pages, fragments and the API.

Templates and API responses get plain dataclasses built here: game facts without the snapshot,
the engine's per-seat `view`, the seat's legal actions with labels (worded from that view), and
the latest actions' events filtered by their visibility. The state is loaded from the snapshot
(never replayed), and every selector runs a fixed number of queries whatever the length of the
game.

- `info`: the dataclasses (`GameInfo`, `Table`, `LobbyEntry`, ...) and `game_info`.
- `listings`: the lobby, the reader's games and history, public games to watch, rematches.
- `tables`: the table read for one reader (`table_head`, `table_of`), "since you last looked".
- `seating`: who sits where in a started game: substitutes, bots, votes, changes of hands.
- `assistant`: the reader's assistant at a table and their answers given ahead; their defaults.
"""

from .assistant import AheadChoice, AssistantPanel, KindChoice, assistant_defaults, assistant_panel
from .info import GameInfo, HistoryEntry, LobbyEntry, LobbyPlayer, Player, Table, User, game_info
from .listings import (
    Lobby,
    Rematch,
    finished_games,
    lobby,
    my_games,
    open_games,
    public_running_games,
    rematch_invitations,
    rematch_of,
)
from .reading import GameRead
from .seating import SeatChangeLine, SeatOption, SeatPanel, seat_changes, seat_panel
from .tables import (
    MAX_UNSEEN,
    SEAT_ROW_FIELDS,
    SEATS_CACHE_SECONDS,
    SeatRow,
    TableHead,
    learn_panel_shown,
    seat_rows,
    seen_view,
    table,
    table_head,
    table_head_of,
    table_of,
)

__all__ = [
    "MAX_UNSEEN",
    "SEATS_CACHE_SECONDS",
    "SEAT_ROW_FIELDS",
    "AheadChoice",
    "AssistantPanel",
    "GameInfo",
    "GameRead",
    "HistoryEntry",
    "KindChoice",
    "Lobby",
    "LobbyEntry",
    "LobbyPlayer",
    "Player",
    "Rematch",
    "SeatChangeLine",
    "SeatOption",
    "SeatPanel",
    "SeatRow",
    "Table",
    "TableHead",
    "User",
    "assistant_defaults",
    "assistant_panel",
    "finished_games",
    "game_info",
    "learn_panel_shown",
    "lobby",
    "my_games",
    "open_games",
    "public_running_games",
    "rematch_invitations",
    "rematch_of",
    "seat_changes",
    "seat_panel",
    "seat_rows",
    "seen_view",
    "table",
    "table_head",
    "table_head_of",
    "table_of",
]
