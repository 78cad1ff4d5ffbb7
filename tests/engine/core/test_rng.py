from collections import Counter

import pytest

from engine.core import Rng, seed_state


def test_same_state_same_draws_and_state_resumes() -> None:
    a, b = Rng(seed_state(42)), Rng(seed_state(42))
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    resumed = Rng(a.state)
    assert [resumed.next64() for _ in range(5)] == [a.next64() for _ in range(5)]


def test_seeds_differ_and_accept_int_or_str() -> None:
    assert seed_state(1) != seed_state(2)
    assert seed_state("1") == seed_state(1)
    with pytest.raises(ValueError, match="seed must be"):
        seed_state(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be"):
        seed_state(True)


def test_below_is_roughly_uniform_and_in_range() -> None:
    rng = Rng(seed_state(7))
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < c < 1200 for c in counts.values())
    with pytest.raises(ValueError, match="positive"):
        rng.below(0)


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    items = list(range(20))
    first, second = items[:], items[:]
    Rng(5).shuffle(first)
    Rng(5).shuffle(second)
    assert first == second != items
    assert sorted(first) == items
