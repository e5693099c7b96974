"""Catherine's listed moves are made once and shared: each equals the move validated afresh."""

from __future__ import annotations

import random

from games.catherine import rules
from games.catherine.data import DATA
from games.catherine.models import Bonus, Build, Discard, Keep, Market


def test_shared_moves_equal_fresh_ones_of_their_own_class() -> None:
    dice = random.Random(27)
    cards = sorted(DATA.cards)
    cities = [city.id for city in DATA.cities]
    for _ in range(400):
        held = tuple(sorted(dice.sample(cards, dice.randint(0, 3))))
        for cls in (Discard, Bonus, Keep):  # the same cards under every class
            made = rules._cards_move(cls, held)
            assert type(made) is cls
            assert made == cls(cards=held)
            assert rules._cards_move(cls, held) is made
        city = dice.choice(cities)
        assert rules._build_move(city, held) == Build(city=city, cards=held)
        assert rules._build_move(city, ()) == Build(city=city)
        count = dice.randint(0, 9)
        assert rules._market_move(count) == Market(count=count)
