"""Sankt Petersburg's narration counts in good English: 1 ruble, 2 rubles, 1 point."""

from __future__ import annotations

import pytest

from games.base import Event
from games.stpetersburg import GAME


@pytest.mark.parametrize(
    ("kind", "data", "expected"),
    [
        ("paid", {"amount": 1}, "ann paid 1 ruble."),
        ("paid", {"amount": 12}, "ann paid 12 rubles."),
        ("income", {"amount": 1}, "ann received 1 ruble."),
        ("income", {"amount": 0}, "ann received 0 rubles."),
        ("pub", {"points": 1}, "ann bought 1 point at the Pub."),
        ("pub", {"points": 3}, "ann bought 3 points at the Pub."),
    ],
)
def test_counts_agree_with_their_nouns(kind: str, data: dict[str, int], expected: str) -> None:
    assert GAME.describe(Event(kind=kind, seat="ann", data=data), lang="en") == expected


def test_japanese_counts_are_unchanged() -> None:
    event = Event(kind="paid", seat="ann", data={"amount": 1})
    assert GAME.describe(event, lang="ja") == "annは1ルーブル支払いました。"
