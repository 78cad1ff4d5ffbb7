"""Before the first move: opening a game, taking and leaving seats, starting, inviting.

Keyword-only and atomic like every game write: the game row locked, the version the client saw
checked, the version bumped (`moves` holds the locking, checks and the store every state takes).
A club-only game asks the clubs app, through `games.hooks`, who belongs to its club.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from accounts.selectors import blocks_between, display_names
from refusals.errors import Refusal

from .. import hooks, live
from ..errors import GameNotFound, InvalidRequest, NotAllowed, WrongStatus
from ..models import AssistantDefault, Game, Seat, SecretAssignment
from . import turns
from .moves import _after_commit, _bump, _check_version, _locked_game, _require_status, _seat_of, _store_state
from .notices import game_abandoned, game_context


@transaction.atomic
def game_create(
    *,
    user: AbstractBaseUser,
    slug: str,
    num_players: int,
    options: dict[str, Any] | None = None,
    pace: str = Game.Pace.HOURS_24,
    visibility: str = Game.Visibility.PUBLIC,
    rated: bool = True,
    club: Any = None,
    auto_start: bool = False,
    bots_rated: bool = False,
    min_reliability: int | None = None,
    quick: bool = False,
    assistants: bool = True,
) -> Game:
    """An open game with the creator in its first seat; options are stored with defaults filled.
    With `auto_start` the game starts by itself when its last seat is taken (`game_join`); with
    `min_reliability` (0-100) only players that reliable (or without a decision yet) may join; a
    `quick` game hands every seat's minor kinds of decision to its assistant unless its player
    changes that, and without `assistants` nobody may hand decisions to one (`turns`)."""
    try:
        game_rules = engine.get_game(slug)
    except KeyError:
        raise InvalidRequest(_("There is no game called “%(slug)s”.") % {"slug": slug}) from None
    if pace not in Game.Pace.values:
        raise InvalidRequest(_("Unknown pace."))
    if visibility not in Game.Visibility.values:
        raise InvalidRequest(_("Unknown visibility."))
    if not isinstance(options, dict | None):
        raise InvalidRequest(_("Options must be an object."))
    if min_reliability is not None and (
        not isinstance(min_reliability, int) or not 0 <= min_reliability <= 100
    ):
        raise InvalidRequest(_("Reliability is a percentage from 0 to 100."))
    try:
        game_rules.new_game(num_players, 0, options)  # validates the player count and options
    except ValueError as exc:
        raise InvalidRequest(str(exc)) from None
    _check_club(visibility, club, user)
    game = Game.objects.create(
        slug=slug,
        options={**game_rules.options, **(options or {})},
        num_players=num_players,
        created_by=user,
        pace=pace,
        visibility=visibility,
        rated=rated,
        club=club,
        auto_start=auto_start,
        bots_rated=bots_rated,
        min_reliability=min_reliability,
        quick=quick and assistants,
        assistants=assistants,
    )
    seat = Seat.objects.create(game=game, user=user)
    _after_commit(game, "created")
    live.publish_on_commit([(game, [seat])])
    return game


@transaction.atomic
def game_join(
    *,
    game_id: int,
    user: AbstractBaseUser,
    invite_token: str | None = None,
    expected_version: int | None = None,
) -> Game:
    """Take a free seat in an open game; a private game needs its invite token. When that fills a
    game whose creator chose so, the game starts."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    if any(seat.user_id == user.pk for seat in seats):
        raise WrongStatus(_("You already have a seat in this game."))
    invited = _played_before(game, user)  # a rematch's players need no link
    if (
        game.visibility == Game.Visibility.PRIVATE
        and not invited
        and not invite_token_matches(game, invite_token)
    ):
        raise GameNotFound()
    if game.visibility == Game.Visibility.CLUB and not hooks.can_see_game(game=game, user=user):
        raise GameNotFound()
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    if len(seats) >= game.num_players:
        raise WrongStatus(_("This game is full."))
    _check_blocks(user, [seat.user_id for seat in seats])
    _check_reliability(game, user)
    Seat.objects.create(game=game, user=user)
    _bump(game, "joined")
    if game.auto_start and game.created_by is not None and len(seats) + 1 == game.num_players:
        try:
            with transaction.atomic():  # a start refused (say, the creator left) keeps the join
                game = game_start(game_id=game.pk, user=game.created_by)
        except Refusal:
            pass
    return game


def _played_before(game: Game, user: AbstractBaseUser) -> bool:
    """Whether the user sat at the game a rematch replays (one query, none for other games)."""
    if game.rematch_of_id is None:
        return False
    return Seat.objects.filter(game_id=game.rematch_of_id, user=user).exists()


@transaction.atomic
def game_rematch(*, game_id: int, user: AbstractBaseUser, link_for: Any = None) -> tuple[Game, bool]:
    """ "Same table again": a finished game's player opens a new game with the same settings (game,
    players, options, pace, rating, club) and invites the other players, who join it without a
    link; it starts by itself once they have all joined, their seats shuffled anew
    (`_shuffle_seats`). A club game's rematch stays the club's; any other is private, so that its
    seats wait for the same players. One open or running rematch per game: asking again gives
    that one. Returns (the rematch, whether it was made now).

    `link_for(game)` is the absolute link to the new table, for the invitation mails (through
    `hooks.send_invitation`, within the daily limit of the player who asked)."""
    finished = _locked_game(game_id)
    seats = list(finished.seats.select_related("user"))
    _seat_of(finished, seats, user)
    _require_status(finished, Game.Status.FINISHED)
    current = (
        Game.objects.filter(rematch_of=finished, status__in=[Game.Status.OPEN, Game.Status.RUNNING])
        .order_by("pk")
        .first()
    )
    if current is not None:
        return current, False
    club_only = finished.visibility == Game.Visibility.CLUB
    visibility = Game.Visibility.CLUB if club_only else Game.Visibility.PRIVATE
    rematch = Game.objects.create(
        slug=finished.slug,
        options=dict(finished.options),
        num_players=finished.num_players,
        created_by=user,
        pace=finished.pace,
        visibility=visibility,
        rated=finished.rated,
        club=finished.club,
        auto_start=True,
        rematch_of=finished,
        quick=finished.quick,
        assistants=finished.assistants,
    )
    Seat.objects.create(game=rematch, user=user)
    _after_commit(rematch, "created")
    others = [seat.user for seat in seats if seat.user_id != user.pk]
    if link_for is not None:
        context = {"game": game_context(rematch), "link": link_for(rematch)}
        for other in others:
            if other.email:
                hooks.send_invitation(
                    kind="rematch",
                    sent_by=user,
                    to_email=other.email,
                    to_user=other,
                    game=rematch,
                    context=context,
                )
    return rematch, True


def _shuffle_seats(game: Game, seats: list[Seat]) -> None:
    """The seat order at the start: a shuffle seeded by the game's own (secret, server-drawn)
    seed, so a game's seating is as reproducible as its deal; the order players joined in, which
    a rematch's creator would otherwise lead, counts for nothing."""
    seats.sort(key=lambda seat: (seat.user_id is None, seat.user_id or 0, seat.bot))  # people, then bots
    random.Random(game.seed).shuffle(seats)


@transaction.atomic
def game_leave(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """Give up a seat before the start; the creator abandons the game instead."""
    game = _locked_game(game_id)
    seat = _seat_of(game, list(game.seats.all()), user)
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    if game.created_by_id == user.pk:
        raise NotAllowed(_("You created this game: abandon it instead of leaving."))
    seat.delete()
    _bump(game, "left")
    return game


@transaction.atomic
def game_abandon(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """The creator calls off an open game."""
    game = _locked_game(game_id)
    _seat_of(game, list(game.seats.all()), user)
    if game.created_by_id != user.pk:
        raise NotAllowed(_("Only the creator can abandon the game."))
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    game.status = Game.Status.ABANDONED
    _bump(game, "abandoned", "status")
    others = [seat for seat in game.seats.all() if seat.user_id != user.pk]
    game_abandoned(game, others, why="called_off")
    return game


@transaction.atomic
def game_start(*, game_id: int, user: AbstractBaseUser, expected_version: int | None = None) -> Game:
    """The creator starts a full game: seats are shuffled, the engine deals, secrets are stored."""
    game = _locked_game(game_id)
    seats = list(game.seats.all())
    _seat_of(game, seats, user)
    if game.created_by_id != user.pk:
        raise NotAllowed(_("Only the creator can start the game."))
    _check_version(game, expected_version)
    _require_status(game, Game.Status.OPEN)
    if len(seats) != game.num_players:
        raise WrongStatus(_("The game starts when all %(num)d seats are taken.") % {"num": game.num_players})
    _shuffle_seats(game, seats)
    for index, seat in enumerate(seats):
        seat.index = index
    Seat.objects.bulk_update(seats, ["index"])

    rules = game.engine
    state = rules.new_game(game.num_players, game.seed, game.options)
    _store_secrets(rules, state, seats)
    _start_assistants(game, rules, seats)
    game.status = Game.Status.RUNNING
    game.started_at = timezone.now()
    _store_state(game, rules, state, seats, acted_seat=None, kind="started", extra_fields=("started_at",))
    return game


@transaction.atomic
def game_create_started(
    *,
    users: list[AbstractBaseUser],
    slug: str,
    options: dict[str, Any] | None = None,
    pace: str = Game.Pace.HOURS_24,
    visibility: str = Game.Visibility.PUBLIC,
    rated: bool = True,
    club: Any = None,
    created_by: AbstractBaseUser | None = None,
    seed: int | None = None,
    quick: bool = False,
    assistants: bool = True,
) -> Game:
    """A game started at once with `users` in exactly this seat order (league tables: the
    league's pairing decides seat positions, so there is no shuffle). `seed` is for imports of
    exported games only; by default the server draws it."""
    try:
        rules = engine.get_game(slug)
    except KeyError:
        raise InvalidRequest(_("There is no game called “%(slug)s”.") % {"slug": slug}) from None
    if pace not in Game.Pace.values or visibility not in Game.Visibility.values:
        raise InvalidRequest(_("Unknown pace or visibility."))
    if len({u.pk for u in users}) != len(users):
        raise InvalidRequest(_("A player can take only one seat."))
    if visibility == Game.Visibility.CLUB and club is None:
        raise InvalidRequest(_("The club-only visibility needs a club."))
    game = Game(
        slug=slug,
        num_players=len(users),
        created_by=created_by,
        pace=pace,
        visibility=visibility,
        rated=rated,
        club=club,
        quick=quick and assistants,
        assistants=assistants,
    )
    if seed is not None:
        game.seed = seed
    try:
        state = rules.new_game(len(users), game.seed, options)
    except ValueError as exc:
        raise InvalidRequest(str(exc)) from None
    game.options = {**rules.options, **(options or {})}
    game.status = Game.Status.RUNNING
    game.started_at = timezone.now()
    game.save()
    seats = Seat.objects.bulk_create(Seat(game=game, user=u, index=i) for i, u in enumerate(users))
    _store_secrets(rules, state, seats)
    _start_assistants(game, rules, seats)
    _store_state(game, rules, state, seats, acted_seat=None, kind="started")
    return game


def _start_assistants(game: Game, rules: engine.Game, seats: list[Seat]) -> None:
    """Each person's seat starts with the kinds of decision its player hands their assistant in
    this game (their defaults; in a quick game every minor kind too: `turns.starting_kinds`)."""
    defaults = dict(
        AssistantDefault.objects.filter(
            user_id__in=[seat.user_id for seat in seats if seat.user_id is not None], slug=game.slug
        ).values_list("user_id", "kinds")
    )
    handing = []
    for seat in seats:
        if seat.user_id is not None:
            seat.assistant = turns.starting_kinds(game, rules, defaults.get(seat.user_id, []))
            if seat.assistant:
                handing.append(seat)
    if handing:
        Seat.objects.bulk_update(handing, ["assistant"])


def _store_secrets(rules: engine.Game, state: Any, seats: list[Seat]) -> None:
    """The cards the deal gave each seat secretly (the zones its game declares secret)."""
    zones = rules.zones(state)
    SecretAssignment.objects.bulk_create(
        SecretAssignment(seat=seat, kind=kind, card=card)
        for seat in seats
        for kind in rules.secret_zone_kinds
        for card in zones.get(f"{kind}:{seat.index}", [])
    )


def _check_blocks(user: AbstractBaseUser, seated: list[int]) -> None:
    """Nobody sits at a table with a player they blocked or who blocked them (both ways)."""
    mine, theirs = blocks_between(user_id=user.pk, others=seated)
    if mine:
        names = display_names(get_user_model().objects.filter(pk__in=mine).select_related("profile"))
        raise NotAllowed(
            _("You have blocked %(names)s, who plays in this game. Unblock them first to join.")
            % {"names": ", ".join(names[pk] for pk in mine)}
        )
    if theirs:
        raise NotAllowed(_("You cannot join this game: a player at this table does not play with you."))


def _check_reliability(game: Game, user: AbstractBaseUser) -> None:
    """A game's minimum reliability: a player with fewer decisions on time is refused, one with
    no decision yet may join (as in league sign-ups)."""
    if game.min_reliability is None:
        return
    percent = hooks.reliability_percent([user.pk])[user.pk]
    if percent is not None and percent < game.min_reliability:
        raise NotAllowed(
            _(
                "This game asks for a reliability of at least %(min)d%%; yours is %(you)d%% "
                "(the share of your decisions made before the deadline)."
            )
            % {"min": game.min_reliability, "you": percent}
        )


def _check_club(visibility: str, club: Any, user: AbstractBaseUser) -> None:
    if visibility != Game.Visibility.CLUB:
        return
    if club is None:
        raise InvalidRequest(_("The club-only visibility needs a club."))
    if not hooks.is_club_member(club_id=club.pk, user=user):
        raise NotAllowed(_("Only members of the club can create its games."))


# -- inviting ---------------------------------------------------------------------------------
def invite_send(*, game_id: int, user: AbstractBaseUser, email: str, link: str) -> None:
    """Mail the invite link of an open game to `email`; only seated players may invite. The mail
    goes through the sender registered in `hooks` (the notifications outbox: sent after the
    request, within a daily limit per player)."""
    try:
        game = Game.objects.defer("snapshot").get(pk=game_id)
    except Game.DoesNotExist:
        raise GameNotFound() from None
    _seat_of(game, list(game.seats.all()), user)
    _require_status(game, Game.Status.OPEN)
    context = {"game": game_context(game), "link": link}
    hooks.send_invitation(kind="game_invite", sent_by=user, to_email=email, game=game, context=context)


def invite_token_matches(game: Game, token: str | None) -> bool:
    # As bytes: compare_digest refuses str with non-ASCII characters (a TypeError: a 500).
    return bool(token) and secrets.compare_digest(str(token).encode(), game.invite_token.encode())
