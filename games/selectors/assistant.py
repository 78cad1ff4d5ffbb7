"""The reader's assistant at one table, and their answers given ahead: the panel beside the table
(read per reader, apart from the cached table, since it changes without the game moving on)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from games.presentations import item_name, kind_name, label

from ..board.prompt import action_json
from ..models import AssistantDefault, Game, Seat


@dataclass(frozen=True)
class KindChoice:
    """A kind of decision, worded, and whether the assistant takes it."""

    kind: str
    name: str
    minor: bool
    handed: bool


@dataclass(frozen=True)
class AheadChoice:
    """A kind the reader may answer ahead now: its choices (`pick`: (value, label) pairs, one to
    choose; `order`: (item, name) pairs to rank) and what is queued for it (worded), if anything."""

    kind: str
    name: str
    pick: list[tuple[str, str]] = field(default_factory=list)
    order: list[tuple[str, str]] = field(default_factory=list)
    queued: str = ""


@dataclass(frozen=True)
class AssistantPanel:
    game_id: int
    version: int
    #: Whether this table allows assistants, and whether it is a quick game.
    allowed: bool
    quick: bool
    kinds: list[KindChoice]
    ahead: list[AheadChoice]
    #: Kinds with an answer queued that cannot be asked now (worded, withdrawable).
    queued_elsewhere: list[AheadChoice]


def assistant_panel(*, game: Game, user: AbstractBaseUser) -> AssistantPanel | None:
    """The reader's panel at a running game where they hold a seat still playing; None otherwise.
    Read from the seat's own view and row only: nothing of another seat."""
    if game.status != Game.Status.RUNNING or not user.is_authenticated:
        return None
    seat = Seat.objects.filter(game=game, user=user, resigned=False, index__isnull=False).first()
    if seat is None:
        return None
    rules = game.engine
    state = rules.from_json(game.snapshot)
    view = rules.view(state, seat.index)
    kinds = [
        KindChoice(kind, kind_name(game.slug, kind), minor, kind in seat.assistant)
        for kind, minor in rules.decision_kinds.items()
    ]
    options = rules.ahead_options(view)
    ahead = [
        _choice(game.slug, view, kind, offered, seat.plans.get(kind)) for kind, offered in options.items()
    ]
    elsewhere = [
        AheadChoice(kind, kind_name(game.slug, kind), queued=_worded(game.slug, view, kind, plan))
        for kind, plan in seat.plans.items()
        if kind not in options
    ]
    return AssistantPanel(
        game_id=game.pk,
        version=game.version,
        allowed=game.assistants,
        quick=game.quick,
        kinds=kinds,
        ahead=ahead,
        queued_elsewhere=elsewhere,
    )


def _choice(
    slug: str, view: dict[str, Any], kind: str, offered: dict[str, list[Any]], plan: Any
) -> AheadChoice:
    queued = _worded(slug, view, kind, plan) if plan else ""
    if "pick" in offered:
        pick = [(action_json(a), label(slug, view, a)) for a in offered["pick"]]
        return AheadChoice(kind, kind_name(slug, kind), pick=pick, queued=queued)
    order = [(item, item_name(slug, kind, item)) for item in offered["order"]]
    return AheadChoice(kind, kind_name(slug, kind), order=order, queued=queued)


def _worded(slug: str, view: dict[str, Any], kind: str, plan: dict[str, Any]) -> str:
    """A queued plan in words: its choices, or its order, in order of preference."""
    if "actions" in plan:
        return " · ".join(label(slug, view, a) for a in plan["actions"])
    return " > ".join(item_name(slug, kind, item) for item in plan.get("order", []))


def assistant_defaults(*, user: AbstractBaseUser) -> dict[str, list[str]]:
    """{game slug: the kinds the user hands their assistant at every new table of it}."""
    return dict(AssistantDefault.objects.filter(user=user).values_list("slug", "kinds"))
