"""Game review benchmark: CPU seconds to review a whole game, and how stable the verdicts are.

Plays seeded two-player games of each game that offers the strong AI (greedy against greedy,
one seat's moves made by the random AI one time in four, so there are mistakes to find), then
reviews each twice with different seeds at the given budget (`games.review.ReviewBudget`, the
bot's default unless changed). Prints one JSON line per game as it is done, then one summary
per game id: decisions judged, CPU seconds per review (one core; the chart's and the verdicts'
apart), costly decisions found, and stability, seat by seat, between the two reviews:

- `same_costliest`: both name the same costliest decision (or both none);
- `costliest_in_other_costly`: a review's costliest decision is among the other's costly ones
  (each review's costliest counted, so up to two per seat): where it is not, the verdict itself
  moved with the seed, not only the order of clear mistakes;
- `top3_shared`: decisions both top-3 lists share, of the longer list's length, summed;
- `costliest_cost_spread`: for each review's costliest decision, how far the two reviews'
  estimates of its cost (win chance, percentage points; 0 where a review found no difference)
  lie apart: mean and max;
- `costly_flags_differ`: decisions costly in one review and not in the other;
  `preferred_differs`: decisions whose preferred move differs between the two reviews;
- `noise_check`: is each comparison's standard error right? Over the decisions both reviews
  compare with the same preferred move, the difference of the two measured costs divided by
  its standard error (from the two reviews' errors): `spread` (its standard deviation) should
  be about 1, and about 5 % of `pairs` lie `beyond_2`. More would mean the noise test is less
  strict than its `z`;
- `chart_point_noise`: how far a chart point moves by noise alone (its standard deviation, in
  percentage points of win chance), from the two reviews' points (all but the last, the
  result).

Run: nice -n 19 .venv/bin/python -m bench.review --games 3 [--game catan] [--worlds 24]
(`--single`: one review a game, CPU seconds only; `--no-chart`: the verdicts alone;
`--no-verdicts`: the chart alone;
`--out FILE`: every verdict of every review as JSON lines, for a closer look).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import platform
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import games
from games.base import Game
from games.review import ChancePoint, Review, ReviewBudget, chances, chart_moves, judge, seeded


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


def timed_review(
    game: Game[Any, Any, Any],
    played: tuple[list[Any], list[str], list[Any]],
    budget: ReviewBudget,
    seed: str,
    chart: bool,
    judging: bool = True,
) -> tuple[Review, float, float]:
    """The review `games.review.review_states` makes (every decision with a choice judged),
    with the CPU seconds of its chart and of its verdicts."""
    states, acting, moves = played
    started = time.process_time()
    points = tuple(
        ChancePoint(move=at, chances=chances(game, states[at], budget, seeded(seed, "c", at)))
        for at in (chart_moves(acting, budget.chart_points) if chart else [])
    )
    charted = time.process_time()
    verdicts = tuple(
        judge(game, states[i - 1], acting[i - 1], moves[i - 1], budget, seeded(seed, "d", i), seq=i)
        for i in range(1, len(moves) + 1)
        if judging and len(game.legal_moves(states[i - 1], acting[i - 1])) > 1
    )
    return (
        Review(points=points, verdicts=verdicts),
        charted - started,
        time.process_time() - charted,
    )


# compare's figures that are lists of values, summed up over the games at the end.
LISTS = ("spreads", "noise_z", "chart_differences")


def compare(first: Review, second: Review, seats: Sequence[str]) -> dict[str, Any]:
    """How far two reviews of the same game agree (see the module docstring)."""
    found: dict[str, Any] = {
        "same_costliest": [0, 0],
        "costliest_in_other_costly": [0, 0],
        "top3_shared": [0, 0],
        "spreads": [],
        "costly_flags_differ": 0,
        "preferred_differs": 0,
        "noise_z": [],
        "chart_differences": [],
    }
    # The last point is the result, the same in both: not an estimate.
    for one_point, other_point in zip(first.points[:-1], second.points[:-1], strict=True):
        for seat, chance in one_point.chances.items():
            found["chart_differences"].append(chance - other_point.chances[seat])
    by_seq = [{v.seq: v for v in review.verdicts} for review in (first, second)]
    for seq, one in by_seq[0].items():
        other = by_seq[1][seq]
        found["costly_flags_differ"] += one.costly != other.costly
        found["preferred_differs"] += one.preferred != other.preferred
        error = math.hypot(one.error, other.error)
        if one.preferred == other.preferred != one.made and 0 < error < math.inf:
            found["noise_z"].append((one.win_gap - other.win_gap) / error)
    for seat in seats:
        tops = [review.costliest(seat, 3) for review in (first, second)]
        costly = [
            {v.seq for v in review.verdicts if v.seat == seat and v.costly}
            for review in (first, second)
        ]
        heads = [top[0].seq if top else None for top in tops]
        found["same_costliest"][0] += heads[0] == heads[1]
        found["same_costliest"][1] += 1
        for mine, theirs in ((0, 1), (1, 0)):
            head = heads[mine]
            if head is None:
                continue
            found["costliest_in_other_costly"][0] += head in costly[theirs]
            found["costliest_in_other_costly"][1] += 1
            gaps = [_gap(by_seq[k][head]) for k in (mine, theirs)]
            found["spreads"].append(abs(gaps[0] - gaps[1]))
        found["top3_shared"][0] += len({v.seq for v in tops[0]} & {v.seq for v in tops[1]})
        found["top3_shared"][1] += max(len(tops[0]), len(tops[1]))
    return found


def _gap(verdict: Any) -> float:
    return verdict.win_gap if verdict.worlds else 0.0


def measure(
    game: Game[Any, Any, Any],
    seeds: list[int],
    budget: ReviewBudget,
    single: bool,
    chart: bool,
    verdicts: bool,
    out: Any,
) -> dict[str, Any]:
    cpu: list[float] = []
    chart_cpu: list[float] = []
    judged_counts: list[int] = []
    costly = 0
    totals: dict[str, Any] = {}
    for seed in seeds:
        played = played_game(game, seed)
        reviews = []
        for review_seed in (f"a{seed}", f"b{seed}")[: 1 if single else 2]:
            review, charting, judging = timed_review(
                game, played, budget, review_seed, chart, verdicts
            )
            reviews.append(review)
            cpu.append(charting + judging)
            chart_cpu.append(charting)
            if out is not None:
                for verdict in review.verdicts:
                    row = {"game": game.id, "seed": seed, "review": review_seed}
                    out.write(json.dumps({**row, **verdict.model_dump()}) + "\n")
                out.flush()
        judged_counts.append(len(reviews[0].verdicts))
        costly += sum(v.costly for v in reviews[0].verdicts)
        line = {"game": game.id, "seed": seed, "decisions": len(played[2]), "cpu": cpu[-2:]}
        if single:
            print(json.dumps(line), flush=True)
            continue
        found = compare(reviews[0], reviews[1], game.players(played[0][0]))
        for key, value in found.items():
            if isinstance(value, list) and key not in LISTS:
                totals.setdefault(key, [0, 0])
                totals[key] = [totals[key][0] + value[0], totals[key][1] + value[1]]
            elif key in LISTS:
                totals.setdefault(key, []).extend(value)
            else:
                totals[key] = totals.get(key, 0) + value
        heads = {
            seat: [top[0].seq if top else None for top in (r.costliest(seat, 1) for r in reviews)]
            for seat in game.players(played[0][0])
        }
        # One line per game as it is done, so a run cut short still reports what it measured.
        print(json.dumps({**line, "costliest": heads, **found}), flush=True)
    figures: dict[str, Any] = {
        "game": game.id,
        "games": len(seeds),
        "decisions_per_game": sum(judged_counts) / len(judged_counts),
        "cpu_seconds_per_review": {
            "mean": round(sum(cpu) / len(cpu), 2),
            "max": round(max(cpu), 2),
        },
        "chart_cpu_seconds": round(sum(chart_cpu) / len(chart_cpu), 2),
        "costly_per_game": costly / len(seeds),
    }
    if totals:
        spreads = totals.pop("spreads")
        noise = totals.pop("noise_z")
        differences = totals.pop("chart_differences")
        for key, value in totals.items():
            figures[key] = f"{value[0]}/{value[1]}" if isinstance(value, list) else value
        figures["costliest_cost_spread"] = {
            "mean": round(100 * sum(spreads) / len(spreads), 1) if spreads else None,
            "max": round(100 * max(spreads), 1) if spreads else None,
        }
        if differences:  # a point's own noise: the two reviews' points differ by it times √2
            square = sum(d * d for d in differences) / len(differences)
            figures["chart_point_noise"] = round(100 * math.sqrt(square / 2), 1)
        figures["noise_check"] = {
            "pairs": len(noise),
            "spread": round(statistics.stdev(noise), 2) if len(noise) > 1 else None,
            "beyond_2": sum(abs(z) > 2 for z in noise),
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="a game id (default: every strong one)")
    parser.add_argument("--games", type=int, default=3, help="games per game id")
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--single", action="store_true", help="one review a game: CPU only")
    parser.add_argument("--no-chart", action="store_true", help="the verdicts alone")
    parser.add_argument("--no-verdicts", action="store_true", help="the chart alone")
    parser.add_argument("--out", help="write every verdict to this file (JSON lines)")
    defaults = ReviewBudget()
    knobs = [f for f in dataclasses.fields(ReviewBudget) if f.type in ("int", "float", "bool")]
    for field in knobs:
        flag = f"--{field.name.replace('_', '-')}"
        default = getattr(defaults, field.name)
        if field.type == "bool":  # --screen-to-end / --no-screen-to-end
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=default)
        else:
            parser.add_argument(flag, type=int if field.type == "int" else float, default=default)
    args = parser.parse_args()
    budget = dataclasses.replace(defaults, **{f.name: getattr(args, f.name) for f in knobs})
    chosen = args.game or [
        g.id for g in games.builtins() if "strong" in {k.key for k in g.ai_kinds()}
    ]
    seeds = list(range(args.first_seed, args.first_seed + args.games))
    machine = {"cpu_count": os.cpu_count(), "python": platform.python_version()}
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    for game_id in chosen:
        figures = measure(
            games.get(game_id),
            seeds,
            budget,
            args.single,
            not args.no_chart,
            not args.no_verdicts,
            out,
        )
        budget_shown = {k: v for k, v in dataclasses.asdict(budget).items() if k != "search"}
        print(json.dumps({**figures, "budget": budget_shown, "machine": machine}), flush=True)


if __name__ == "__main__":
    main()
