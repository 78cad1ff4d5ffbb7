"""What every page's navigation shows of the games: how many wait for the reader, and where the
"next game waiting for me" link leads (`waiting`: one cached read per request, only when a template
uses it)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.http import HttpRequest
from django.urls import reverse
from django.utils.http import urlencode

from . import waiting


@dataclass
class YourTurn:
    """The reader's waiting games, read on first use."""

    user_id: int
    #: The game the page shows, if any: "next" leads on from it.
    current: int | None

    @cached_property
    def games(self) -> list[waiting.Waiting]:
        return waiting.waiting_for(self.user_id)

    @property
    def count(self) -> int:
        return len(self.games)

    @property
    def next_url(self) -> str:
        """The walk through the waiting games in deadline order, on from the page's game."""
        url = reverse("games:next")
        return f"{url}?{urlencode({'from': self.current})}" if self.current else url

    @property
    def here_only(self) -> bool:
        """The one game waiting is the page's own: there is no next one to go to."""
        return waiting.next_after(self.games, self.current) is None


def your_turn(request: HttpRequest) -> dict[str, YourTurn | None]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"your_turn": None}
    match = getattr(request, "resolver_match", None)
    current = match.kwargs.get("game_id") if match is not None else None
    turn = getattr(request, "_your_turn", None)
    if turn is None:  # one per request, however many templates render with it
        turn = YourTurn(user_id=user.pk, current=current if isinstance(current, int) else None)
        request._your_turn = turn  # type: ignore[attr-defined]
    return {"your_turn": turn}
