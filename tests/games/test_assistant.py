"""Fewer waits (issue 33): a seat's assistant takes the kinds of decision its player hands it (in a
quick game every minor kind), played by a task right after the write that asked it, through the
same service, lock and version check as a person's move, and never prompted by mail; answers
given ahead are played when their decision comes; a pace may give minor kinds less time."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

import engine
from games import services
from games.errors import InvalidRequest, NotAllowed, StaleVersion, WrongStatus
from games.models import Action, AssistantDefault, Game, Seat
from games.services import deadlines, turns
from notifications.models import Prompt
from tests.eager_tasks import eager_celery
from tests.factories import UserFactory
from tests.notifications.helpers import overdue, start_game, state_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

__all__ = ["eager_celery"]

LIFEBOAT = engine.get_game("lifeboat")
#: The action types each kind of Lifeboat decision offers (they are distinct per kind).
MINOR_TYPES = {"accept", "refuse", "fight", "water", "react"}


def seat_of(game: Game, index: int) -> Seat:
    return Seat.objects.select_related("user").get(game=game, index=index)


def people_play(capture, game: Game, moves: int, seed: int = 1) -> Game:
    """Random legal moves of the seats the game waits for whose decision is their own (an assisted
    seat's task plays it on the commit of the write that asked it)."""
    rng = random.Random(seed)
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        state = state_of(game)
        mine = [s.index for s in Seat.objects.filter(game=game, waiting=True, assisted=False)]
        assert mine, "the game waits for an assisted seat its task did not play"
        seat = rng.choice(mine)
        action = rng.choice(game.engine.legal_actions(state, seat))
        with capture(execute=True):
            services.action_submit(
                game_id=game.pk, user=seat_of(game, seat).user, action=action, expected_version=game.version
            )
    game.refresh_from_db()
    return game


def replayed_kinds(game: Game) -> list[tuple[Action, str]]:
    """Each action of the log with the kind of decision its seat was asked when it was played."""
    rules = game.engine
    state = rules.new_game(game.num_players, game.seed, game.options)
    out = []
    for action in Action.objects.filter(game=game).order_by("seq"):
        if action.seat_index in rules.to_act(state) and not rules.is_any_time(action.payload):
            out.append((action, rules.decision_kind(state, action.seat_index)))
        rules.apply(state, action.seat_index, action.payload)
    return out


def test_a_quick_game_hands_every_seats_minor_kinds_to_its_assistant(django_capture_on_commit_callbacks):
    game, _users = start_game(
        django_capture_on_commit_callbacks, slug="lifeboat", num_players=4, quick=True, seed=101
    )
    minor = [kind for kind, is_minor in LIFEBOAT.decision_kinds.items() if is_minor]
    assert [seat.assistant for seat in Seat.objects.filter(game=game)] == [minor] * 4
    game = people_play(django_capture_on_commit_callbacks, game, 120)
    played = replayed_kinds(game)
    by_assistant = [(a, kind) for a, kind in played if a.source == Action.Source.ASSISTANT]
    assert by_assistant, "no minor decision came up in 120 moves"
    assert all(LIFEBOAT.decision_kinds[kind] for _a, kind in by_assistant)
    # every minor decision was the assistant's, none a person's
    assert all(a.source == Action.Source.ASSISTANT for a, kind in played if LIFEBOAT.decision_kinds[kind])
    # and nobody was prompted (no mail, no link) for one
    for prompt in Prompt.objects.filter(game=game):
        asked = {a["type"] for a in prompt.actions if not LIFEBOAT.is_any_time(a)}
        assert not asked <= MINOR_TYPES, f"seat {prompt.seat_index} was prompted for {asked}"


def test_a_table_without_assistants_hands_nothing(django_capture_on_commit_callbacks):
    game, _users = start_game(
        django_capture_on_commit_callbacks,
        slug="lifeboat",
        num_players=4,
        quick=True,
        assistants=False,
        seed=102,
    )
    assert all(seat.assistant == [] for seat in Seat.objects.filter(game=game))
    with pytest.raises(NotAllowed):
        services.assistant_set(game_id=game.pk, user=seat_of(game, 0).user, kinds=["fight"])


def test_a_players_defaults_start_each_new_table(django_capture_on_commit_callbacks):
    creator = UserFactory()
    services.assistant_defaults_set(user=creator, slug="lifeboat", kinds=["thirst", "draft"])
    game, _users = start_game(
        django_capture_on_commit_callbacks, slug="lifeboat", num_players=4, created_by=creator, seed=103
    )
    mine = Seat.objects.get(game=game, user=creator)
    assert mine.assistant == ["draft", "thirst"]  # in the game's own order
    assert {tuple(s.assistant) for s in Seat.objects.filter(game=game).exclude(user=creator)} == {()}
    with pytest.raises(InvalidRequest):
        services.assistant_defaults_set(user=creator, slug="lifeboat", kinds=["no_such_kind"])
    assert AssistantDefault.objects.get(user=creator).kinds == ["draft", "thirst"]


def test_the_assistant_task_plays_once_at_its_version(django_capture_on_commit_callbacks):
    """A stale or repeated task plays nothing: the version it carries is the write's."""
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4, seed=104)
    state = state_of(game)
    drafter = LIFEBOAT.to_act(state)[0]
    Seat.objects.filter(game=game, index=drafter).update(assistant=["draft"], assisted=True)
    before = game.version
    services.assistant_play(game_id=game.pk, seat_index=drafter, expected_version=before)
    game.refresh_from_db()
    last = Action.objects.filter(game=game).latest("seq")
    assert (last.seat_index, last.source) == (drafter, Action.Source.ASSISTANT)
    assert last.payload in LIFEBOAT.legal_actions(state, drafter)
    with pytest.raises(StaleVersion):
        services.assistant_play(game_id=game.pk, seat_index=drafter, expected_version=before)
    other = next(i for i in LIFEBOAT.to_act(state_of(game)) if not seat_of(game, i).assisted)
    with pytest.raises(WrongStatus):  # a seat whose decision is its own
        services.assistant_play(game_id=game.pk, seat_index=other, expected_version=game.version)


def test_a_lost_task_is_backed_up_by_the_deadline_sweep(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4, seed=105)
    drafter = LIFEBOAT.to_act(state_of(game))[0]
    user = seat_of(game, drafter).user
    services.assistant_set(game_id=game.pk, user=user, kinds=["draft"])
    # the seat's next draft decision: play the others until it is asked again, tasks not run
    for _ in range(200):
        game.refresh_from_db()
        waited = LIFEBOAT.to_act(state_of(game))
        seat = seat_of(game, drafter)
        if seat.assisted:
            break
        mover = drafter if drafter in waited else waited[0]
        with django_capture_on_commit_callbacks(execute=False):  # a lost broker: no task runs
            services.action_submit(
                game_id=game.pk,
                user=seat_of(game, mover).user,
                action=LIFEBOAT.legal_actions(state_of(game), mover)[0],
                expected_version=game.version,
            )
    assert seat.assisted
    assert seat.due_at <= timezone.now() + turns.ASSISTANT_GRACE
    overdue(game, drafter)
    with django_capture_on_commit_callbacks(execute=True):
        deadlines.sweep_deadlines()
    last = Action.objects.filter(game=game).latest("seq")
    assert (last.seat_index, last.source) == (drafter, Action.Source.ASSISTANT)
    assert Seat.objects.get(game=game, index=drafter).timeouts == 0


def test_an_absent_seat_gets_its_assistant_where_the_table_allows_them(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboats", num_players=3, seed=106)
    idle = next(i for i in range(3) if i not in game.engine.to_act(state_of(game)))
    Seat.objects.filter(game=game, index=idle).update(absent=True, absent_since=timezone.now())
    rules = game.engine
    for _ in range(300):
        game.refresh_from_db()
        waited = rules.to_act(state_of(game))
        if not waited or Action.objects.filter(game=game, seat_index=idle).exists():
            break
        mover = next((i for i in waited if i != idle), None)
        assert mover is not None, "the game waits for the absent seat alone and nobody played it"
        with django_capture_on_commit_callbacks(execute=True):
            services.action_submit(
                game_id=game.pk,
                user=seat_of(game, mover).user,
                action=rules.legal_actions(state_of(game), mover)[0],
                expected_version=game.version,
            )
    played = Action.objects.filter(game=game, seat_index=idle)
    assert played.exists()
    assert {a.source for a in played} == {Action.Source.ASSISTANT}


def test_a_small_question_gets_the_paces_shorter_deadline(django_capture_on_commit_callbacks):
    game, _users = start_game(
        django_capture_on_commit_callbacks,
        slug="lifeboat",
        num_players=4,
        pace=Game.Pace.HOURS_24_MINOR_6,
        seed=107,
    )
    rng = random.Random(3)
    seen = {True: 0, False: 0}
    for _ in range(150):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        state = state_of(game)
        now = timezone.now()
        for seat in Seat.objects.filter(game=game, waiting=True):
            minor = turns.is_minor(LIFEBOAT, state, seat.index)
            left = seat.due_at - now
            assert left <= timedelta(hours=6) if minor else left > timedelta(hours=6), (seat.index, left)
            seen[minor] += 1
        seat = rng.choice(LIFEBOAT.to_act(state))
        with django_capture_on_commit_callbacks(execute=True):
            services.action_submit(
                game_id=game.pk,
                user=seat_of(game, seat).user,
                action=rng.choice(LIFEBOAT.legal_actions(state, seat)),
                expected_version=game.version,
            )
    assert seen[True]
    assert seen[False]


# -- answers given ahead ---------------------------------------------------------------------------
def test_an_answer_given_ahead_is_played_when_its_decision_comes(django_capture_on_commit_callbacks):
    """Lifeboat's draft: "an order of preference of provision kinds; when cards reach the seat,
    the first kind available is kept" (issue 33), in the same write that passes them on."""
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4, seed=11)
    state = state_of(game)
    later = next(i for i in range(4) if i not in LIFEBOAT.to_act(state))
    options = LIFEBOAT.ahead_options(LIFEBOAT.view(state, later))
    order = list(reversed(options["draft"]["order"]))
    services.plan_queue(
        game_id=game.pk, user=seat_of(game, later).user, plan={"kind": "draft", "order": order}
    )
    assert seat_of(game, later).plans == {"draft": {"kind": "draft", "order": order}}
    for _ in range(20):
        if Action.objects.filter(game=game, seat_index=later).exists():
            break
        game = people_play(django_capture_on_commit_callbacks, game, 1)
    # (seed 11: cards reach the seat with a choice among them, not one forced card)
    first = Action.objects.filter(game=game, seat_index=later).earliest("seq")
    assert (first.payload["type"], first.source) == ("keep", Action.Source.AHEAD)
    assert "draft" not in seat_of(game, later).plans  # spent


def test_a_plan_is_checked_and_may_be_withdrawn(django_capture_on_commit_callbacks):
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4, seed=108)
    state = state_of(game)
    asked = LIFEBOAT.to_act(state)[0]
    later = next(i for i in range(4) if i not in LIFEBOAT.to_act(state))
    with pytest.raises(InvalidRequest):  # the decision it is asked now is answered as usual
        services.plan_queue(
            game_id=game.pk, user=seat_of(game, asked).user, plan={"kind": "draft", "order": ["water"]}
        )
    with pytest.raises(InvalidRequest):
        services.plan_queue(
            game_id=game.pk, user=seat_of(game, later).user, plan={"kind": "draft", "order": ["gold"]}
        )
    services.plan_queue(
        game_id=game.pk, user=seat_of(game, later).user, plan={"kind": "draft", "order": ["water"]}
    )
    services.plan_withdraw(game_id=game.pk, user=seat_of(game, later).user, kind="draft")
    assert seat_of(game, later).plans == {}


def test_the_seats_own_log_names_what_its_assistant_did_and_no_other_log_does(
    django_capture_on_commit_callbacks, client
):
    game, users = start_game(
        django_capture_on_commit_callbacks, slug="lifeboat", num_players=4, quick=True, seed=109
    )
    for move in range(120):
        if Action.objects.filter(game=game, source=Action.Source.ASSISTANT).exists():
            break
        game = people_play(django_capture_on_commit_callbacks, game, 1, seed=move)
    helped = Action.objects.filter(game=game, source=Action.Source.ASSISTANT).earliest("seq").seat_index
    for index, user in enumerate(users):
        client.force_login(user)
        page = client.get(f"/games/{game.pk}/").content.decode()
        said = "Your assistant decided for you." in page
        assert said == (index == helped), f"seat {index}'s log"
