import re

import pytest
from django.utils import translation

from games.lifeboat.names import character_name
from games.models import Action, Game
from ratings import selectors
from ratings.models import Rating, Result
from ratings.services import characters_from_view, rate_finished_game
from tests.clubs.helpers import finish, make_club, play_to_end, start_table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def ordinal(user, slug="lifeboats"):
    return Rating.objects.get(user=user, slug=slug).ordinal


def test_a_winners_rating_rises_and_the_last_falls():
    users = [UserFactory() for _ in range(4)]
    finish(start_table(users), [1, 2, 3, 4])
    assert ordinal(users[0]) > ordinal(users[1]) > ordinal(users[3])
    first = Rating.objects.get(user=users[0])
    last = Rating.objects.get(user=users[3])
    assert first.mu > 25 > last.mu
    assert first.games == 1


def test_tied_players_get_equal_ratings():
    users = [UserFactory() for _ in range(4)]
    finish(start_table(users), [2, 1, 2, 4])
    assert ordinal(users[0]) == ordinal(users[2])
    assert ordinal(users[1]) > ordinal(users[0]) > ordinal(users[3])


def test_unrated_games_leave_ratings_alone_but_count_as_played():
    users = [UserFactory() for _ in range(3)]
    finish(start_table(users, rated=False), [1, 2, 3])
    assert not Rating.objects.exists()
    assert Result.objects.filter(rated=False).count() == 3
    assert selectors.player_page(user_id=users[0].pk).played == 1


def test_rating_twice_changes_nothing():
    users = [UserFactory() for _ in range(3)]
    game = finish(start_table(users), [1, 2, 3])
    before = ordinal(users[0])
    assert rate_finished_game(game=game) == []
    assert ordinal(users[0]) == before
    assert Rating.objects.get(user=users[0]).games == 1


def test_ratings_are_per_game_type():
    users = [UserFactory() for _ in range(4)]
    finish(start_table(users, slug="lifeboats"), [1, 2, 3, 4])
    finish(start_table(users, slug="lifeboat"), [4, 3, 2, 1])
    assert ordinal(users[0], "lifeboats") > ordinal(users[0], "lifeboat")


def test_finishing_a_real_game_records_results_and_ratings():
    users = [UserFactory() for _ in range(3)]
    game = play_to_end(start_table(users), seed=2)
    assert game.status == Game.Status.FINISHED
    results = {r.user_id: r for r in Result.objects.filter(game=game)}
    assert {r.place for r in results.values()} <= {1, 2, 3}
    winner = next(s.user for s in game.seats.all() if s.place == 1)
    assert Rating.objects.get(user=winner).mu > 25


@pytest.mark.parametrize("players", [4, 12])
def test_leaderboards_take_one_query(players, django_assert_num_queries):
    club, admin, members = make_club(members=players - 1)
    everyone = [admin, *members]
    for start in range(0, players, 4):
        finish(start_table(everyone[start : start + 4]), [1, 2, 3, 4])
    outsiders = [UserFactory() for _ in range(3)]
    finish(start_table(outsiders), [1, 2, 3])
    with django_assert_num_queries(1):
        board = selectors.leaderboard(slug="lifeboats")
    assert len(board) == players + 3
    assert [r.rating for r in board] == sorted((r.rating for r in board), reverse=True)
    with django_assert_num_queries(1):
        club_board = selectors.leaderboard(slug="lifeboats", club_id=club.pk)
    assert {r.user_id for r in club_board} == {u.pk for u in everyone}


def test_reliability_counts_deadline_plays():
    users = [UserFactory() for _ in range(3)]
    game = start_table(users)
    holder = {s.index: s.user for s in game.seats.all()}
    plays = [(0, "web"), (0, "timeout"), (1, "email"), (0, "web"), (1, "resigned")]
    for seq, (seat, source) in enumerate(plays, start=50):
        Action.objects.create(
            game=game, seq=seq, seat_index=seat, user=holder[seat], payload={"type": "x"}, source=source
        )
    rel = selectors.reliability_for([u.pk for u in users])
    assert (rel[users[0].pk].on_time, rel[users[0].pk].decisions) == (2, 3)
    assert rel[users[1].pk].percent == 100
    assert rel[users[2].pk].share is None


def test_player_page_shows_places_rating_and_chart(django_assert_max_num_queries):
    users = [UserFactory() for _ in range(3)]
    finish(start_table(users), [1, 2, 3])
    finish(start_table(users), [1, 3, 2])
    with django_assert_max_num_queries(5):
        page = selectors.player_page(user_id=users[0].pk)
    stats = page.per_game[0]
    assert (page.played, stats.wins, stats.places) == (2, 2, [(1, 2)])
    assert stats.rating > 0
    assert stats.chart_svg.count("<circle") == 3  # the start plus two games
    assert selectors.player_page(user_id=999999) is None


def test_characters_are_read_from_the_final_view():
    view = {"seats": [{"character": "kid"}, {"character": {"slug": "captain"}}, {}]}
    assert characters_from_view(view, 3) == ["kid", "captain", ""]
    assert characters_from_view({}, 2) == ["", ""]


def test_recent_club_games_show_only_to_club_members():
    club, admin, members = make_club(members=2)
    game = finish(start_table([admin, *members], visibility="club", club=club), [1, 2, 3])

    def shown(viewer):
        return [r.game_id for r in selectors.player_page(user_id=admin.pk, viewer=viewer).recent]

    assert shown(members[0]) == [game.pk]
    assert shown(admin) == [game.pk]
    assert shown(UserFactory()) == []
    assert selectors.player_page(user_id=admin.pk, viewer=UserFactory()).played == 1


def test_lifeboat_characters_are_recorded_from_the_final_view():
    users = [UserFactory() for _ in range(4)]
    game = play_to_end(start_table(users, slug="lifeboat"), seed=1)
    characters = set(Result.objects.filter(game=game).values_list("character", flat=True))
    assert len(characters) == 4
    assert "" not in characters
    stats = selectors.player_page(user_id=users[0].pk).per_game[0]
    assert stats.favourite_characters[0][1] == 1


@pytest.mark.parametrize("language", ["en", "hu", "cs"])
def test_the_player_page_names_characters_in_the_readers_language(client, language):
    users = [UserFactory() for _ in range(4)]
    game = play_to_end(start_table(users, slug="lifeboat"), seed=1)
    [played] = Result.objects.filter(game=game, user=users[0]).values_list("character", flat=True)
    with translation.override(language):
        name = character_name(played)
        heading = translation.gettext("Favourite characters")
    assert name != played
    client.cookies["django_language"] = language
    page = client.get(f"/players/{users[0].pk}/").content.decode()
    favourites = re.search(rf"<p>{heading}: ([^<]*)</p>", page).group(1)
    assert favourites == f"{name} (1)"  # not "captain (1)"
    assert f"<td>{name}</td>" in page  # the recent games too
    assert f"<td>{played}</td>" not in page
