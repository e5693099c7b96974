"""Game review benchmark: CPU seconds to review a whole game, and how stable the verdicts are.

Plays seeded two-player games of each game that offers the strong AI (greedy against greedy,
one seat's moves made by the random AI one time in four, so there are mistakes to find), then
reviews each twice with different seeds at the given budget (`games.review.ReviewBudget`, the
bot's default unless changed). Prints one JSON object per game: decisions judged, CPU seconds
per review (one core), costly decisions found, and stability: for each seat of each game, do
the two reviews name the same costliest decision (or both none)?

Run: nice -n 19 .venv/bin/python -m bench.review --games 3 [--game catan] [--worlds 24]
(`--single`: one review a game, CPU seconds only).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from typing import Any

import games
from games.base import Game
from games.review import Review, ReviewBudget, review_states


def played_game(game: Game[Any, Any, Any], seed: int) -> tuple[list[Any], list[str], list[Any]]:
    """A seeded two-seat game: mostly greedy, now and then a random move."""
    rng = random.Random(seed)
    greedy, loose = game.ai("greedy"), game.ai("random")
    state = game.new(["s0", "s1"], seed=seed)
    states, acting, moves = [state], [], []
    while game.outcome(state) is None:
        seat = next(s for s in game.players(state) if s in game.to_act(state))
        player = loose if rng.random() < 0.25 else greedy
        move = player.choose(game, state, seat, rng)
        state = game.apply(state, seat, move)
        states.append(state)
        acting.append(seat)
        moves.append(move)
    return states, acting, moves


def costliest_of(review: Review, seat: str) -> int | None:
    found = review.costliest(seat, 1)
    return found[0].seq if found else None


def measure(
    game: Game[Any, Any, Any], seeds: list[int], budget: ReviewBudget, single: bool = False
) -> dict[str, Any]:
    cpu: list[float] = []
    judged_counts: list[int] = []
    costly = agree = compared = 0
    for seed in seeds:
        states, acting, moves = played_game(game, seed)
        judged = {i: True for i in range(1, len(moves) + 1)}
        reviews = []
        for review_seed in (f"a{seed}", f"b{seed}")[: 1 if single else 2]:
            started = time.process_time()
            reviews.append(review_states(game, states, acting, moves, judged, budget, review_seed))
            cpu.append(time.process_time() - started)
        judged_counts.append(len(reviews[0].verdicts))
        costly += sum(v.costly for v in reviews[0].verdicts)
        if single:
            print(json.dumps({"game": game.id, "seed": seed, "cpu": cpu[-1]}), flush=True)
            continue
        seats = game.players(states[0])
        pairs = {
            seat: (costliest_of(reviews[0], seat), costliest_of(reviews[1], seat)) for seat in seats
        }
        for first, second in pairs.values():
            compared += 1
            agree += first == second
        # One line per game as it is done, so a run cut short still reports what it measured.
        line = {"game": game.id, "seed": seed, "decisions": len(moves), "cpu": cpu[-2:]}
        print(json.dumps({**line, "costliest": pairs}), flush=True)
    return {
        "game": game.id,
        "games": len(seeds),
        "decisions_per_game": sum(judged_counts) / len(judged_counts),
        "cpu_seconds_per_review": {
            "mean": round(sum(cpu) / len(cpu), 2),
            "max": round(max(cpu), 2),
        },
        "costly_per_game": costly / len(seeds),
        "costliest_agree": f"{agree}/{compared}" if compared else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="a game id (default: every strong one)")
    parser.add_argument("--games", type=int, default=3, help="games per game id")
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--single", action="store_true", help="one review a game: CPU only")
    defaults = ReviewBudget()
    for name in ("worlds", "screen_worlds", "chart_worlds"):
        parser.add_argument(
            f"--{name.replace('_', '-')}", type=int, default=getattr(defaults, name)
        )
    args = parser.parse_args()
    budget = ReviewBudget(
        worlds=args.worlds, screen_worlds=args.screen_worlds, chart_worlds=args.chart_worlds
    )
    chosen = args.game or [
        g.id for g in games.builtins() if "strong" in {k.key for k in g.ai_kinds()}
    ]
    seeds = list(range(args.first_seed, args.first_seed + args.games))
    machine = {"cpu_count": os.cpu_count(), "python": platform.python_version()}
    for game_id in chosen:
        figures = measure(games.get(game_id), seeds, budget, args.single)
        print(json.dumps({**figures, "budget": budget.__dict__, "machine": machine}), flush=True)


if __name__ == "__main__":
    main()
