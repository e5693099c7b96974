"""Rules-engine benchmark: random full games per second per seat count (through `apply`, and on the
game's playout kernel where it has one; with --greedy-games, all-greedy games too, which is what
the search's playouts play), moves per second, the cost of one apply against a JSON round trip
of the same state, AI win rate, and which of the game's modules run compiled.

Run: .venv/bin/python -m bench.engine [--games N] [--ai-games N] [--greedy-games N] [--repeat N]
[--only ID] [--clock cpu].
Prints one JSON object. Timings are the best of `--repeat` runs (the least disturbed by other
processes on the machine).
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
from typing import Any

import games
from games.compiled import compiled

# Wall time by default; `--clock cpu` counts only this process's CPU time, steadier on a machine
# that other processes share.
clock = time.perf_counter


def _rates(games_played: int, moves: int, elapsed: float) -> dict[str, float]:
    return {
        "games_per_second": round(games_played / elapsed, 1),
        "moves_per_second": round(moves / elapsed),
        "moves_per_game": round(moves / games_played, 1),
    }


def random_games(
    game_id: str, players: int, count: int, repeat: int = 1, first: int = 0
) -> dict[str, float]:
    game = games.get(game_id)
    elapsed = float("inf")
    for _ in range(repeat):
        moves = 0
        start = clock()
        for seed in range(first, first + count):
            rng = random.Random(seed)
            state = game.new([f"p{i}" for i in range(players)], seed=seed)
            while game.outcome(state) is None:
                seat = min(game.to_act(state))
                state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
                moves += 1
        elapsed = min(elapsed, clock() - start)
    return _rates(count, moves, elapsed)


def kernel_random_games(
    game_id: str, players: int, count: int, repeat: int = 1, first: int = 0
) -> dict[str, float] | None:
    """`random_games` played on the game's playout kernel (`Game.kernel`), None without one.

    The same seeds and the same random choices among the same legal moves as `random_games`,
    so the same games: `moves_per_game` must equal its figure (checked).
    """
    game = games.get(game_id)
    seats = [f"p{i}" for i in range(players)]
    if game.kernel(game.new(seats, seed=0)) is None:
        return None
    elapsed = float("inf")
    moves = 0
    for _ in range(repeat):
        moves = 0
        start = clock()
        for seed in range(first, first + count):
            rng = random.Random(seed)
            kernel = game.kernel(game.new(seats, seed=seed))
            assert kernel is not None
            while not kernel.finished:
                kernel.play(rng.choice(kernel.legal()))
                moves += 1
        elapsed = min(elapsed, clock() - start)
    return _rates(count, moves, elapsed)


def greedy_games(
    game_id: str, players: int, count: int, on_kernel: bool, repeat: int = 1
) -> dict[str, float] | None:
    """Full games of the greedy AI in every seat, the search's playouts: through `apply`, or on
    the game's kernel (None without one). The same games either way (`moves_per_game` equal)."""
    game = games.get(game_id)
    seats = [f"p{i}" for i in range(players)]
    if on_kernel and game.kernel(game.new(seats, seed=0)) is None:
        return None
    greedy = game.ai("greedy")
    elapsed = float("inf")
    moves = 0
    for _ in range(repeat):
        moves = 0
        start = clock()
        for seed in range(count):
            dice = random.Random(seed)
            state = game.new(seats, seed=seed)
            kernel = game.kernel(state) if on_kernel else None
            if kernel is not None:
                while not kernel.finished:
                    kernel.play(kernel.greedy(dice))
                    moves += 1
                continue
            while game.outcome(state) is None:
                seat = next(s for s in seats if s in game.to_act(state))
                state = game.apply(state, seat, greedy.choose(game, state, seat, dice))
                moves += 1
        elapsed = min(elapsed, clock() - start)
    return _rates(count, moves, elapsed)


def copy_cost(game_id: str, players: int) -> dict[str, float]:
    """Microseconds to deep-copy a mid-game state (what search-based AI will pay per playout)."""
    game = games.get(game_id)
    rng = random.Random(1)
    state = game.new([f"p{i}" for i in range(players)], seed=1)
    for _ in range(120):
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    rounds = 2000
    start = clock()
    for _ in range(rounds):
        state.model_copy(deep=True)
    return {"deep_copy_us": round((clock() - start) / rounds * 1e6, 1)}


def apply_vs_json(game_id: str, players: int, repeat: int = 1) -> dict[str, float]:
    """Microseconds of one `apply` and of one JSON round trip (dump, then load) of the same
    states, over the positions of a few seeded random games, and their ratio."""
    game = games.get(game_id)
    positions = []
    for seed in range(5):
        rng = random.Random(seed)
        state = game.new([f"p{i}" for i in range(players)], seed=seed)
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            move = rng.choice(game.legal_moves(state, seat))
            positions.append((state, seat, move))
            state = game.apply(state, seat, move)
    apply_s = json_s = float("inf")
    # Keeping thousands of states alive would make every cyclic collection walk them all, a cost
    # of this measurement rather than of either operation: both are timed without it.
    gc.collect()
    gc.disable()
    for _ in range(repeat):
        start = clock()
        for state, seat, move in positions:
            game.apply(state, seat, move)
        apply_s = min(apply_s, clock() - start)
        start = clock()
        for state, _, _ in positions:
            game.load(state.model_dump_json())
        json_s = min(json_s, clock() - start)
    gc.enable()
    return {
        "apply_us": round(apply_s / len(positions) * 1e6, 2),
        "json_round_trip_us": round(json_s / len(positions) * 1e6, 2),
        "apply_per_json_round_trip": round(apply_s / json_s, 3),
    }


def greedy_vs_random(game_id: str, count: int) -> dict[str, Any]:
    """How often the game's greedy AI wins against random ones (seat rotated), per seat count."""
    game = games.get(game_id)
    results: dict[str, Any] = {}
    for players in sorted({max(2, game.min_players), game.max_players}):
        wins = 0
        for seed in range(count):
            greedy_seat = seed % players
            seats = [f"p{i}" for i in range(players)]
            ais = {
                s: game.ai("greedy" if i == greedy_seat else "random") for i, s in enumerate(seats)
            }
            rng = random.Random(seed)
            state = game.new(seats, seed=seed)
            while game.outcome(state) is None:
                seat = min(game.to_act(state))
                state = game.apply(state, seat, ais[seat].choose(game, state, seat, rng))
            outcome = game.outcome(state)
            assert outcome is not None
            wins += seats[greedy_seat] in outcome.winners
        results[f"{players}p_greedy_win_rate"] = round(wins / count, 3)
        results[f"{players}p_games"] = count
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="random games per seat count")
    parser.add_argument(
        "--ai-games",
        type=int,
        default=200,
        help="greedy-vs-random games per seat count (0 skips the match)",
    )
    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}
    parser.add_argument("--only", help="one game id")
    parser.add_argument(
        "--greedy-games",
        type=int,
        default=0,
        help="all-greedy games per seat count, through apply and on the kernel (0 skips them)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best is kept")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    report["clock"] = args.clock
    for game in games.builtins():
        if args.only and game.id != args.only:
            continue
        per_game: dict[str, Any] = {}
        for players in range(game.min_players, game.max_players + 1):
            plain = random_games(game.id, players, args.games, args.repeat)
            per_game[f"{players}_seats"] = plain
            on_kernel = kernel_random_games(game.id, players, args.games, args.repeat)
            if on_kernel is not None:
                if on_kernel["moves_per_game"] != plain["moves_per_game"]:
                    raise SystemExit(f"{game.id}: the kernel played other games than apply")
                per_game[f"{players}_seats_on_kernel"] = on_kernel
            if args.greedy_games > 0:
                through = greedy_games(game.id, players, args.greedy_games, False, args.repeat)
                assert through is not None
                per_game[f"{players}_seats_greedy"] = through
                kernel_greedy = greedy_games(game.id, players, args.greedy_games, True, args.repeat)
                if kernel_greedy is not None:
                    if kernel_greedy["moves_per_game"] != through["moves_per_game"]:
                        raise SystemExit(f"{game.id}: the kernel's greedy games differ")
                    per_game[f"{players}_seats_greedy_on_kernel"] = kernel_greedy
        per_game["compiled"] = sorted(
            name
            for name, module in sys.modules.items()
            if name.startswith(f"games.{game.id}.") and compiled(module)
        )
        per_game["copy"] = copy_cost(game.id, game.max_players)
        per_game["apply_vs_json"] = apply_vs_json(game.id, game.max_players, args.repeat)
        if args.ai_games > 0 and "greedy" in {k.key for k in game.ai_kinds()}:
            per_game["ai"] = greedy_vs_random(game.id, args.ai_games)
        report[game.id] = per_game
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
