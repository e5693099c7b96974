"""Search AI benchmark: how often `strong` beats `greedy`, seats rotated, with the search's knobs.

A thin wrapper over `python -m bot simulate` (`bot.service.simulate.run`, the same games, seeds
and figures) that also takes the search's knobs (`--candidates`, `--keep-first-z`...), for
tuning. Run: .venv/bin/python -m bench.ai --game stpetersburg --players 2 --games 200
--iterations 30 (a budget that repeats exactly; or --seconds S). Prints one JSON object: the
strong seat's win rate with a 95 % Wilson interval (a shared first place counts as a win), mean
wall-clock and CPU seconds per strong move (on a shared machine the CPU time is the steadier
figure), playouts per move, the settings the strong seat searched with, and `fallbacks`: the
strong moves greedy made because the bot's thinking worker failed or ran past its timeout.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from typing import Any

from bot.service.simulate import Budget, SimulationError, run

KNOBS = (
    "exploration",
    "playout_moves",
    "margin_scale",
    "win_weight",
    "widening",
    "candidates",
    "halving_every",
    "keep_first_margin",
    "keep_first_z",
    "candidates_growth",
    "playout_moves_per_seat",
)
WHOLE = {"playout_moves", "candidates", "halving_every", "playout_moves_per_seat"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="stpetersburg")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--seed", "--first-seed", type=int, default=0, help="the run's seed (simulate's --seed)"
    )
    parser.add_argument("--seconds", type=float, help="time budget per strong move")
    parser.add_argument("--iterations", type=int, help="iteration budget per strong move")
    parser.add_argument("--algorithm", choices=("ismcts", "flat"))
    for knob in KNOBS:
        parser.add_argument(f"--{knob.replace('_', '-')}", type=int if knob in WHOLE else float)
    parser.add_argument("--minutes", type=float, help="report the games finished by then")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    knobs = {
        name: getattr(args, name)
        for name in ("algorithm", *KNOBS)
        if getattr(args, name) is not None
    }
    budget = Budget(
        seconds=args.seconds, iterations=args.iterations, knobs=tuple(sorted(knobs.items()))
    )
    kinds = ["strong"] + ["greedy"] * (args.players - 1)
    try:
        report = run(
            args.game,
            args.players,
            args.games,
            kinds,
            seed=args.seed,
            jobs=args.workers,
            rotate=True,
            budget=budget,
            minutes=args.minutes,
        )
    except SimulationError as error:
        raise SystemExit(str(error)) from None
    strong = report.kinds[0]
    figures: dict[str, Any] = {
        "game": args.game,
        "players": args.players,
        "opponents": "greedy",
        "seed": args.seed,
        "games": report.games,
        "games_asked": report.games_asked,
        "strong_win_rate": round(strong.win_rate, 3),
        "ci95": [round(strong.ci_low, 3), round(strong.ci_high, 3)],
        "ties": report.ties,
        "mean_seconds_per_move": round(strong.seconds_per_move, 4),
        "mean_cpu_seconds_per_move": round(strong.cpu_seconds_per_move, 4),
        "strong_moves": strong.moves,
        "mean_playouts_per_move": round(strong.playouts_per_move or 0.0, 1),
        # Strong moves greedy made because the thinking worker failed or overran its timeout.
        "fallbacks": strong.fallbacks,
        "budget": {"seconds": args.seconds, "iterations": args.iterations},
        "settings": report.extra.get("settings", {}).get("strong"),
        "workers": args.workers,
        "wall_seconds": round(report.seconds, 1),
        "python": platform.python_version(),
    }
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
