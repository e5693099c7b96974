"""Catan's safety stop (our own, not a rule): after `round_limit` rounds the most VP win."""

from __future__ import annotations

import random

from games.catan.game import GAME


def test_the_round_limit_ends_the_game_after_that_many_full_rounds() -> None:
    seats = ["a", "b", "c"]
    state = GAME.new(seats, seed=3, options={"round_limit": 2})
    rng = random.Random(3)
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    # Two full rounds of three turns: nobody reaches the VP goal that fast.
    assert state.winner is None
    assert state.turns == 2 * len(seats)
    assert state.events[-1].kind == "round_limit"
    assert "safety limit" in GAME.describe(state.events[-1])
    outcome = GAME.outcome(state)
    assert outcome is not None
    scores = [s.score for s in outcome.standings]
    assert scores == sorted(scores, reverse=True)
    # Equal VP share a place; the first place goes to every seat with the most VP.
    best = max(scores)
    assert {s.seat for s in outcome.standings if s.rank == 1} == {
        s.seat for s in outcome.standings if s.score == best
    }
