"""The table page with the board fragments, the version endpoint and the trade form."""

from __future__ import annotations

import json
import random
import re
from zoneinfo import ZoneInfo

import pytest
from django.core.cache import cache
from django.urls import reverse

from accounts.models import Profile
from games import cache_keys, live, services
from games.lifeboat.faces import lifeboat_card
from games.models import Game, Seat
from tests.factories import UserFactory
from tests.games.board.helpers import gzipped_size, running_game, secrets_of_others, text_of
from tests.games.helpers import (
    act_data,
    act_url,
    assert_no_secrets,
    assert_refused,
    assert_unchanged,
    not_seen,
    play_moves,
    state_of,
    table_url,
    waiting_seat_and_action,
)

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
PAGE_LIMIT = 60 * 1024
FRAGMENT_LIMIT = 5 * 1024


def version_url(game: Game, seen: int | str) -> str:
    return f"{reverse('games:version', args=[game.pk])}?v={seen}"


def trade_url(game: Game) -> str:
    return reverse("games:trade", args=[game.pk])


def _waited_and_idle(game: Game, users):
    waited = game.engine.to_act(state_of(game))
    idle = next(u for i, u in enumerate(users) if i not in waited)
    return users[waited[0]], idle


@pytest.mark.parametrize(("slug", "players", "moves"), [("lifeboat", 4, 6), ("lifeboats", 3, 30)])
def test_table_page_shows_the_board_private_corner_and_prompt_only_to_the_waited_seat(
    client, slug, players, moves
):
    game, users = running_game(slug, players, moves)
    waited, idle = _waited_and_idle(game, users)
    client.force_login(waited)
    page = client.get(table_url(game)).content.decode()
    assert "<svg" in page
    assert text_of(page, "private-h") == "Only you can see this"
    assert text_of(page, "prompt-h") == "Your move"
    assert "Rules help" in text_of(page)
    assert f'hx-get="{reverse("games:rules", args=[slug])}"' in page
    client.force_login(idle)
    page = client.get(table_url(game)).content.decode()
    assert text_of(page, "private-h") == "Only you can see this"
    assert text_of(page, "prompt-h") == ""
    assert "Nothing to answer now" in text_of(page, "prompt")


@pytest.mark.parametrize(("slug", "players", "moves"), [("lifeboat", 6, 40), ("lifeboats", 6, 60)])
def test_page_weight_first_load_and_fragment(client, slug, players, moves):
    game, users = running_game(slug, players, moves)
    for user in users:
        client.force_login(user)
        page = client.get(table_url(game)).content
        assert gzipped_size(page) <= PAGE_LIMIT
        fragment = client.get(table_url(game), **HTMX).content
        assert gzipped_size(fragment) <= FRAGMENT_LIMIT, (
            f"table fragment is {gzipped_size(fragment)} bytes gzipped"
        )
        # the refresh after a move marks what changed since the page's move count
        since = f"{table_url(game)}?since={game.move_count - 3}"
        fresh = client.get(since, **HTMX).content
        assert gzipped_size(fresh) <= FRAGMENT_LIMIT, f"the marked fragment is {gzipped_size(fresh)} bytes"


def test_table_fragment_and_page_hide_other_seats_secrets(client):
    game, users = running_game("lifeboat", 5, 35)
    for seat, user in enumerate(users):
        client.force_login(user)
        for response in (client.get(table_url(game)), client.get(table_url(game), **HTMX)):
            assert_no_secrets(
                response.content.decode(), secrets_of_others(game, seat), f"seat {seat}'s table"
            )


@pytest.mark.parametrize(
    ("slug", "players", "moves"),
    [
        ("lifeboat", 4, 0),
        ("lifeboat", 5, 35),
        ("lifeboat", 6, 400),
        ("lifeboats", 4, 25),
        ("lifeboats", 5, 400),
    ],
)
def test_the_table_draws_a_card_face_only_for_a_card_the_seat_may_see(client, slug, players, moves):
    """Every `data-card` and every card face the page uses (the board picture, the hand, the
    draft, the Row stack, the reveal) is of a card in the seat's own view; no other seat's secret
    is in the page, for players and for a spectator."""
    game, users = running_game(slug, players, moves)
    state = state_of(game)
    readers = [*enumerate(users), (None, None)]
    for seat, user in readers:
        if user is None:
            client.logout()
        else:
            client.force_login(user)
        view = game.engine.view(state, seat)
        for response in (client.get(table_url(game)), client.get(table_url(game), **HTMX)):
            page = response.content.decode()
            where = f"seat {seat}'s table after {moves} moves"
            assert_no_secrets(page, secrets_of_others(game, seat), where)
            assert not not_seen(slug, page, view), f"{where} draws {sorted(not_seen(slug, page, view))}"
            if seat is not None and slug == "lifeboat" and not game.engine.is_over(state):
                hand = {c["id"] for c in view["me"]["hand"]}
                assert hand <= set(re.findall(r'data-card="([^"]+)"', page)), f"{where} leaves out its hand"


def test_the_face_check_finds_a_card_the_seat_may_not_see(client):
    """The check above can fail: seat 0's page with seat 1's hand drawn in it is caught."""
    game, users = running_game("lifeboat", 4, 0)
    state = state_of(game)
    client.force_login(users[0])
    page = client.get(table_url(game)).content.decode()
    own = game.engine.view(state, 0)
    assert not not_seen("lifeboat", page, own)
    other = game.engine.view(state, 1)["me"]["hand"][0]["id"]
    face = lifeboat_card(other).face
    planted = page + f'<svg data-card="{other}"><use href="/s.svg#{face}"/></svg>'
    assert other in not_seen("lifeboat", planted, own)


@pytest.mark.parametrize(("slug", "moves"), [("lifeboat", 30), ("lifeboats", 30)])
def test_a_player_name_with_markup_characters_is_shown_as_text(client, slug, moves):
    game, users = running_game(slug, 4, moves)
    Profile.objects.filter(user=users[1]).update(display_name="<i>\"Ann\" & 'Bo'</i>")
    for user in users:
        client.force_login(user)
        fragment = client.get(table_url(game), **HTMX).content.decode()
        assert "&lt;i&gt;&quot;Ann&quot; &amp; &#x27;Bo&#x27;&lt;/i&gt;" in fragment
        assert "<i>" not in fragment


def test_a_seats_move_through_a_radio_form_is_played(client):
    game, users = running_game("lifeboats", 3, 0)
    seat = game.engine.to_act(state_of(game))[0]
    client.force_login(users[seat])
    page = client.get(table_url(game)).content.decode()
    assert 'type="radio" name="action"' in page
    action = {"type": "place_boat", "lane": 1}
    assert json.dumps(action, sort_keys=True).replace('"', "&quot;") in page
    response = client.post(act_url(game), act_data(game, action), **HTMX)
    assert response.status_code == 200
    assert re.search(r"You place the \w+ boat in lane 1\.", text_of(response.content.decode(), "game-log"))


# -- the version endpoint -----------------------------------------------------------------------
def test_version_is_204_without_trigger_when_current_and_triggers_when_stale(
    client, django_assert_num_queries, django_capture_on_commit_callbacks
):
    game, users = running_game("lifeboat", 4, 3)
    client.force_login(users[0])
    client.get(table_url(game))  # the page read the game into the shared cache (no commit ran here)
    with django_assert_num_queries(0):  # the session and the game's entry in the shared cache
        current = client.get(version_url(game, game.version), **HTMX)
    assert current.status_code == 204
    assert current.content == b""
    assert "HX-Trigger" not in current
    stale = client.get(version_url(game, game.version - 1), **HTMX)
    assert stale.status_code == 204
    assert json.loads(stale["HX-Trigger"]) == {"game-changed": {"version": game.version}}


def test_version_of_a_private_game_is_not_found_for_strangers(client):
    game, _users = running_game("lifeboat", 4, 0)
    Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PRIVATE)
    cache.delete(cache_keys.live_key(game.pk))  # set at creation, changed here behind the services' back
    client.force_login(UserFactory())
    assert_refused(client.get(version_url(game, 1)), 404)
    assert_refused(client.get(version_url(Game(pk=999_999), 1)), 404)


def test_a_move_committed_elsewhere_reaches_the_poll_without_a_query(
    client, django_assert_num_queries, django_capture_on_commit_callbacks
):
    game, users = running_game("lifeboat", 4, 3)
    client.force_login(users[1])
    seen = game.version
    assert "HX-Trigger" not in client.get(version_url(game, seen), **HTMX)
    seat, action = waiting_seat_and_action(game)
    with django_capture_on_commit_callbacks(execute=True):
        services.action_submit(game_id=game.pk, user=users[seat], action=action, expected_version=seen)
    with django_assert_num_queries(0):
        changed = client.get(version_url(game, seen), **HTMX)
    assert json.loads(changed["HX-Trigger"]) == {"game-changed": {"version": seen + 1}}


def test_a_poll_newer_than_the_cached_version_reads_the_game_again(client):
    game, users = running_game("lifeboat", 4, 3)
    client.force_login(users[0])
    old = Game.objects.get(pk=game.pk)
    old.version -= 2
    # published out of order
    cache.set(cache_keys.live_key(game.pk), (old, tuple(Seat.objects.filter(game=game))))
    response = client.get(version_url(game, game.version), **HTMX)
    assert response.status_code == 204
    assert "HX-Trigger" not in response
    assert live.current(game.pk).version == game.version
    assert "HX-Trigger" not in client.get(version_url(game, game.version), **HTMX)


def test_a_stranger_polling_a_private_game_learns_nothing_from_its_cached_entry(client):
    game, users = running_game("lifeboat", 4, 0)
    Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PRIVATE)
    cache.delete(cache_keys.live_key(game.pk))
    client.force_login(users[0])
    assert client.get(version_url(game, game.version)).status_code == 204  # the entry is read
    client.force_login(UserFactory())
    assert_refused(client.get(version_url(game, game.version)), 404)
    client.logout()
    assert_refused(client.get(version_url(game, game.version)), 404)


def test_table_page_polls_the_version_it_shows(client):
    game, users = running_game("lifeboat", 4, 2)
    client.force_login(users[0])
    page = client.get(table_url(game)).content.decode()
    assert f'hx-get="{version_url(game, game.version)}"' in page
    assert 'hx-trigger="game-changed from:body"' in page


# -- trading ------------------------------------------------------------------------------------
def _actions_phase():
    game, users = running_game("lifeboat", 4, 0)
    for _ in range(40):
        state = state_of(game)
        if state.step == "act":
            return game, users, state
        game = play_moves(game, users, 1)
    raise AssertionError("no Actions phase reached")


def test_trade_form_makes_an_offer_that_the_other_seat_sees(client):
    game, users, state = _actions_phase()
    giver = next(p for p in range(4) if state.hands[p])
    receiver = (giver + 1) % 4
    card = state.hands[giver][0]
    client.force_login(users[giver])
    page = client.get(table_url(game)).content.decode()
    assert "Offer a trade" in page
    response = client.post(
        trade_url(game),
        {"to": receiver, "give": [card], "expected_version": game.version},
    )
    assert response.status_code == 302
    client.force_login(users[receiver])
    page = client.get(table_url(game)).content.decode()
    assert "offers you" in text_of(page, "game-log")
    assert "Accept the trade with " in text_of(page, "table")


def test_a_bad_trade_is_refused_and_changes_nothing(client):
    game, users, state = _actions_phase()
    giver = next(p for p in range(4) if state.hands[p])
    client.force_login(users[giver])
    assert_refused(client.post(trade_url(game), {"to": "x", "expected_version": game.version}), 400)
    assert_unchanged(game)
    response = client.post(
        trade_url(game), {"to": giver, "give": ["prov-99"], "expected_version": game.version}
    )
    assert_refused(response, 400)
    assert_unchanged(game)


def test_deadline_is_shown_in_the_players_time_zone(client):
    game, users = running_game("lifeboat", 4, 0)
    seat = game.engine.to_act(state_of(game))[0]
    Profile.objects.filter(user=users[seat]).update(time_zone="Asia/Kolkata")
    due = Seat.objects.get(game=game, index=seat).due_at
    client.force_login(users[seat])
    page = client.get(table_url(game)).content.decode()
    local = due.astimezone(ZoneInfo("Asia/Kolkata"))
    assert f"{local:%H:%M} IST" in page


def test_finished_game_shows_final_scores_and_no_prompt(client):
    game, users = running_game("lifeboat", 4, 0)
    game = play_moves(game, users, 2000)
    assert game.status == Game.Status.FINISHED
    client.force_login(users[0])
    page = client.get(table_url(game)).content.decode()
    assert text_of(page, "results-h") == "Results"
    assert "Total" in text_of(page, "table")
    assert text_of(page, "prompt-h") == ""
    assert "Only you can see this" not in text_of(page)
    assert "game-changed" not in page  # no more polling


def test_spectators_of_private_games_get_no_poller_that_would_be_refused(client):
    game, _users = running_game("lifeboat", 4, 0)
    Game.objects.filter(pk=game.pk).update(visibility=Game.Visibility.PRIVATE)
    game.refresh_from_db()
    client.force_login(UserFactory())
    page = client.get(f"{table_url(game)}?invite={game.invite_token}")
    assert page.status_code == 200
    assert reverse("games:version", args=[game.pk]) not in page.content.decode()


def test_log_fragment_reads_as_sentences_newest_first(client):
    game, users = running_game("lifeboat", 4, 6)
    client.force_login(users[0])
    log = text_of(client.get(table_url(game), **HTMX).content.decode(), "game-log")
    assert "Day 1 · Actions" in log
    assert log.index("Day 1 · Actions") < log.index("Day 1 · Quartermaster")
    assert "passes " in log
    assert "You keep " in log


def compose_url(game: Game) -> str:
    return reverse("games:compose", args=[game.pk])


def _rowing():
    game, users = running_game("lifeboat", 4, 0)
    for _ in range(60):
        state = state_of(game)
        if state.step == "row":
            return game, users, state
        seat = game.engine.to_act(state)[0]
        legal = game.engine.legal_actions(state, seat)
        rows = [a for a in legal if a["type"] == "row"]
        action = rows[0] if rows else next(a for a in legal if a["type"] not in ("play", "offer_trade"))
        services.action_submit(
            game_id=game.pk,
            user=users_by_seat(game, users)[seat],
            action=action,
            expected_version=game.version,
        )
        game.refresh_from_db()
    raise AssertionError("nobody rowed")


def users_by_seat(game: Game, users) -> dict:
    index = dict(Seat.objects.filter(game=game).values_list("user_id", "index"))
    return {index[u.pk]: u for u in users}


def test_compose_plays_the_legal_action_with_the_posted_fields(client):
    game, users, state = _rowing()
    rower = state.rower
    _first, second = state.rowing
    client.force_login(users_by_seat(game, users)[rower])
    response = client.post(
        compose_url(game),
        {"type": "place_rowed", "to_stack": [second], "expected_version": game.version},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.actions.get(seq=game.move_count).payload == {"type": "place_rowed", "to_stack": [second]}


def test_compose_refuses_a_combination_that_is_not_legal(client):
    game, users, state = _rowing()
    client.force_login(users_by_seat(game, users)[state.rower])
    response = client.post(
        compose_url(game), {"type": "place_rowed", "to_stack": ["nav-99"], "expected_version": game.version}
    )
    assert_refused(response, 400, "not allowed")
    assert_unchanged(game)


# -- what changed since the reader last looked ------------------------------------------------------
def test_the_table_marks_what_changed_since_the_move_count_the_reader_saw(client):
    game, users = running_game("lifeboat", 4, 20)
    client.force_login(users[0])
    plain = client.get(table_url(game), **HTMX).content.decode()
    assert "pic-changed" not in plain
    assert "log-new" not in plain
    marked = client.get(f"{table_url(game)}?since={game.move_count - 5}", **HTMX).content.decode()
    assert "pic-changed" in marked
    assert marked.count('class="log-new"') >= 1
    # the page's live refresh and its forms ask for the changes since the move count it shows
    assert f"?since={game.move_count}" in marked


def test_the_view_a_seat_was_shown_serves_its_next_look_without_playing_the_game_again(
    client, django_assert_num_queries, django_capture_on_commit_callbacks
):
    """What changed "since" is measured against the view the reader's table showed: kept from the
    commit of the write that made it (`games.seen`), so a long game is not played forward from the
    deal for every refresh."""
    from games import selectors
    from games.cache_keys import seen_view_key

    with django_capture_on_commit_callbacks(execute=True):  # as every write's commit does
        game, users = running_game("lifeboats", 3, 30)
    client.force_login(users[0])
    seat = Seat.objects.get(game=game, user=users[0]).index
    shown_at = game.move_count
    client.get(table_url(game), **HTMX)  # the table the reader sees at this move count
    with django_capture_on_commit_callbacks(execute=True):
        game = play_moves(game, users, 3, random.Random(5))
    with django_assert_num_queries(0):
        kept = selectors.seen_view(game, seat, shown_at)
    cache.delete(seen_view_key(game, seat, shown_at))
    assert kept == selectors.seen_view(game, seat, shown_at)  # the deal played forward agrees
    assert kept != selectors.table(game_id=game.pk, user=users[0]).view


@pytest.mark.parametrize("since", ["abc", "-1", "", "99999999", "1e3", "9" * 40])
def test_a_since_that_is_not_a_move_count_the_game_passed_marks_nothing(client, since):
    game, users = running_game("lifeboats", 3, 10)
    client.force_login(users[0])
    response = client.get(f"{table_url(game)}?since={since}", **HTMX)
    assert response.status_code == 200
    assert "pic-changed" not in response.content.decode()
    assert "log-new" not in response.content.decode()
