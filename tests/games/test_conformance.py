"""The game contract, checked on every registered game with seeded random play."""

from __future__ import annotations

import random

import pytest
from pydantic import BaseModel

import games
from games.base import Game, GameError, GameOver, IllegalMove, InvalidMove, NotYourTurn


class ForeignMove(BaseModel):
    kind: str = "foreign"


# The shipped games; tests elsewhere register small games of their own that need not pass this.
GAMES = [g.id for g in games.builtins()]
SEEDS = range(12)


def random_game(game: Game, players: int, seed: int):
    """Yield (state, seat, move) along one seeded random game, then (final state, None, last move)."""
    rng = random.Random(seed)
    state = game.new([f"s{i}" for i in range(players)], seed=seed)
    move = None
    while game.outcome(state) is None:
        seat = sorted(game.to_act(state))[0]
        move = rng.choice(game.legal_moves(state, seat))
        yield state, seat, move
        state = game.apply(state, seat, move)
    yield state, None, move


@pytest.mark.parametrize("game_id", GAMES)
def test_contract_over_random_games(game_id):
    game = games.get(game_id)
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        for seed in SEEDS:
            for state, seat, move in random_game(game, players, seed):
                if seat is None:
                    assert game.to_act(state) == frozenset()
                    assert game.legal_moves(state, game.players(state)[0]) == []
                    with pytest.raises(GameOver):
                        game.apply(state, game.players(state)[0], move)
                    continue
                legal = game.legal_moves(state, seat)
                assert legal == game.legal_moves(state, seat), "legal_moves must be deterministic"
                assert move in legal
                # Notation round-trips in every language, and resolve finds the move again.
                for lang in game.langs:
                    assert game.parse(game.format(move, lang=lang)) == move
                assert game.resolve(state, seat, game.format(move)) == move
                # JSON round-trip.
                assert game.load(state.model_dump_json()) == state
                # Not-acting seats are refused; foreign objects are not moves.
                for other in game.players(state):
                    if other not in game.to_act(state):
                        with pytest.raises(NotYourTurn):
                            game.apply(state, other, move)
                with pytest.raises(InvalidMove):
                    game.apply(state, seat, ForeignMove())  # type: ignore[arg-type]
                after = game.apply(state, seat, move)
                assert after != state
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_moves_are_refused_with_a_reason(game_id):
    game = games.get(game_id)
    every_move_seen: dict[str, object] = {}
    for _state, seat, move in random_game(game, 2, 5):
        if seat is not None:
            every_move_seen[game.format(move)] = move
    refused = 0
    for state, seat, _ in random_game(game, 2, 6):
        if seat is None:
            continue
        legal = game.legal_moves(state, seat)
        for move in every_move_seen.values():
            if move not in legal:
                with pytest.raises(IllegalMove) as error:
                    game.apply(state, seat, move)
                assert str(error.value) and error.value.message("ja")
                refused += 1
    assert refused > 100


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game(game_id):
    game = games.get(game_id)
    players = min(game.max_players, 3)
    first = [(s.model_dump_json(), m) for s, _, m in random_game(game, players, 42)]
    second = [(s.model_dump_json(), m) for s, _, m in random_game(game, players, 42)]
    assert first == second
    other = [s.model_dump_json() for s, _, _ in random_game(game, players, 43)]
    assert other[0] != first[0][0]


@pytest.mark.parametrize("game_id", GAMES)
def test_input_is_never_mutated(game_id):
    game = games.get(game_id)
    for state, seat, move in random_game(game, 2, 9):
        if seat is None:
            break
        before = state.model_dump_json()
        game.apply(state, seat, move)
        assert state.model_dump_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_options_and_player_counts_are_rejected(game_id):
    game = games.get(game_id)
    with pytest.raises(GameError):
        game.new(["a", "b"], seed=1, options={"no_such_option": True})
    with pytest.raises(GameError):
        game.new([f"p{i}" for i in range(game.max_players + 1)], seed=1)
    with pytest.raises(GameError):
        game.new(["a", "a"], seed=1)
    with pytest.raises(InvalidMove):
        game.parse("this is not a move")
