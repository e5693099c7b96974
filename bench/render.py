"""Board render benchmark: milliseconds per PNG (p50, p95) and PNG bytes, printed as JSON.

Run: `.venv/bin/python -m bench.render [--positions 50]`; `--examples docs` also writes the
example images of docs/ (the same seeded positions every time).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

import games
from render import render_view

GAME = games.get("stpetersburg")
SEATS = ("alice", "bob", "chiyo", "dmitri")
NAMES = {"alice": "Alice", "bob": "Bob", "chiyo": "千代子", "dmitri": "Dmitri Ivanovich"}


def random_game(players: int, seed: int) -> list[Any]:
    """Every state of one seeded game of random legal moves (buying favoured, as people do)."""
    rng = random.Random(seed)
    state = GAME.new(SEATS[:players], seed=seed)
    states = [state]
    while not state.finished:
        seat = rng.choice(sorted(GAME.to_act(state)))
        moves = GAME.legal_moves(state, seat)
        buys = [m for m in moves if m.kind in ("buy", "play", "drawn")]
        move = rng.choice(buys) if buys and rng.random() < 0.6 else rng.choice(moves)
        state = GAME.apply(state, seat, move)
        states.append(state)
    return states


def positions(players: int, count: int) -> list[Any]:
    """`count` unfinished positions spread evenly over several seeded games."""
    chosen: list[Any] = []
    seed = 0
    while len(chosen) < count:
        seed += 1
        states = [s for s in random_game(players, seed) if not s.finished]
        step = max(1, len(states) // 10)
        chosen.extend(states[::step][:10])
    return chosen[:count]


def measure(views: list[Any], lang: str) -> dict[str, Any]:
    times, sizes = [], []
    for view in views:
        start = time.perf_counter()
        data = render_view(view, lang=lang, names=NAMES)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data))
    times.sort()
    return {
        "renders": len(views),
        "ms_p50": round(statistics.median(times), 1),
        "ms_p95": round(times[max(0, round(0.95 * len(times)) - 1)], 1),
        "bytes_p50": int(statistics.median(sizes)),
        "bytes_max": max(sizes),
    }


def write_examples(directory: Path) -> None:
    """The example images in docs/: a late position of a seeded 4-player game, and its end."""
    states = random_game(4, seed=12)
    late = next(s for s in states if s.round >= 4 and s.phase == "buildings" and s.pending is None)
    viewer = sorted(GAME.to_act(late))[0]
    images = {
        "stpetersburg-board-en.png": render_view(GAME.view(late, None), names=NAMES),
        "stpetersburg-board-ja.png": render_view(GAME.view(late, None), lang="ja", names=NAMES),
        "stpetersburg-private.png": render_view(GAME.view(late, viewer), names=NAMES),
        "stpetersburg-final.png": render_view(GAME.view(states[-1], None), names=NAMES),
    }
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in images.items():
        (directory / name).write_bytes(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--examples", type=Path, help="also write the example images here")
    args = parser.parse_args()
    if args.examples is not None:
        write_examples(args.examples)
    start = time.perf_counter()
    first = render_view(GAME.view(positions(4, 1)[0], None), names=NAMES)
    report: dict[str, Any] = {
        "game": "stpetersburg",
        "first_render_ms_cold_caches": round((time.perf_counter() - start) * 1000, 1),
        "first_render_bytes": len(first),
    }
    for players in (2, 4):
        states = positions(players, args.positions)
        public = [GAME.view(s, None) for s in states]
        private = [GAME.view(s, sorted(GAME.to_act(s))[0]) for s in states]
        for lang in ("en", "ja"):
            report[f"{players}_seats_public_{lang}"] = measure(public, lang)
        report[f"{players}_seats_private_en"] = measure(private, "en")
    finals = [GAME.view(random_game(4, seed)[-1], None) for seed in range(1, 11)]
    report["4_seats_final_scores_en"] = measure(finals, "en")
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
