"""`Rng` draws exactly what it always drew: stored states in every game replay from its seed."""

from __future__ import annotations

import random
import sys
import threading

import pytest

from games import draws
from games.base import Rng


def _reference(rng: Rng) -> random.Random:
    """The source `Rng` was first written with: a fresh `random.Random` seeded by a string."""
    return random.Random(f"{rng.seed}:{rng.draws}")


def test_draws_match_the_reference_over_many_seeds() -> None:
    cases = random.Random(27)
    for _ in range(3000):
        rng = Rng(seed=cases.randrange(2**32), draws=cases.randrange(5000))
        stop = cases.randrange(1, 200)
        after, value = rng.randrange(stop)
        assert value == _reference(rng).randrange(stop)
        assert after == Rng(seed=rng.seed, draws=rng.draws + 1)
        assert after.model_fields_set == rng.model_copy(update={"draws": 1}).model_fields_set
        items = list(range(cases.randrange(0, 60)))
        expected = list(items)
        _reference(rng).shuffle(expected)
        after, shuffled = rng.shuffled(items)
        assert shuffled == tuple(expected)
        assert after == Rng(seed=rng.seed, draws=rng.draws + 1)
        assert items == sorted(items)  # the caller's list is left alone


def test_a_chain_of_draws_matches_and_round_trips() -> None:
    rng = Rng(seed=2703)
    for draw in range(200):
        expected = _reference(rng).randrange(1000)
        rng, value = rng.randrange(1000)
        assert value == expected
        assert rng.draws == draw + 1
        assert Rng.model_validate_json(rng.model_dump_json()) == rng
        assert rng.model_dump() == {"seed": 2703, "draws": draw + 1}


def test_threads_drawing_at_once_draw_their_own_values() -> None:
    expected = {seed: _reference(Rng(seed=seed)).randrange(10**9) for seed in range(8)}
    found: dict[int, list[int]] = {seed: [] for seed in range(8)}

    def draw(seed: int) -> None:
        for _ in range(300):
            found[seed].append(Rng(seed=seed).randrange(10**9)[1])

    threads = [threading.Thread(target=draw, args=(seed,)) for seed in range(8)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: between seeding and draw
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert all(values == [expected[seed]] * 300 for seed, values in found.items())


# Every size from 1 to 200, then powers of two and their neighbours (where `getrandbits` needs
# one more bit, and where a draw is rejected most often).
SIZES = [*range(1, 201), *(2**k + d for k in range(8, 40) for d in (-1, 0, 1))]


def test_compiled_randrange_draws_what_random_does_for_every_size() -> None:
    for size in SIZES:
        for seed in range(12):
            expected = random.Random(f"{seed}:{size}")
            found = random.Random(f"{seed}:{size}")
            values = [draws.below(found.getrandbits, size) for _ in range(3)]
            assert values == [expected.randrange(size) for _ in range(3)], (size, seed)
            assert found.getstate() == expected.getstate()  # the same bits used up


def test_compiled_shuffle_draws_what_random_does_for_every_length() -> None:
    for length in [0, 1, *range(2, 201), 255, 256, 257, 511, 512, 513]:
        for seed in range(12):
            expected_source = random.Random(f"{seed}:{length}")
            found_source = random.Random(f"{seed}:{length}")
            expected = [f"c{i}" for i in range(length)]
            found = list(expected)
            expected_source.shuffle(expected)
            draws.shuffle(found_source.getrandbits, found)
            assert found == expected, (length, seed)
            assert found_source.getstate() == expected_source.getstate()


def test_an_empty_range_is_refused_as_random_refuses_it() -> None:
    with pytest.raises(ValueError, match="empty range"):
        random.Random(1).randrange(0)
    for stop in (0, -3):
        with pytest.raises(ValueError, match="empty range"):
            Rng(seed=1).randrange(stop)
