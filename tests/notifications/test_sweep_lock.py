"""A sweep runs in one process at a time: a lock in the shared cache (one beat per site, but a
second one started by mistake, or a sweep slower than its period, must not run it twice at once)."""

from unittest import mock

import pytest
from django.core.cache import cache

from games import tasks as games_tasks
from games.cache_keys import sweep_lock_key as lock_key
from notifications import tasks


def test_a_sweep_is_skipped_while_another_process_holds_its_lock():
    with mock.patch.object(games_tasks, "dispatch_overdue", return_value={"dispatched": 0}) as dispatch:
        cache.add(lock_key("sweep_deadlines"), "another machine's token", 60)
        assert games_tasks.sweep_deadlines() is None
        assert dispatch.call_count == 0
        assert cache.get(lock_key("sweep_deadlines")) == "another machine's token"  # left alone

        cache.delete(lock_key("sweep_deadlines"))
        assert games_tasks.sweep_deadlines() == {"dispatched": 0}
        assert dispatch.call_count == 1
    assert cache.get(lock_key("sweep_deadlines")) is None  # released after the run


def test_a_sweep_holds_its_lock_while_it_runs_and_releases_it_when_it_fails():
    seen = []

    def sweeping():
        seen.append(cache.get(lock_key("sweep_outbox")))
        raise RuntimeError("the database went away")

    with mock.patch.object(tasks.outbox, "sweep_outbox", side_effect=sweeping), pytest.raises(RuntimeError):
        tasks.sweep_outbox()
    assert seen[0] is not None
    assert cache.get(lock_key("sweep_outbox")) is None


def test_each_sweep_has_a_lock_of_its_own():
    cache.add(lock_key("sweep_deadlines"), "held", 60)
    with mock.patch.object(tasks.writes, "sweep_writes", return_value=3):
        assert tasks.sweep_writes() == 3
