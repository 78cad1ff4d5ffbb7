"""Who may replay what, and the replay page's data.

- A finished game can be stepped through by anyone who may see it (club games: members; private
  games: their players), as the spectator (with every action labelled: after the end everything
  is public) or from any seat as that seat saw it then.
- While a game runs, a player may replay only their own seat, as they saw it at each step: the
  seat's `view` of the state after that step, the events visible to the seat, and the labels
  of their own actions only (another seat's action may be secret, e.g. a sealed vote).
- Only finished games are exported: the seed decides every shuffle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.utils.translation import gettext as _

import engine
from clubs import selectors as club_selectors
from games.i18n import describe_action
from games.models import Action, Game
from games.seats import seat_name
from games.selectors import seat_changes
from refusals.errors import Conflict, Forbidden, NotFound

from .replay import Step, export_data

User = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class Replay:
    game_id: int
    name: str
    slug: str
    status: str
    finished: bool
    num_players: int
    players: list[str]
    seat: int | None
    step: int
    total: int
    view: dict[str, Any]
    actor: int | None = None
    action_label: str | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    seat_choices: list[int | None] = field(default_factory=list)
    #: The seat of the user who reads the replay, if they played: "you" in its words.
    reader: int | None = None
    #: The seats that changed hands (`games.selectors.seat_changes`).
    changes: list[Any] = field(default_factory=list)

    @property
    def previous(self) -> int | None:
        return self.step - 1 if self.step > 0 else None

    @property
    def next(self) -> int | None:
        return self.step + 1 if self.step < self.total else None


def _load(game_id: int, user: User):
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("There is no such game."))
    seats = list(game.seats.select_related("user__profile").order_by("index"))
    mine = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    if mine is None and (
        game.visibility == Game.Visibility.PRIVATE or not club_selectors.can_see_game(game=game, user=user)
    ):
        raise NotFound(_("There is no such game."))
    if game.snapshot is None or any(s.index is None for s in seats):
        raise Conflict(_("The game has not started yet."))
    return game, seats, mine


def _name(user) -> str:
    profile = getattr(user, "profile", None)
    return profile.display_name if profile is not None else user.get_username()


def _player_name(seat) -> str:
    return seat_name(seat) if seat.bot else _name(seat.user)


def _steps(game) -> list[Step]:
    rows = Action.objects.filter(game=game).order_by("seq").values_list("seat_index", "payload")
    return [Step(seat=seat, action=payload) for seat, payload in rows]


def replay(
    *, game_id: int, user: User, step: int | None = None, seat: int | None = None, spectator: bool = False
) -> Replay:
    """The replay at `step` (default: the last) seen from `seat` (default: the user's own seat if
    they played, else the spectator; `spectator=True` asks for the spectator)."""
    game, seats, mine = _load(game_id, user)
    finished = game.status == "finished"
    n = len(seats)
    if seat is None and not spectator and mine is not None:
        seat = mine.index
    if seat is not None and not 0 <= seat < n:
        raise NotFound(_("There is no such seat."))
    if not finished and (seat is None or mine is None or seat != mine.index):
        raise Forbidden(_("Until the game is over you can replay only your own seat."))
    # A substitute replays their seat from the move they took it over (`Seat.held_since`).
    since = 0 if finished or mine is None else mine.held_since
    steps = _steps(game)
    total = len(steps)
    step = total if step is None else step
    if not 0 <= step <= total:
        raise NotFound(_("There is no such step."))
    if step < since:
        raise Forbidden(_("You took this seat over later: you can replay it from then on."))

    rules = engine.get_game(game.slug)
    state = rules.new_game(n, game.seed, game.options)
    log: list[dict[str, Any]] = []
    label = None
    for k, item in enumerate(steps[:step], start=1):
        if k == step and (item.seat == seat or (finished and seat is None)):
            label = describe_action(rules, state, item.seat, item.action)
        events = rules.apply(state, item.seat, dict(item.action))
        if k > since:
            # at a finished game's last step everything is public, as on its table
            log.extend(engine.events_for(events, seat, game_over=finished and step == total))
    choices: list[int | None] = [None, *range(n)] if finished else [mine.index]
    return Replay(
        game_id=game.pk,
        name=rules.name,
        slug=game.slug,
        status=game.status,
        finished=finished,
        num_players=n,
        players=[_player_name(s) for s in seats],
        seat=seat,
        step=step,
        total=total,
        view=rules.view(state, seat),
        actor=steps[step - 1].seat if label is not None else None,
        action_label=label,
        # the last step tells the whole story; an earlier one its latest events
        log=log if step == total else log[-40:],
        seat_choices=choices,
        reader=mine.index if mine is not None else None,
        changes=seat_changes(game),
    )


def export(*, game_id: int, user: User) -> dict[str, Any]:
    """The JSON export of a finished game the user may see."""
    game, seats, _mine = _load(game_id, user)
    if game.status != "finished":
        raise Conflict(_("Only finished games can be exported: the seed would give away every card."))
    return export_data(
        slug=game.slug,
        num_players=len(seats),
        seed=game.seed,
        options=dict(game.options),
        steps=_steps(game),
        players=[_player_name(s) for s in seats],
        game_id=game.pk,
        extra={
            "rated": game.rated,
            "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        },
    )
