"""The strong AI of every game that offers it chooses from the seat's view alone: two true states
that differ only in what the seat may not see give the same move under the same seed."""

from __future__ import annotations

import random

import pytest

import games
from games.search import SearchPlayer
from tests.games.test_conformance import random_game
from tests.games.test_hidden_information import perturber

SEARCHING = [g.id for g in games.builtins() if "strong" in {k.key for k in g.ai_kinds()}]
FAST = {"iterations": 6, "seconds": None, "playout_moves": 6}


def test_every_shipped_game_offers_the_strong_ai():
    assert sorted(SEARCHING) == sorted(g.id for g in games.builtins())


class Cheat(SearchPlayer):
    """The same search fed the true state instead of samples: what the test must catch."""

    def choose(self, game, state, seat, rng):
        game.sample_state = lambda view, seat, rng: state
        try:
            return self.choose_from_view(game, game.view(state, seat), seat, rng)
        finally:
            del game.sample_state


def moves_on_twins(game_id, player):
    """The player's moves on pairs of true states that differ only in what the seat may not see."""
    game = games.get(game_id)
    perturb = perturber(game_id)
    rng = random.Random(3)
    pairs = []
    for seed in range(3):
        # Two and three seats where the game allows them (a third seat's secrets too).
        players = min(game.max_players, max(game.min_players, 2 + seed % 2))
        for state, seat, _ in random_game(game, players, seed):
            if seat is None or rng.random() > 0.15 or len(game.legal_moves(state, seat)) < 3:
                continue
            twin = perturb(state, rng, seat)
            assert twin != state
            first = player.choose(game, state, seat, random.Random(len(pairs)))
            second = player.choose(game, twin, seat, random.Random(len(pairs)))
            pairs.append((first, second))
    assert len(pairs) >= 10
    return pairs


@pytest.mark.parametrize("algorithm", ["flat", "ismcts"])
@pytest.mark.parametrize("game_id", SEARCHING)
def test_twin_states_give_the_same_move(game_id, algorithm):
    player = SearchPlayer(algorithm=algorithm, **FAST)
    assert all(first == second for first, second in moves_on_twins(game_id, player))


@pytest.mark.parametrize("game_id", SEARCHING)
def test_twin_states_catch_a_search_of_the_true_state(game_id):
    assert any(first != second for first, second in moves_on_twins(game_id, Cheat(**FAST)))
