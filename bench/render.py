"""Board render benchmark for every shipped game with a renderer: ms (p50, p95), PNG bytes, floor.

Run: `.venv/bin/python -m bench.render [--positions 50] [--only GAME] [--examples DIR]`.
Positions come from seeded games of random legal moves (the first seat to act moves). Each board
kind (public en, public ja, one seat's private view, the final position) is timed per player
count, next to its floor: a blank canvas of the same size encoded by the same `to_png`, so the
ratio says how much drawing costs above what any image of that size must cost.
It ends with what the render caches hold and their budget.
`--examples DIR` writes `<game>-board-en.png`, `-board-ja.png`, `-private.png`, `-final.png`.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable, Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from PIL import Image

import games
from games.base import Game
from render import render_view
from render.cache import cache_stats, total_budget
from render.kit import PAPER, to_png

SEATS = ("alice", "bob", "chiyo", "dmitri", "emile", "farida", "gustav", "hana")
NAMES = {
    "alice": "Alice",
    "bob": "Bob the Builder",
    "chiyo": "千代子",
    "dmitri": "Dmitri Ivanovich",
    "emile": "Émile",
    "farida": "Farida",
    "gustav": "Gustav",
    "hana": "花子",
}

AnyGame = Game[Any, Any, Any]


# A random game longer than this is taken to be stuck (a bug to report, not a board to draw).
MAX_MOVES = 100_000


def random_game(game: AnyGame, players: int, seed: int) -> Iterator[Any]:
    """Every state of one seeded game in which the first seat to act plays a random legal move."""
    rng = random.Random(seed)
    state = game.new(SEATS[:players], seed=seed)
    yield state
    moves = 0
    while game.outcome(state) is None:
        if moves == MAX_MOVES:
            raise RuntimeError(f"{game.id}: random game {seed} did not end in {MAX_MOVES} moves")
        seat = sorted(game.to_act(state))[0]
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        moves += 1
        yield state


def sample(game: AnyGame, players: int, count: int, finals: int) -> tuple[list[Any], list[Any]]:
    """`count` unfinished positions spread over seeded games, and the final states of those games."""
    positions: list[Any] = []
    ends: list[Any] = []
    seed = 0
    while len(positions) < count or len(ends) < finals:
        seed += 1
        *playing, last = random_game(game, players, seed)
        ends.append(last)
        step = max(1, len(playing) // 10)
        positions.extend(playing[::step][:10])
    return positions[:count], ends[:finals]


def viewer(game: AnyGame, state: Any) -> str:
    """The seat whose private view is drawn: the first to act (who would open "My hand")."""
    acting = sorted(game.to_act(state))
    return acting[0] if acting else game.players(state)[0]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(share * len(ordered)) - 1)]


def floor_ms(size: tuple[int, int], tries: int = 3) -> tuple[float, float]:
    """Wall and CPU ms to make a blank canvas of this size and encode it as the renderers do.

    The fastest of a few tries: noise only ever adds time, so the floor errs on the low side and
    the ratios on the high side.
    """
    walls, cpus = [], []
    for _ in range(tries):
        wall, cpu = time.perf_counter(), time.thread_time()
        to_png(Image.new("RGB", size, PAPER))
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.thread_time() - cpu) * 1000)
    return min(walls), min(cpus)


def measure(draw: Callable[[Any], bytes], views: list[Any]) -> dict[str, Any]:
    """Each view drawn once, then its floor; wall time is what a player waits, CPU time is the
    same work without the noise of other processes on a shared machine."""
    times, cpu_times, sizes, floors, cpu_floors = [], [], [], [], []
    heights = []
    for view in views:
        wall, cpu = time.perf_counter(), time.thread_time()
        data = draw(view)
        times.append((time.perf_counter() - wall) * 1000)
        cpu_times.append((time.thread_time() - cpu) * 1000)
        sizes.append(len(data))
        size = Image.open(BytesIO(data)).size
        heights.append(size[1])
        floor_wall, floor_cpu = floor_ms(size)
        floors.append(floor_wall)
        cpu_floors.append(floor_cpu)
    p50, floor = statistics.median(times), statistics.median(floors)
    cpu_p50, cpu_floor = statistics.median(cpu_times), statistics.median(cpu_floors)
    return {
        "renders": len(views),
        "ms_p50": round(p50, 1),
        "ms_p95": round(percentile(times, 0.95), 1),
        "floor_ms_p50": round(floor, 1),
        "x_floor": round(p50 / floor, 2),
        "cpu_ms_p50": round(cpu_p50, 1),
        "cpu_floor_ms_p50": round(cpu_floor, 1),
        "x_floor_cpu": round(cpu_p50 / cpu_floor, 2),
        "bytes_p50": int(statistics.median(sizes)),
        "bytes_max": max(sizes),
        "height_px_max": max(heights),
    }


def player_counts(game: AnyGame) -> range:
    """From two players (or the minimum, if higher) to the maximum; solo-only games use one."""
    low = max(game.min_players, min(2, game.max_players))
    return range(low, game.max_players + 1)


def bench_game(game: AnyGame, count: int, finals: int) -> dict[str, Any]:
    first_state = next(random_game(game, player_counts(game)[-1], seed=1))
    start = time.perf_counter()
    render_view(game.view(first_state, None), names=NAMES)
    report: dict[str, Any] = {
        "first_render_ms_cold_caches": round((time.perf_counter() - start) * 1000, 1)
    }
    for players in player_counts(game):
        positions, ends = sample(game, players, count, finals)
        public = [game.view(s, None) for s in positions]
        private = [game.view(s, viewer(game, s)) for s in positions]
        report[f"{players}_seats"] = {
            "public_en": measure(lambda v: render_view(v, lang="en", names=NAMES), public),
            "public_ja": measure(lambda v: render_view(v, lang="ja", names=NAMES), public),
            "private_en": measure(lambda v: render_view(v, lang="en", names=NAMES), private),
            "final_en": measure(
                lambda v: render_view(v, lang="en", names=NAMES),
                [game.view(s, None) for s in ends],
            ),
        }
    return report


def write_examples(game: AnyGame, directory: Path) -> list[Path]:
    """A seeded game's position two thirds of the way in (public en/ja, private) and its end."""
    players = min(game.max_players, 4)
    *playing, last = random_game(game, players, seed=12)
    late = next(s for s in playing[len(playing) * 2 // 3 :] if game.to_act(s))
    images = {
        "board-en": render_view(game.view(late, None), lang="en", names=NAMES),
        "board-ja": render_view(game.view(late, None), lang="ja", names=NAMES),
        "private": render_view(game.view(late, viewer(game, late)), lang="en", names=NAMES),
        "final": render_view(game.view(last, None), lang="en", names=NAMES),
    }
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for kind, data in images.items():
        path = directory / f"{game.id}-{kind}.png"
        path.write_bytes(data)
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=50, help="positions per player count")
    parser.add_argument("--finals", type=int, default=20, help="final positions per player count")
    parser.add_argument("--only", help="one game id")
    parser.add_argument("--examples", type=Path, help="also write the example images here")
    args = parser.parse_args()
    chosen = [
        game
        for game in games.builtins()
        if game.renderer and (args.only is None or game.id == args.only)
    ]
    if args.examples is not None:
        for game in chosen:
            write_examples(game, args.examples)
    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine()}
    for game in chosen:
        report[game.id] = bench_game(game, args.positions, args.finals)
    caches = cache_stats()
    report["caches"] = {
        "held_bytes": sum(c["bytes"] for c in caches.values()),
        "budget_bytes": total_budget(),
        "hit_rate": {
            name: round(c["hits"] / max(1, c["hits"] + c["misses"]), 3)
            for name, c in caches.items()
        },
        "held_bytes_by_cache": {name: c["bytes"] for name, c in caches.items()},
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
