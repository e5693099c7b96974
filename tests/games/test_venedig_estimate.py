"""Venedig's score estimate (`Game.evaluate`): exact at the end, informative before it."""

from __future__ import annotations

import random
import statistics

import pytest

from games.venedig import GAME
from games.venedig.models import State
from tests.games.venedig_helpers import counts, start, with_architect, with_player

GREEDY = GAME.ai("greedy")


def greedy_game(players: int, seed: int) -> list[State]:
    """Every state of a game the greedy AI plays for all seats."""
    seats = [f"p{i}" for i in range(players)]
    rng = random.Random(seed)
    state = GAME.new(seats, seed=seed)
    states = [state]
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state), key=seats.index)
        state = GAME.apply(state, seat, GREEDY.choose(GAME, state, seat, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_estimate_is_the_final_score_once_the_game_is_over(players):
    for seed in range(3):
        final = greedy_game(players, seed)[-1]
        outcome = GAME.outcome(final)
        assert outcome is not None
        assert GAME.evaluate(final) == {s.seat: float(s.score) for s in outcome.standings}


def test_after_the_end_trigger_only_gold_counts_in_whole_steps():
    state = with_player(start(2), "A", hand=(1, 1, 2), pos=30, swamp=(2, 2), treasure=(5,))
    state = with_player(state, "B", pos=20, front=counts(palazzo=2))
    state = with_architect(state, "palazzo", 1)
    ending = state.model_copy(update={"ending": True, "movers": ((1, 3),)})
    # A: 30 + 9 gold // 5; B: 20 + the 3 steps its resolution has still to move; cards are void.
    assert GAME.evaluate(ending) == {"A": 31.0, "B": 23.0}


def test_cards_and_gold_add_to_the_position_before_the_end():
    bare = with_player(start(2), "A", pos=10)
    estimate = GAME.evaluate(bare)["A"]
    richer = [
        with_player(bare, "A", pos=10, hand=(1,)),
        with_player(bare, "A", pos=10, swamp=(2, 2)),
        with_architect(with_player(bare, "A", pos=10, front=counts(campo=1)), "campo", 0),
        with_architect(with_player(bare, "A", pos=10, front=counts(campo=1)), "campo", 2),
    ]
    for state in richer:
        assert GAME.evaluate(state)["A"] > estimate
        assert GAME.evaluate(state)["B"] == GAME.evaluate(bare)["B"]


def test_the_estimate_predicts_who_finishes_ahead_better_than_the_position():
    """Over positions of greedy games (seeds the weights were not fitted on), the estimated
    lead of seat 0 over seat 1 correlates with its final lead, more than the position's lead."""
    estimated, positional, final = [], [], []
    for seed in range(40):
        states = greedy_game(2, 5000 + seed)
        outcome = GAME.outcome(states[-1])
        assert outcome is not None
        scores = {s.seat: s.score for s in outcome.standings}
        for state in states[10:-1:15]:
            estimate = GAME.evaluate(state)
            estimated.append(estimate["p0"] - estimate["p1"])
            positional.append(state.players[0].pos - state.players[1].pos)
            final.append(scores["p0"] - scores["p1"])
    by_estimate = statistics.correlation(estimated, final)
    by_position = statistics.correlation(positional, final)
    assert by_estimate > 0.6
    assert by_estimate > by_position + 0.02
