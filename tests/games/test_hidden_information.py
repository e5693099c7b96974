"""Views of states that differ only in hidden information are identical for those who may not see it."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

import pytest

import games
from tests.games.test_conformance import random_game


def perturber(game_id: str) -> Callable[[Any, random.Random, str | None], Any]:
    """`tests/games/hidden_<id>.py`'s `perturb(state, rng, keep)`: every shipped game must have one.

    It returns the state with everything `keep` may not see changed (keep=None: everything
    hidden from a spectator), and nothing else.
    """
    module = importlib.import_module(f"tests.games.hidden_{game_id}")
    found: Callable[[Any, random.Random, str | None], Any] = module.perturb
    return found


@pytest.mark.parametrize("game_id", [g.id for g in games.builtins()])
def test_views_ignore_what_the_viewer_may_not_see(game_id):
    game = games.get(game_id)
    perturb = perturber(game_id)
    rng = random.Random(0)
    compared = 0
    for players in range(max(2, game.min_players), game.max_players + 1):
        for seed in range(6):
            for state, seat, _ in random_game(game, players, seed):
                if seat is None or rng.random() > 0.3:
                    continue
                for viewer in (None, *game.players(state)):
                    other = perturb(state, rng, viewer)
                    assert other != state
                    assert game.view(other, viewer) == game.view(state, viewer)
                    compared += 1
    assert compared > 500


def test_public_view_and_public_events_carry_no_money_without_public_money():
    game = games.get("stpetersburg")
    for state, _seat, _ in random_game(game, 3, 11):
        view = game.view(state, None)
        if not view.finished:
            assert all(p.money is None and p.hand is None for p in view.players)
            assert not view.prices
        for event in view.events:
            assert event.private_to is None
            assert "amount" not in event.data or view.finished
            assert "ruble" not in game.describe(event).lower() or view.finished
