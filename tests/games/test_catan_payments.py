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
