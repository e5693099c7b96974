"""`Rng` draws exactly what it always drew: stored states in every game replay from its seed."""

from __future__ import annotations

import random
import sys
import threading

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
