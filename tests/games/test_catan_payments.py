"""Catan payments: the quick "cannot pay" test never rejects a hand the enumeration could pay."""

from __future__ import annotations

import itertools
import random

from games.catan import rules
from games.catan.data import BUILD_KINDS, shipped


def test_short_rejects_only_hands_without_any_payment() -> None:
    data = shipped()
    costs = {data.cost(kind) for kind in BUILD_KINDS}
    costs |= {data.cost("city_expansion", c.id) for c in data.cards if c.kind == "city_expansion"}
    rng = random.Random(12)
    hands = [tuple(rng.randrange(9) for _ in range(5)) for _ in range(200)]
    hands += list(itertools.product(range(3), repeat=5))
    rejected = 0
    for hand, cost, university in itertools.product(hands, sorted(costs), (False, True)):
        if rules.cannot_pay(hand, cost, university):  # type: ignore[arg-type]
            rejected += 1
            assert rules.enumerate_payments(hand, cost, university) == ()  # type: ignore[arg-type]
        else:
            found = rules.enumerate_payments(hand, cost, university)  # type: ignore[arg-type]
            assert rules.payments(hand, cost, university) == found  # type: ignore[arg-type]
    assert rejected > 300  # the shortcut is actually exercised


def test_ways_pay_what_the_search_of_each_hand_pays() -> None:
    """`payments` (the ways of each cost, filtered by the hand) and the build moves listed from
    them are exactly what searching the hand itself finds, in the same order, for every cost,
    with and without the Universität, over small, large and lopsided hands."""
    data = shipped()
    costs = {data.cost(kind) for kind in BUILD_KINDS}
    costs |= {data.cost("city_expansion", c.id) for c in data.cards if c.kind == "city_expansion"}
    rng = random.Random(27)
    hands = [
        tuple(rng.randrange(limit) for _ in range(5)) for limit in (4, 8, 13) for _ in range(60)
    ]
    hands += [tuple(rng.choice((0, 1, 2, 3, 9, 22)) for _ in range(5)) for _ in range(60)]
    hands += list(itertools.product(range(3), repeat=5))
    paying = 0
    for hand, cost, university in itertools.product(hands, sorted(costs), (False, True)):
        searched = rules.enumerate_payments(hand, cost, university)  # type: ignore[arg-type]
        assert rules.payments(hand, cost, university) == searched, (hand, cost, university)  # type: ignore[arg-type]
        moves = rules._build_moves(hand, "road", cost, university)  # type: ignore[arg-type]
        assert [m.pay for m in moves] == [pay for pay, _ in searched]  # type: ignore[attr-defined]
        ways = rules.ways(cost, university)  # type: ignore[arg-type]
        assert all(ways.needs_university[pay] == uni for pay, uni in searched)
        paying += bool(searched)
    assert paying > 2000  # most of the hands above pay something
