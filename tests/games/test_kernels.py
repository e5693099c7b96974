"""Every game's playout kernel against its engine: same moves listed, same states, same greedy
choices, over seeded games of every seat count (Sankt Petersburg has its own, deeper test)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import games
from games.base import Game
from games.search import Search, SearchPlayer

KERNEL_GAMES = ["catan", "catherine", "venedig"]
SEEDS = 4


def _without_events(state: Any) -> Any:
    return state.model_copy(update={"events": ()})


def play_both(
    game: Game[Any, Any, Any], players: int, seed: int, greedy_share: float
) -> Counter[str]:
    """One seeded game through `apply` and through a kernel side by side; the kinds of moves
    played. Copies of the kernel are taken now and then: a copy carries on as the original."""
    rng = random.Random(seed)
    state = game.new([f"p{i}" for i in range(players)], seed=seed)
    kernel: Any = game.kernel(state)
    assert kernel is not None
    greedy = game.ai("greedy")
    kinds: Counter[str] = Counter()
    played = 0
    while game.outcome(state) is None:
        assert not kernel.finished
        actor = next(s for s in game.players(state) if s in game.to_act(state))
        listed = game.legal_moves(state, actor)
        from_kernel = kernel.legal()
        assert from_kernel == listed
        dice = rng.getrandbits(32)
        choice = greedy.choose(game, state, actor, random.Random(dice))
        assert kernel.greedy(random.Random(dice)) == choice
        move = choice if rng.random() < greedy_share else rng.choice(listed)
        kinds[move.kind] += 1
        state = game.apply(state, actor, move)
        kernel.play(move)
        assert kernel.state() == _without_events(state)
        played += 1
        if played % 37 == 0:
            kernel = kernel.copy()
    assert kernel.finished and kernel.legal() == []
    return kinds


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
def test_kernel_follows_the_engine_move_for_move_at_every_seat_count(game_id: str) -> None:
    game = games.get(game_id)
    kinds: Counter[str] = Counter()
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(SEEDS):
            kinds += play_both(game, players, 100 * players + seed, greedy_share=seed % 3 / 2)
    # Every kind of move the game has was played on the kernel at least once.
    every = {t.model_fields["kind"].default for t in game.move_types}
    assert set(kinds) == every, every - set(kinds)


@pytest.mark.parametrize("game_id", KERNEL_GAMES)
def test_a_kernel_copy_leaves_the_original_alone(game_id: str) -> None:
    game = games.get(game_id)
    rng = random.Random(9)
    kernel: Any = game.kernel(game.new(["a", "b", "c"], seed=9))
    for _ in range(30):
        kernel.play(rng.choice(kernel.legal()))
    before = kernel.state()
    other = kernel.copy()
    for _ in range(40):
        if other.finished:
            break
        other.play(rng.choice(other.legal()))
    assert other.state() != before
    assert kernel.state() == before
    assert game.load(before.model_dump_json()) == before


@pytest.mark.parametrize("algorithm", ["flat", "ismcts"])
@pytest.mark.parametrize("game_id", KERNEL_GAMES)
def test_search_playouts_on_the_kernel_are_the_same_games(
    game_id: str, algorithm: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The strong AI's playouts end in the same states, and it picks the same moves, whether
    they run on the kernel or through apply."""
    game = games.get(game_id)
    positions = []
    for seed in (3, 4):
        rng = random.Random(seed)
        state = game.new(["a", "b", "c"], seed=seed)
        for _ in range(20 + 7 * seed):
            actor = next(s for s in game.players(state) if s in game.to_act(state))
            state = game.apply(state, actor, rng.choice(game.legal_moves(state, actor)))
        positions.append(state)

    def run() -> tuple[list[Any], list[Any]]:
        ended: list[Any] = []
        playout = Search.playout

        def recorded(self: Search, state: Any, dice: random.Random | None = None) -> Any:
            end = playout(self, state, dice)
            ended.append(_without_events(end))
            return end

        with monkeypatch.context() as patch:
            patch.setattr(Search, "playout", recorded)
            player = SearchPlayer(iterations=16, seconds=None, algorithm=algorithm)
            moves = []
            for state in positions:
                actor = next(s for s in game.players(state) if s in game.to_act(state))
                moves.append(player.choose(game, state, actor, random.Random(1)))
        return moves, ended

    made: Counter[str] = Counter()
    kernel = type(game).kernel

    def counted(self: Any, state: Any) -> Any:
        made["kernels"] += 1
        return kernel(self, state)

    monkeypatch.setattr(type(game), "kernel", counted)
    on_kernel = run()
    assert made["kernels"] >= 16  # the playouts did run on the kernel
    monkeypatch.setattr(type(game), "kernel", lambda self, state: None)
    through_apply = run()
    assert on_kernel == through_apply
    assert len(on_kernel[1]) >= 16
