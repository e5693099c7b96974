"""Kernel against contract path in instructions, not seconds: a figure the machine's load cannot move.

For each seat count, the same seeded random games as `bench.engine` (`random_games` through
`legal_moves`/`apply`, `kernel_random_games` on the kernel) run in a child process under
valgrind's cachegrind (no cache simulation: it only counts instructions executed), after warm-up
games on both paths and a full garbage collection; a child that only imports and plays the
warm-up is subtracted, so the figures are instructions per game of play. The ratio is contract ÷
kernel instructions per game.

Run: .venv/bin/python -m bench.instructions --only catan [--games 4] [--seats 2,3]
Prints one JSON object. Needs valgrind; each child runs about 50× slower than natively.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import games
from bench import engine

PATHS = ("none", "contract", "kernel")


# Games every child plays first, on both paths (seeds apart from the measured ones): the
# caches of moves and payments the rules keep are then as warm as in a long run or a search.
WARM_UP = 8
WARM_UP_SEED = 10_000


def play(game_id: str, players: int, count: int, path: str) -> int:
    """Play `count` random games on `path`, after the warm-up games: the moves played."""
    engine.random_games(game_id, players, WARM_UP, first=WARM_UP_SEED)
    engine.kernel_random_games(game_id, players, WARM_UP, first=WARM_UP_SEED)
    # A child has not run a full collection by now, and the first one walks the whole heap
    # (modules, pydantic schemas, the warm caches: some 25 M instructions). Run it here, in
    # every child, so that it is subtracted with the warm-up instead of landing inside one
    # path's measured games or the other's depending on how much each allocates.
    gc.collect()
    if path == "contract":
        return round(engine.random_games(game_id, players, count)["moves_per_game"] * count)
    if path == "kernel":
        rates = engine.kernel_random_games(game_id, players, count)
        assert rates is not None, f"{game_id} has no kernel"
        return round(rates["moves_per_game"] * count)
    return 0


def counted(game_id: str, players: int, count: int, path: str) -> int:
    """Instructions the child process playing `path` executes, counted by cachegrind."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "cachegrind.out"
        done = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={out}",
                sys.executable,
                "-m",
                "bench.instructions",
                "--child",
                f"{game_id}:{players}:{count}:{path}",
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # the same set orders in every child
        )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    assert found is not None, done.stderr[-2000:]
    return int(found.group(1).replace(",", ""))


def measure(game_id: str, players: int, count: int) -> dict[str, Any]:
    base = counted(game_id, players, count, "none")
    per_game = {path: (counted(game_id, players, count, path) - base) / count for path in PATHS[1:]}
    return {
        "games": count,
        "contract_instructions_per_game": round(per_game["contract"]),
        "kernel_instructions_per_game": round(per_game["kernel"]),
        "kernel_speedup": round(per_game["contract"] / per_game["kernel"], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", required=False, help="one game id (default: every game)")
    parser.add_argument("--games", type=int, default=4, help="random games per seat count")
    parser.add_argument("--seats", help="seat counts, comma-separated (default: every one)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        game_id, players, count, path = args.child.split(":")
        print(play(game_id, int(players), int(count), path))
        return
    report: dict[str, Any] = {"tool": "valgrind --tool=cachegrind --cache-sim=no"}
    for game in games.builtins():
        if args.only and game.id != args.only:
            continue
        seats = range(game.min_players, game.max_players + 1)
        if args.seats:
            seats = [int(s) for s in args.seats.split(",")]  # type: ignore[assignment]
        report[game.id] = {f"{n}_seats": measure(game.id, n, args.games) for n in seats}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
