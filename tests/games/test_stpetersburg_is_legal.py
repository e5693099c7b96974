"""`rules.is_legal` (what apply checks) agrees with `rules.legal_moves` (the definition) everywhere."""

from __future__ import annotations

import pytest

from games.stpetersburg import rules
from tests.games.stp_helpers import G
from tests.games.test_conformance import random_game
from tests.games.test_stpetersburg_golden import candidates


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_is_legal_agrees_with_legal_moves_over_random_games(players):
    compared = 0
    for seed in range(3):
        for number, (state, _, _) in enumerate(random_game(G, players, seed)):
            if number % 3:
                continue
            ids = [p.id for p in state.players]
            legal = {seat: rules.legal_moves(state, seat) for seat in range(players)}
            for seat_id, move in candidates(state):
                seat = ids.index(seat_id)
                assert rules.is_legal(state, seat, move) == (move in legal[seat]), (seat, move)
                compared += 1
            # Every listed move is legal by the fast check too, for every seat.
            for seat, moves in legal.items():
                assert all(rules.is_legal(state, seat, m) for m in moves)
    assert compared > 5000


def test_built_states_equal_their_json_round_trip():
    for players in (1, 4):
        for state, _, _ in random_game(G, players, 7):
            assert type(state).model_validate_json(state.model_dump_json()) == state
