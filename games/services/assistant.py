"""A player's assistant and answers given ahead: the writes behind the table's panel and the
player's defaults (`turns` says when the assistant decides and when a plan is played).

- `assistant_set`: the kinds of decision a seat hands its assistant at one table, changeable at
  any time; effective from the seat's next decision (the one it is asked now stays its own).
- `assistant_defaults_set`: the kinds a player hands their assistant at every new table of a game.
- `plan_queue`, `plan_withdraw`: a seat's answer to its own next decision of a kind, given ahead,
  secret to the seat, checked against what its view lets it queue now (the engine's
  `ahead_options`); withdrawable until it is played.

None of these moves the game on, so none bumps its version: the seat's row alone changes, under
the game's row lock.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

import engine

from ..errors import InvalidRequest, NotAllowed
from ..models import AssistantDefault, Game, Seat
from .moves import _locked_game, _require_status, _seat_of


def _my_running_seat(game_id: int, user: AbstractBaseUser) -> tuple[Game, Seat]:
    game = _locked_game(game_id)
    seat = _seat_of(game, list(game.seats.all()), user)
    _require_status(game, Game.Status.RUNNING)
    if seat.resigned:
        raise NotAllowed(_("You resigned from this game."))
    return game, seat


def _known_kinds(rules: engine.Game, kinds: list[str]) -> list[str]:
    """`kinds` in the game's own order; an unknown kind is refused."""
    if not isinstance(kinds, list) or not set(kinds) <= set(rules.decision_kinds):
        raise InvalidRequest(_("That is not a kind of decision of this game."))
    return [kind for kind in rules.decision_kinds if kind in kinds]


@transaction.atomic
def assistant_set(*, game_id: int, user: AbstractBaseUser, kinds: list[str]) -> Seat:
    """The kinds of decision the user's seat hands its assistant at this table from its next
    decision on (a table that allows assistants)."""
    game, seat = _my_running_seat(game_id, user)
    if not game.assistants:
        raise NotAllowed(_("This table does not allow assistants."))
    seat.assistant = _known_kinds(game.engine, kinds)
    seat.save(update_fields=["assistant"])
    return seat


@transaction.atomic
def assistant_defaults_set(*, user: AbstractBaseUser, slug: str, kinds: list[str]) -> AssistantDefault:
    """The kinds of decision the user hands their assistant at every new table of game `slug`."""
    try:
        rules = engine.get_game(slug)
    except KeyError:
        raise InvalidRequest(_("There is no game called “%(slug)s”.") % {"slug": slug}) from None
    default, _created = AssistantDefault.objects.update_or_create(
        user=user, slug=slug, defaults={"kinds": _known_kinds(rules, kinds)}
    )
    return default


@transaction.atomic
def plan_queue(*, game_id: int, user: AbstractBaseUser, plan: Any) -> Seat:
    """Queue the user's answer to their own next decision of `plan["kind"]` (replacing one queued
    for that kind), if their view lets them queue it now."""
    game, seat = _my_running_seat(game_id, user)
    rules = game.engine
    view = rules.view(rules.from_json(game.snapshot), seat.index)
    if rules.ahead_problem(view, plan) is not None:
        raise InvalidRequest(_("That answer cannot be given ahead now."))
    seat.plans = {**seat.plans, plan["kind"]: plan}
    seat.save(update_fields=["plans"])
    return seat


@transaction.atomic
def plan_withdraw(*, game_id: int, user: AbstractBaseUser, kind: str) -> Seat:
    """Withdraw the user's answer given ahead for `kind` (nothing to withdraw is no error)."""
    _game, seat = _my_running_seat(game_id, user)
    if kind in seat.plans:
        seat.plans = {k: p for k, p in seat.plans.items() if k != kind}
        seat.save(update_fields=["plans"])
    return seat
