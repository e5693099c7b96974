"""AI-vs-AI games in bulk: `python -m bot simulate`, reproducible from one seed, in several processes."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

import games
from bot.service.players import choose_move
from games.base import Game

# A game that has not ended after this many moves is broken; say so instead of looping forever.
MAX_MOVES = 20_000
# Games handed to a worker process at once: small enough for a smooth progress bar.
CHUNK = 20
Z95 = 1.959964


class SimulationError(ValueError):
    """Arguments `simulate` cannot run with; the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished AI game: each seat's rank and score, and how many moves it took."""

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    moves: int


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """A seat's results over all games: wins (a shared first place counts), rate and its 95 % CI."""

    seat: int
    kind: str
    wins: int
    games: int
    win_rate: float
    ci_low: float
    ci_high: float
    average_score: float
    average_rank: float


@dataclass(frozen=True, slots=True)
class Report:
    """What `simulate` prints: per seat, per AI kind, game length and speed."""

    game: str
    players: int
    games: int
    seed: int
    jobs: int
    ai: tuple[str, ...]
    seats: tuple[SeatFigures, ...]
    kinds: tuple[SeatFigures, ...]
    average_moves: float
    seconds: float
    games_per_second: float
    ties: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound near 0 and 1, unlike p ± z·se."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def check_arguments(
    game_id: str, players: int, games_count: int, ai: Sequence[str]
) -> Game[Any, Any, Any]:
    """The game, once the arguments make sense for it; SimulationError saying what is wrong."""
    try:
        game = games.get(game_id)
    except KeyError:
        known = ", ".join(g.id for g in games.all())
        raise SimulationError(f"No game {game_id!r}; there are: {known}.") from None
    if not game.min_players <= players <= game.max_players:
        raise SimulationError(
            f"{game.id} takes {game.min_players}–{game.max_players} players, not {players}."
        )
    if games_count < 1:
        raise SimulationError("games: must be at least 1.")
    if len(ai) != players:
        raise SimulationError(f"ai: give one kind per seat ({players}), got {len(ai)}.")
    kinds = [k.key for k in game.ai_kinds()]
    for kind in ai:
        if kind not in kinds:
            raise SimulationError(f"No AI {kind!r} for {game.id}; there are: {', '.join(kinds)}.")
    return game


def play_one(game_id: str, ai: Sequence[str], seed: int) -> GameResult:
    """One AI game from `seed`: the game's shuffle and every AI's choices follow from it."""
    game = games.get(game_id)
    seats = [f"s{i}" for i in range(len(ai))]
    kind_of = dict(zip(seats, ai, strict=True))
    state = game.new(seats, seed=seed)
    moves = 0
    while (outcome := game.outcome(state)) is None:
        if moves >= MAX_MOVES:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_MOVES} moves")
        for seat in sorted(game.to_act(state)):
            rng = random.Random(f"{seed}:{moves}:{seat}")
            state = game.apply(state, seat, choose_move(game, state, seat, kind_of[seat], rng))
            moves += 1
            if game.outcome(state) is not None:
                break
    place = {s.seat: s for s in outcome.standings}
    return GameResult(
        ranks=tuple(place[s].rank for s in seats),
        scores=tuple(place[s].score for s in seats),
        moves=moves,
    )


def _play_chunk(game_id: str, ai: tuple[str, ...], seeds: Sequence[int]) -> list[GameResult]:
    return [play_one(game_id, ai, seed) for seed in seeds]


def game_seeds(seed: int, count: int) -> list[int]:
    """The seeds of the games of one run: fixed by `seed` alone, whatever the number of jobs."""
    source = random.Random(f"simulate:{seed}")
    return [source.randrange(2**31) for _ in range(count)]


def _chunks(items: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def run(
    game_id: str,
    players: int,
    games_count: int,
    ai: Sequence[str],
    *,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Play the games (in `jobs` processes) and sum them up; `progress(n)` after every n games."""
    check_arguments(game_id, players, games_count, ai)
    ai = tuple(ai)
    seeds = game_seeds(seed, games_count)
    started = time.perf_counter()
    results: list[GameResult] = []
    if jobs <= 1:
        for chunk in _chunks(seeds, CHUNK):
            results.extend(_play_chunk(game_id, ai, chunk))
            if progress:
                progress(len(chunk))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            # map keeps the order of the chunks, so the results do not depend on the jobs.
            futures = [pool.submit(_play_chunk, game_id, ai, c) for c in _chunks(seeds, CHUNK)]
            for future in futures:
                chunk_results = future.result()
                results.extend(chunk_results)
                if progress:
                    progress(len(chunk_results))
    seconds = time.perf_counter() - started
    return summarise(game_id, ai, results, seed=seed, jobs=jobs, seconds=seconds)


def summarise(
    game_id: str,
    ai: tuple[str, ...],
    results: Sequence[GameResult],
    *,
    seed: int,
    jobs: int,
    seconds: float,
) -> Report:
    """The report of a list of results: per seat, then per AI kind over all its seats."""
    n = len(results)

    def figures(seat: int, kind: str, picks: list[tuple[int, int]]) -> SeatFigures:
        wins = sum(1 for rank, _ in picks if rank == 1)
        low, high = wilson(wins, len(picks))
        return SeatFigures(
            seat=seat,
            kind=kind,
            wins=wins,
            games=len(picks),
            win_rate=wins / len(picks),
            ci_low=low,
            ci_high=high,
            average_score=sum(score for _, score in picks) / len(picks),
            average_rank=sum(rank for rank, _ in picks) / len(picks),
        )

    seats = tuple(
        figures(i + 1, kind, [(r.ranks[i], r.scores[i]) for r in results])
        for i, kind in enumerate(ai)
    )
    kinds = tuple(
        figures(
            0,
            kind,
            [(r.ranks[i], r.scores[i]) for r in results for i, k in enumerate(ai) if k == kind],
        )
        for kind in dict.fromkeys(ai)
    )
    ties = sum(1 for r in results if r.ranks.count(1) > 1)
    return Report(
        game=game_id,
        players=len(ai),
        games=n,
        seed=seed,
        jobs=jobs,
        ai=ai,
        seats=seats,
        kinds=kinds,
        average_moves=sum(r.moves for r in results) / n,
        seconds=round(seconds, 3),
        games_per_second=round(n / seconds, 2) if seconds > 0 else 0.0,
        ties=ties,
    )
