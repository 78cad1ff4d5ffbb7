import random

import pytest

from clubs.models import Membership
from games import services as game_services
from games.models import Action, Game, Seat
from leagues import selectors, services, tasks
from leagues.models import Division, Entry, LeagueTable, Season
from notifications.models import Notification
from refusals.errors import Conflict, Forbidden, Invalid
from tests.clubs.helpers import finish, make_club, play_to_end, start_table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def open_season(members=8, slug="lifeboats", **kwargs):
    club, admin, users = make_club(members=members)
    season = services.season_create(club_id=club.pk, user=admin, name="Spring", slug=slug, **kwargs)
    for user in users:
        services.season_signup(season_id=season.pk, user=user)
    return season, admin, users


def finish_round(season, number, places_for=lambda n: list(range(1, n + 1))):
    for table in LeagueTable.objects.filter(round__season=season, round__number=number).select_related(
        "game"
    ):
        finish(table.game, places_for(table.game.num_players))


def test_admin_opens_a_season_with_resolved_options():
    club, admin, _ = make_club()
    season = services.season_create(club_id=club.pk, user=admin, name="Autumn", slug="lifeboat", pace="72h")
    assert season.status == Season.Status.SIGNUP
    assert season.options  # defaults filled in


@pytest.mark.parametrize(
    "kwargs",
    [{"slug": "chess"}, {"pace": "1m"}, {"rounds": 0}, {"options": {"nope": 1}}, {"division_size": 2}],
)
def test_bad_season_set_ups_are_refused(kwargs):
    club, admin, _ = make_club()
    with pytest.raises(Invalid):
        services.season_create(club_id=club.pk, user=admin, **{"name": "S", "slug": "lifeboats", **kwargs})
    assert not Season.objects.exists()


def test_only_admins_open_and_run_seasons():
    season, _admin, users = open_season(members=4)
    with pytest.raises(Forbidden):
        services.season_create(club_id=season.club_id, user=users[0], name="Mine", slug="lifeboats")
    with pytest.raises(Forbidden):
        services.season_start(season_id=season.pk, user=users[0])
    assert Season.objects.get().status == Season.Status.SIGNUP


def test_only_members_sign_up_and_only_once():
    season, _admin, users = open_season(members=1)
    with pytest.raises(Forbidden):
        services.season_signup(season_id=season.pk, user=UserFactory())
    with pytest.raises(Conflict):
        services.season_signup(season_id=season.pk, user=users[0])


def test_a_minimum_reliability_keeps_unreliable_players_out():
    season, _admin, users = open_season(members=3, min_reliability=75)
    late = users[0]
    # Three decisions of `late`'s seat played by the deadline out of four.
    game = start_table([late, *users[1:]])
    for seq, source in enumerate(["timeout", "timeout", "timeout", "web"], start=100):
        Action.objects.create(
            game=game, seq=seq, seat_index=0, user=late, payload={"type": "x"}, source=source
        )
    newcomer = UserFactory()

    Membership.objects.create(club=season.club, user=newcomer)
    services.season_withdraw(season_id=season.pk, user=late)
    with pytest.raises(Forbidden, match="25%"):
        services.season_signup(season_id=season.pk, user=late)
    services.season_signup(season_id=season.pk, user=newcomer)  # no decisions yet: welcome


def test_start_seats_everyone_in_bounds_and_mails_them(django_capture_on_commit_callbacks):

    season, admin, users = open_season(members=13)
    with django_capture_on_commit_callbacks(execute=False):
        services.season_start(season_id=season.pk, user=admin)
    tables = list(LeagueTable.objects.select_related("game"))
    seated = list(Seat.objects.filter(game__league_table__isnull=False).values_list("user_id", flat=True))
    assert sorted(seated) == sorted(u.pk for u in users)
    assert all(3 <= t.game.num_players <= 6 for t in tables)
    assert all(t.game.status == Game.Status.RUNNING for t in tables)
    assert all(t.game.visibility == Game.Visibility.CLUB and t.game.club_id == season.club_id for t in tables)
    league_mails = Notification.objects.filter(subject__contains="round 1")
    assert sorted(league_mails.values_list("user_id", flat=True)) == sorted(u.pk for u in users)


def test_seat_order_is_the_pairings():
    season, admin, _users = open_season(members=4)
    services.season_start(season_id=season.pk, user=admin)
    game = LeagueTable.objects.get().game
    assert sorted(game.seats.values_list("index", flat=True)) == [0, 1, 2, 3]


def test_a_lifeboat_field_of_seven_gives_one_bye():
    season, admin, _users = open_season(members=7, slug="lifeboat")
    round_ = services.season_start(season_id=season.pk, user=admin)
    assert round_.byes.count() == 1
    assert LeagueTable.objects.get().game.num_players == 6


def test_next_round_waits_for_every_game_and_avoids_repeats():
    season, admin, _users = open_season(members=12, rounds=3)
    services.season_start(season_id=season.pk, user=admin)
    with pytest.raises(Conflict):
        services.round_start(season_id=season.pk, user=admin)
    finish_round(season, 1)
    services.round_start(season_id=season.pk, user=admin)
    meetings = {}
    for game_id, user_id in Seat.objects.filter(game__league_table__isnull=False).values_list(
        "game_id", "user_id"
    ):
        meetings.setdefault(game_id, set()).add(user_id)
    tables = list(meetings.values())
    pairs = [frozenset((a, b)) for t in tables for a in t for b in t if a < b]
    # 12 players, two rounds of two tables of six: each round-1 table splits 3/3, so 2 x 2 x 3 = 12
    # repeated pairs is the least possible (pigeonhole), and the pairing reaches it.
    assert len(pairs) - len(set(pairs)) == 12


def test_a_whole_season_ranks_players_and_closes():
    season, admin, _users = open_season(members=4, rounds=2)
    services.season_start(season_id=season.pk, user=admin)
    finish_round(season, 1, lambda n: [1, 2, 3, 4])
    services.round_start(season_id=season.pk, user=admin)
    finish_round(season, 2, lambda n: [1, 1, 3, 4])
    with pytest.raises(Conflict):
        services.round_start(season_id=season.pk, user=admin)
    services.season_finish(season_id=season.pk, user=admin)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    rows = selectors.season_standings(season=season).divisions[0].rows
    assert [r.played for r in rows] == [2, 2, 2, 2]
    assert sum(r.points for r in rows) == 12  # 6 points per four-seat table
    assert dict(Entry.objects.values_list("user_id", "final_rank")) == {r.user_id: r.rank for r in rows}


def test_next_season_promotes_and_relegates():
    season, admin, users = open_season(members=8, rounds=1, division_size=4, promote=1, relegate=1)
    services.season_start(season_id=season.pk, user=admin)
    assert Division.objects.filter(season=season).count() == 2
    finish_round(season, 1)
    season = services.season_finish(season_id=season.pk, user=admin)
    standings = selectors.season_standings(season=season)
    top_last = standings.divisions[0].rows[-1].user_id
    bottom_first = standings.divisions[1].rows[0].user_id
    assert standings.divisions[0].rows[-1].movement == 1
    assert standings.divisions[1].rows[0].movement == -1

    nxt = services.season_create(
        club_id=season.club_id,
        user=admin,
        name="Summer",
        slug="lifeboats",
        rounds=1,
        division_size=4,
        promote=1,
        relegate=1,
        previous_id=season.pk,
    )
    for user in users:
        services.season_signup(season_id=nxt.pk, user=user)
    services.season_start(season_id=nxt.pk, user=admin)
    level = dict(Entry.objects.filter(season=nxt).values_list("user_id", "division__level"))
    assert level[bottom_first] == 1
    assert level[top_last] == 2


@pytest.mark.parametrize("members", [4, 16])
def test_standings_take_constant_queries(members, django_assert_num_queries):
    season, admin, _users = open_season(members=members, rounds=2)
    services.season_start(season_id=season.pk, user=admin)
    finish_round(season, 1)
    with django_assert_num_queries(3):
        standings = selectors.season_standings(season=season)
    assert sum(len(d.rows) for d in standings.divisions) == members


def test_a_played_league_game_counts_in_the_standings():
    season, admin, _users = open_season(members=3, rounds=1)
    services.season_start(season_id=season.pk, user=admin)
    game = play_to_end(LeagueTable.objects.get().game, seed=4)
    assert game.status == Game.Status.FINISHED
    rows = selectors.season_standings(season=season).divisions[0].rows
    assert [r.played for r in rows] == [1, 1, 1]
    assert rows[0].reliability == 100


def test_automatic_seasons_start_the_next_round_when_the_last_game_ends():
    season, _admin, _users = open_season(members=8, rounds=2)
    services.season_start(season_id=season.pk, user=_admin)
    tables = list(LeagueTable.objects.filter(round__number=1))
    finish(tables[0].game, [1, 2, 3, 4])
    assert services.season_advance(season_id=season.pk, round_number=1) is None  # a table still plays
    finish(tables[1].game, [1, 2, 3, 4])
    assert services.advance_due_seasons() == 1
    assert services.advance_due_seasons() == 0  # already advanced
    assert services.season_advance(season_id=season.pk, round_number=1) is None
    season.refresh_from_db()
    assert season.current_round == 2
    finish_round(season, 2)
    services.season_advance(season_id=season.pk, round_number=2)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    assert not Entry.objects.filter(final_rank__isnull=True).exists()


def test_manual_seasons_wait_for_the_admin():
    season, admin, _users = open_season(members=4, rounds=2, auto_advance=False)
    services.season_start(season_id=season.pk, user=admin)
    finish_round(season, 1)
    assert services.advance_due_seasons() == 0
    assert services.season_advance(season_id=season.pk) is None


def test_the_round_ending_game_queues_the_advance(monkeypatch, django_capture_on_commit_callbacks):

    queued = []
    monkeypatch.setattr(tasks.advance_season, "delay", lambda *args: queued.append(args))
    season, admin, _users = open_season(members=3, rounds=2)
    services.season_start(season_id=season.pk, user=admin)
    game = LeagueTable.objects.get().game
    rng = random.Random(6)
    rules = game.engine
    while game.status == Game.Status.RUNNING:
        assert queued == []
        state = rules.from_json(game.snapshot)
        seat = rules.to_act(state)[0]
        with django_capture_on_commit_callbacks(execute=True):
            game = game_services.action_submit(
                game_id=game.pk,
                user=game.seats.get(index=seat).user,
                action=rng.choice(rules.legal_actions(state, seat)),
                expected_version=game.version,
            )
    assert queued == [(season.pk, 1)]


def test_round_mail_links_the_table_and_names_the_opponents(settings):

    settings.SITE_URL = "https://club.example"
    season, admin, users = open_season(members=4)
    services.season_start(season_id=season.pk, user=admin)
    game = LeagueTable.objects.get().game
    mail = Notification.objects.get(user=users[0], subject__contains="round 1")
    assert f"https://club.example/games/{game.pk}/" in mail.body_text
    assert all(str(u.profile.display_name) in mail.body_text for u in users[1:])
