"""Every game that offers the search AI samples states its seats cannot tell from the real one."""

from __future__ import annotations

import random

import pytest

import games
from games.search import SearchPlayer
from tests.games.test_conformance import random_game

STRONG = [g.id for g in games.builtins() if "strong" in {k.key for k in g.ai_kinds()}]


def test_the_games_with_a_search_ai() -> None:
    assert {"stpetersburg", "catherine", "venedig"} <= set(STRONG)


@pytest.mark.parametrize("game_id", STRONG)
def test_a_sample_shows_each_seat_its_own_view(game_id: str) -> None:
    game = games.get(game_id)
    rng = random.Random(11)
    checked = differed = 0
    for players in sorted({game.min_players, 2, game.max_players}):
        for seed in range(2):
            for state, seat, _ in random_game(game, players, seed):
                if seat is None or rng.random() > 0.15:
                    continue
                for viewer in game.players(state):
                    view = game.view(state, viewer)
                    sample = game.sample_state(view, viewer, rng)
                    assert game.view(sample, viewer) == view
                    if viewer in game.to_act(state):
                        assert game.legal_moves(sample, viewer) == game.legal_moves(state, viewer)
                        assert game.to_act(sample) == game.to_act(state)
                    differed += sample != state
                    checked += 1
    assert checked > 40
    assert differed > checked // 2  # hidden parts are drawn, not copied


@pytest.mark.parametrize("game_id", STRONG)
def test_the_search_plays_legal_moves_from_samples(game_id: str) -> None:
    game = games.get(game_id)
    strong = SearchPlayer(iterations=6, seconds=None, playout_moves=6)
    greedy = game.ai("greedy")
    state = game.new(["a", "b"], seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if game.outcome(state) is not None:
            break
        seat = sorted(game.to_act(state))[0]
        move = (strong if seat == "a" else greedy).choose(game, state, seat, rng)
        assert move in game.legal_moves(state, seat)
        state = game.apply(state, seat, move)
