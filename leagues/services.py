"""Writes for league seasons: create, sign up, start rounds (tables and games), close.

Keyword-only and atomic; refusals raise `refusals.errors.Refusal` subclasses. A round is set up
in one transaction: tables from `leagues.pairing`, one started game per table through
`games.services.game_create_started` (seat order as paired), and one mail per player through the
notifications outbox, sent once the transaction commits.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

import engine
from accounts.models import Profile
from accounts.selectors import display_names
from clubs.models import Club, Membership
from clubs.services import require_admin, require_member
from games.models import Game, Seat
from games.services import game_create_started
from notifications.models import Kind
from notifications.outbox import queue_rendered_mail, start_mail_key
from ratings.models import Rating
from ratings.selectors import reliability
from refusals.errors import Conflict, Forbidden, Invalid, NotFound

from .models import Division, Entry, LeagueTable, Round, Season
from .pairing import History, make_round
from .selectors import season_standings
from .standings import Finish, next_divisions

#: The lobby's presets (the time bank included).
PACES = tuple(Game.Pace.values)


def _locked_season(season_id: int) -> Season:
    try:
        return Season.objects.select_for_update().select_related("club").get(pk=season_id)
    except (Season.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no such season.")) from None


def _require_status(season: Season, status: str) -> None:
    if season.status != status:
        messages = {
            Season.Status.SIGNUP: _("The season has not started yet."),
            Season.Status.RUNNING: _("The season is already under way."),
            Season.Status.FINISHED: _("The season is over."),
        }
        raise Conflict(messages[Season.Status(season.status)])


@transaction.atomic
def season_create(
    *,
    club_id: int,
    user: AbstractBaseUser,
    name: str,
    slug: str,
    options: dict[str, Any] | None = None,
    pace: str = "24h",
    rated: bool = True,
    rounds: int = 5,
    division_size: int = 12,
    promote: int = 2,
    relegate: int = 2,
    min_reliability: int | None = None,
    previous_id: int | None = None,
    quick: bool = False,
    assistants: bool = True,
    auto_advance: bool = True,
) -> Season:
    """A club admin opens a season for sign-up."""
    try:
        club = Club.objects.select_for_update().get(pk=club_id)
    except (Club.DoesNotExist, ValueError, TypeError):
        raise NotFound(_("There is no such club.")) from None
    require_admin(club, user)
    try:
        rules = engine.get_game(slug)
    except KeyError:
        raise Invalid(_("There is no game called “%(slug)s”.") % {"slug": slug}) from None
    if not isinstance(options, dict | None):
        raise Invalid(_("Options must be an object."))
    try:
        resolved = rules.resolve_options(options)
    except ValueError as exc:
        raise Invalid(str(exc)) from None
    name = " ".join(str(name).split())
    if not name:
        raise Invalid(_("Give the season a name."))
    if pace not in PACES:
        raise Invalid(_("Unknown pace."))
    if not 1 <= rounds <= 30:
        raise Invalid(_("A season has 1 to 30 rounds."))
    if division_size < rules.min_players:
        raise Invalid(_("A division needs at least one table's worth of players."))
    if promote < 0 or relegate < 0 or promote + relegate > division_size:
        raise Invalid(_("Promotion and relegation must fit in a division."))
    if min_reliability is not None and not 0 <= min_reliability <= 100:
        raise Invalid(_("Reliability is a percentage from 0 to 100."))
    previous = None
    if previous_id is not None:
        previous = Season.objects.filter(pk=previous_id, club=club, slug=slug).first()
        if previous is None:
            raise Invalid(_("The previous season must be one of this club's, for the same game."))
    return Season.objects.create(
        club=club,
        name=name[:80],
        slug=slug,
        options=resolved,
        pace=pace,
        rated=rated,
        rounds=rounds,
        division_size=division_size,
        promote=promote,
        relegate=relegate,
        min_reliability=min_reliability,
        previous=previous,
        auto_advance=auto_advance,
        created_by=user,
        quick=quick and assistants,
        assistants=assistants,
    )


@transaction.atomic
def season_signup(*, season_id: int, user: AbstractBaseUser) -> Entry:
    """A club member signs up while the season takes sign-ups (reliability permitting)."""
    season = _locked_season(season_id)
    require_member(season.club, user)
    _require_status(season, Season.Status.SIGNUP)
    if Entry.objects.filter(season=season, user=user).exists():
        raise Conflict(_("You have already signed up."))
    if season.min_reliability is not None:
        share = reliability(user.pk).share
        if share is not None and share * 100 < season.min_reliability:
            raise Forbidden(
                _("This season asks for at least %(min)d%% of decisions made in time; you have %(you)d%%.")
                % {"min": season.min_reliability, "you": round(share * 100)}
            )
    return Entry.objects.create(season=season, user=user)


@transaction.atomic
def season_withdraw(*, season_id: int, user: AbstractBaseUser) -> None:
    season = _locked_season(season_id)
    _require_status(season, Season.Status.SIGNUP)
    deleted, _rows = Entry.objects.filter(season=season, user=user).delete()
    if not deleted:
        raise NotFound(_("You are not signed up."))


@transaction.atomic
def season_start(*, season_id: int, user: AbstractBaseUser) -> Round:
    """Close sign-up, split the entries into divisions and start round 1."""
    season = _locked_season(season_id)
    require_admin(season.club, user)
    _require_status(season, Season.Status.SIGNUP)
    rules = engine.get_game(season.slug)
    entries = list(Entry.objects.filter(season=season).select_related("user"))
    if len(entries) < rules.min_players:
        raise Conflict(
            _("%(game)s needs at least %(num)d players signed up.")
            % {"game": rules.name, "num": rules.min_players}
        )
    previous: dict[int, Finish] = {}
    num_previous_levels = 0
    if season.previous_id is not None:
        rows = Entry.objects.filter(
            season_id=season.previous_id, division__isnull=False, final_rank__isnull=False
        ).values_list("user_id", "division__level", "final_rank")
        previous = {uid: Finish(level=level, rank=rank) for uid, level, rank in rows}
        num_previous_levels = max((f.level for f in previous.values()), default=0)
    user_ids = [e.user_id for e in entries]
    ratings = dict(
        Rating.objects.filter(slug=season.slug, user_id__in=user_ids).values_list("user_id", "ordinal")
    )
    divisions = next_divisions(
        user_ids,
        {uid: f for uid, f in previous.items() if uid in set(user_ids)},
        num_previous_levels,
        season.division_size,
        season.promote,
        season.relegate,
        newcomer_order=ratings,
        min_size=rules.min_players,
    )
    by_user = {e.user_id: e for e in entries}
    for level, members in enumerate(divisions, start=1):
        division = Division.objects.create(season=season, level=level)
        for uid in members:
            by_user[uid].division = division
    Entry.objects.bulk_update(entries, ["division"])
    season.status = Season.Status.RUNNING
    season.started_at = timezone.now()
    season.save(update_fields=["status", "started_at"])
    return _start_round(season, admin=user)


@transaction.atomic
def round_start(*, season_id: int, user: AbstractBaseUser) -> Round:
    """Start the next round once every game of the current one has ended."""
    season = _locked_season(season_id)
    require_admin(season.club, user)
    _require_status(season, Season.Status.RUNNING)
    if season.current_round >= season.rounds:
        raise Conflict(_("All rounds have been played; close the season."))
    _require_round_over(season)
    return _start_round(season, admin=user)


@transaction.atomic
def season_finish(*, season_id: int, user: AbstractBaseUser) -> Season:
    """Close the season after its last game: freeze each entry's final rank in its division."""
    season = _locked_season(season_id)
    require_admin(season.club, user)
    _require_status(season, Season.Status.RUNNING)
    _require_round_over(season)
    return _close(season)


@transaction.atomic
def season_advance(*, season_id: int, round_number: int | None = None) -> Round | Season | None:
    """For seasons that advance by themselves: once every game of the current round has ended,
    start the next round, or close the season after the last one. Does nothing (None) when the
    round is not over, was already advanced (`round_number` is not the current round any more)
    or the season is not automatic, so the game hook and the sweeper may both call it."""
    try:
        season = _locked_season(season_id)
    except NotFound:
        return None
    if not season.auto_advance or season.status != Season.Status.RUNNING:
        return None
    if round_number is not None and round_number != season.current_round:
        return None
    try:
        _require_round_over(season)
    except Conflict:
        return None
    if season.current_round < season.rounds:
        return _start_round(season, admin=season.created_by)
    return _close(season)


def advance_due_seasons() -> int:
    """The sweeper: advance every automatic season whose current round is over; returns how many."""
    running = Season.objects.filter(status=Season.Status.RUNNING, auto_advance=True)
    busy = LeagueTable.objects.filter(
        round__season_id=OuterRef("pk"),
        round__number=OuterRef("current_round"),
        game__status__in=[Game.Status.OPEN, Game.Status.RUNNING],
    )
    due = running.annotate(busy=Exists(busy)).filter(busy=False).values_list("pk", "current_round")
    return sum(season_advance(season_id=pk, round_number=number) is not None for pk, number in due)


def _close(season: Season) -> Season:
    entries = {e.user_id: e for e in Entry.objects.filter(season=season)}
    for division in season_standings(season=season).divisions:
        for row in division.rows:
            entries[row.user_id].final_rank = row.rank
    Entry.objects.bulk_update(entries.values(), ["final_rank"])
    season.status = Season.Status.FINISHED
    season.finished_at = timezone.now()
    season.save(update_fields=["status", "finished_at"])
    return season


def _require_round_over(season: Season) -> None:
    unfinished = LeagueTable.objects.filter(
        round__season=season, game__status__in=[Game.Status.OPEN, Game.Status.RUNNING]
    )
    if unfinished.exists():
        raise Conflict(_("Some games of this round are still being played."))


def _history(season: Season) -> dict[int, History]:
    """Per division: who met whom, who sat where and who had byes in this season's earlier rounds."""
    seats = (
        Seat.objects.filter(game__league_table__round__season=season)
        .order_by("game_id", "index")
        .values_list("game__league_table__division_id", "game_id", "user_id")
    )
    tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    for division_id, game_id, user_id in seats:
        tables[(division_id, game_id)].append(user_id)
    byes = Counter(Round.byes.through.objects.filter(round__season=season).values_list("user_id", flat=True))
    histories: dict[int, History] = defaultdict(lambda: History(byes=Counter(byes)))
    for (division_id, _game_id), players in tables.items():
        histories[division_id].add_table(players)
    return histories


def _start_round(season: Season, *, admin: AbstractBaseUser) -> Round:
    rules = engine.get_game(season.slug)
    number = season.current_round + 1
    round_ = Round.objects.create(season=season, number=number)
    histories = _history(season)
    entries = Entry.objects.filter(season=season, division__isnull=False).values_list(
        "division_id", "user_id"
    )
    members = set(Membership.objects.filter(club_id=season.club_id).values_list("user_id", flat=True))
    by_division: dict[int, list[int]] = defaultdict(list)
    for division_id, user_id in entries:
        if user_id in members:  # someone who left the club is no longer seated
            by_division[division_id].append(user_id)
    users = get_user_model().objects.in_bulk([u for ids in by_division.values() for u in ids])
    all_byes: list[int] = []
    tables: list[tuple[LeagueTable, list[int]]] = []
    for division_id in sorted(by_division):
        history = histories[division_id]
        paired = make_round(
            by_division[division_id],
            rules.min_players,
            rules.max_players,
            history,
            seed=season.pk * 1000 + number,
        )
        all_byes.extend(paired.byes)
        for table_number, players in enumerate(paired.tables, start=1):
            game = game_create_started(
                users=[users[uid] for uid in players],
                slug=season.slug,
                options=season.options,
                pace=season.pace,
                visibility=Game.Visibility.CLUB,
                rated=season.rated,
                club=season.club,
                created_by=admin,
                quick=season.quick,
                assistants=season.assistants,
            )
            table = LeagueTable.objects.create(
                round=round_, division_id=division_id, game=game, number=table_number
            )
            tables.append((table, players))
    if all_byes:
        round_.byes.set(all_byes)
    season.current_round = number
    season.save(update_fields=["current_round"])
    _mail_round(season, round_, tables, all_byes, users)
    return round_


def _mail_round(season: Season, round_: Round, tables: list, byes: list[int], users: dict) -> None:
    """One mail per player through the notifications outbox (sent after the commit, with the
    user's preferences applied): a seated player's is the round's mail with their table, written
    as their game's "game started" mail (one mail per table, threaded with the game's later mails);
    a player with a bye gets the round's mail alone."""
    names = display_names(users.values())
    # Each mail in its recipient's language, whatever the admin who started the round reads.
    languages = dict(Profile.objects.filter(user__in=list(users.values())).values_list("user_id", "language"))
    base = {"season": season.name, "club": season.club.name, "round": round_.number}
    site = str(getattr(settings, "SITE_URL", "")).rstrip("/")
    game_name = engine.get_game(season.slug).name
    for table, players in tables:
        game = {"id": table.game_id, "slug": season.slug, "name": game_name}
        for index, uid in enumerate(players):  # seated in the order paired
            if not users[uid].email:
                continue
            context = {
                **base,
                "path": site + reverse("games:table", args=[table.game_id]),
                "opponents": [names[o] for o in players if o != uid],
                "bye": False,
            }
            queue_rendered_mail(
                message=EmailMessage(*_render(context, languages.get(uid)), None, [users[uid].email]),
                kind=Kind.GAME_START,
                user=users[uid],
                send_now=False,
                game=table.game,
                seat_index=index,
                context={"game": game},
                dedupe_key=start_mail_key(table.game_id, index),
            )
    for uid in byes:
        if users[uid].email:
            message = EmailMessage(
                *_render({**base, "bye": True}, languages.get(uid)), None, [users[uid].email]
            )
            queue_rendered_mail(message=message, kind=Kind.GAME_START, user=users[uid], send_now=False)


def _render(context: dict[str, Any], language: str | None = None) -> tuple[str, str]:
    with translation.override(language or settings.LANGUAGE_CODE):
        subject = " ".join(render_to_string("leagues/email/round_subject.txt", context).split())
        return subject, render_to_string("leagues/email/round_message.txt", context)
