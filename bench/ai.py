"""Search AI benchmark: how often `strong` beats `greedy`, seat rotated, games in parallel processes.

Run: .venv/bin/python -m bench.ai --game stpetersburg --players 2 --games 200 --seconds 0.1
(or --iterations N for a budget that repeats exactly). Prints one JSON object: the win rate
with a 95 % Wilson interval, mean wall-clock and CPU seconds per strong move (on a shared
machine the CPU time is the steadier figure), playouts per move, and the budget used.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

import games
from games.search import SearchPlayer


def play(task: tuple[str, int, int, dict[str, Any]]) -> dict[str, Any]:
    """One game: the strong AI in seat `seed % players`, greedy in the others."""
    game_id, players, seed, knobs = task
    game = games.get(game_id)
    seats = [f"p{i}" for i in range(players)]
    strong_seat = seats[seed % players]
    strong = SearchPlayer(**knobs)
    greedy = game.ai("greedy")
    rng = random.Random(seed)
    state = game.new(seats, seed=seed)
    thinking = cpu = 0.0
    strong_moves = 0
    while (outcome := game.outcome(state)) is None:
        seat = min(game.to_act(state), key=seats.index)
        if seat == strong_seat:
            start, cpu_start = time.perf_counter(), time.process_time()
            move = strong.choose(game, state, seat, rng)
            thinking += time.perf_counter() - start
            cpu += time.process_time() - cpu_start
            strong_moves += 1
        else:
            move = greedy.choose(game, state, seat, rng)
        state = game.apply(state, seat, move)
    share = 1 / len(outcome.winners) if strong_seat in outcome.winners else 0.0
    return {
        "win": share,
        "seconds": thinking,
        "cpu_seconds": cpu,
        "moves": strong_moves,
        "playouts": strong.playouts,
    }


def wilson(wins: float, games_played: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if not games_played:
        return (0.0, 1.0)
    p = wins / games_played
    denominator = 1 + z * z / games_played
    centre = (p + z * z / (2 * games_played)) / denominator
    spread = z * math.sqrt(p * (1 - p) / games_played + z * z / (4 * games_played**2))
    return (centre - spread / denominator, centre + spread / denominator)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="stpetersburg")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, help="time budget per strong move")
    parser.add_argument("--iterations", type=int, help="iteration budget per strong move")
    parser.add_argument("--exploration", type=float)
    parser.add_argument("--playout-moves", type=int)
    parser.add_argument("--margin-scale", type=float)
    parser.add_argument("--win-weight", type=float)
    parser.add_argument("--widening", type=float)
    parser.add_argument("--algorithm", choices=("ismcts", "flat"))
    parser.add_argument("--candidates", type=int)
    parser.add_argument("--halving-every", type=int)
    parser.add_argument("--keep-first-margin", type=float)
    parser.add_argument("--keep-first-z", type=float)
    parser.add_argument("--candidates-growth", type=float)
    parser.add_argument("--playout-moves-per-seat", type=int)
    parser.add_argument("--minutes", type=float, help="report the games finished by then")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    knobs: dict[str, Any] = {"seconds": args.seconds, "iterations": args.iterations}
    for name in (
        "exploration",
        "playout_moves",
        "margin_scale",
        "win_weight",
        "widening",
        "algorithm",
        "candidates",
        "halving_every",
        "keep_first_margin",
        "keep_first_z",
        "candidates_growth",
        "playout_moves_per_seat",
    ):
        if getattr(args, name) is not None:
            knobs[name] = getattr(args, name)
    tasks = [
        (args.game, args.players, seed, knobs)
        for seed in range(args.first_seed, args.first_seed + args.games)
    ]
    start = time.perf_counter()
    stop = None if args.minutes is None else start + 60 * args.minutes
    results: list[dict[str, Any]] = []
    # Games are submitted in seed order; past --minutes the unstarted ones are dropped and the
    # finished ones reported, so a run fits the time there is.
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        pending = {pool.submit(play, task) for task in tasks}
        while pending:
            timeout = None if stop is None else max(0.0, stop - time.perf_counter())
            done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            results.extend(future.result() for future in done)
            if stop is not None and time.perf_counter() >= stop:
                for future in pending:
                    future.cancel()
                break
    if not results:
        raise SystemExit("no game finished in the time given")
    wins = sum(r["win"] for r in results)
    moves = sum(r["moves"] for r in results)
    low, high = wilson(wins, len(results))
    # What the strong seat searched with: the game's own knobs under the command line's.
    settings = SearchPlayer(**knobs).settings_for(games.get(args.game))
    print(
        json.dumps(
            {
                "game": args.game,
                "players": args.players,
                "opponents": "greedy",
                "games": len(results),
                "games_asked": len(tasks),
                "strong_win_rate": round(wins / len(results), 3),
                "ci95": [round(low, 3), round(high, 3)],
                "mean_seconds_per_move": round(sum(r["seconds"] for r in results) / moves, 4),
                "mean_cpu_seconds_per_move": round(
                    sum(r["cpu_seconds"] for r in results) / moves, 4
                ),
                "strong_moves": moves,
                "mean_playouts_per_move": round(sum(r["playouts"] for r in results) / moves, 1),
                "budget": {"seconds": settings.seconds, "iterations": settings.iterations},
                "settings": settings.__dict__,
                "workers": args.workers,
                "wall_seconds": round(time.perf_counter() - start, 1),
                "python": platform.python_version(),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
