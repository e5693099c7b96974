"""AI-vs-AI games in bulk: `python -m bot simulate`, reproducible from one seed, in several processes.

Slow AI kinds (the `strong` search) think under a per-move `Budget` (seconds or playouts) through
the bot's own `thinking.Thinker`: the same spawned worker pool, worker function, hard timeout and
fallback a table gets (greedy moves if the worker fails or runs late; the figures count those
moves). Each kind's figures include its mean CPU seconds per move (the worker's) and wall-clock
seconds, so a benchmark of an AI's strength at a budget is one `simulate` run (`bench/ai.py`
runs it with the search's knobs).
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import multiprocessing.util
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import games
from bot.service import thinking
from bot.service.players import choose_move, player_for
from games.adapters import AiPlayer
from games.base import Game

# A game that has not ended after this many moves is broken; say so instead of looping forever.
MAX_MOVES = 20_000
# Games handed to a worker process at once: small enough for a smooth progress bar.
CHUNK = 20
Z95 = 1.959964


class SimulationError(ValueError):
    """Arguments `simulate` cannot run with; the message says what is allowed (en and ja)."""

    def __init__(self, en: str, ja: str) -> None:
        super().__init__(en)
        self.texts = {"en": en, "ja": ja}

    def text(self, lang: str) -> str:
        return self.texts.get(lang, self.texts["en"])


@dataclass(frozen=True, slots=True)
class Budget:
    """The per-move budget of the slow AI kinds: seconds or playouts (iterations); neither: the
    bot's default, 1 s. With playouts, they alone bound the search (it repeats exactly under a
    seed) and `seconds`, if given, only the wait for it, as the bot's `ai_seconds` does: a move
    not answered within seconds + the bot's margin is greedy's. `knobs` are further keywords for
    a slow kind's `make` (the search's settings, for benchmarks)."""

    seconds: float | None = None
    iterations: int | None = None
    knobs: tuple[tuple[str, Any], ...] = ()

    def thinking(self) -> thinking.ThinkingSettings:
        """The settings of the `Thinker` the games' slow kinds think through: the bot's own,
        with this budget."""
        default = thinking.ThinkingSettings()
        return replace(
            default,
            seconds=default.seconds if self.seconds is None else self.seconds,
            iterations=self.iterations,
            knobs=self.knobs,
        )

    def player(self, game: Game[Any, Any, Any], kind: str) -> AiPlayer:
        """A fresh AI of a slow `kind` under this budget."""
        make: Any = next(k.make for k in game.ai_kinds() if k.key == kind)
        settings = self.thinking()
        seconds = None if self.iterations is not None else settings.seconds
        player: AiPlayer = make(seconds=seconds, iterations=self.iterations, **dict(self.knobs))
        return player

    def as_json(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "iterations": self.iterations, **dict(self.knobs)}


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished AI game: each seat's AI kind, rank and score, and how many moves it took;
    per seat, its moves and the seconds (wall clock, CPU) and playouts it spent on them."""

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    moves: int
    kinds: tuple[str, ...] = ()
    seat_moves: tuple[int, ...] = field(default=(), compare=False)
    wall: tuple[float, ...] = field(default=(), compare=False)
    cpu: tuple[float, ...] = field(default=(), compare=False)
    playouts: tuple[int | None, ...] = field(default=(), compare=False)
    fallbacks: tuple[int, ...] = ()  # a slow seat's moves that greedy made instead (failed, late)


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
    moves: int = 0
    playouts_per_move: float | None = None
    fallbacks: int = 0  # moves greedy made instead of a slow kind whose worker failed or ran late
    # Timings differ from run to run; the figures above are the same under the same seed.
    seconds_per_move: float = field(default=0.0, compare=False)
    cpu_seconds_per_move: float = field(default=0.0, compare=False)


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
    games_asked: int = 0
    rotate: bool = False
    budget: dict[str, Any] = field(default_factory=dict)
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
    game_id: str, players: int, games_count: int, ai: Sequence[str], budget: Budget | None = None
) -> Game[Any, Any, Any]:
    """The game, once the arguments make sense for it; SimulationError saying what is wrong."""
    try:
        game = games.get(game_id)
    except KeyError:
        known = ", ".join(g.id for g in games.all())
        raise SimulationError(
            f"No game {game_id!r}; there are: {known}.",
            f"「{game_id}」というゲームはありません。あるもの: {known}",
        ) from None
    if not game.min_players <= players <= game.max_players:
        span = f"{game.min_players}–{game.max_players}"
        raise SimulationError(
            f"{game.id} takes {span} players, not {players}.",
            f"{game.id}は{span}人用です（{players}人は不可）。",
        )
    if games_count < 1:
        raise SimulationError("games: must be at least 1.", "games: 1以上にしてください。")
    if len(ai) != players:
        raise SimulationError(
            f"ai: give one kind per seat ({players}), got {len(ai)}.",
            f"ai: 席ごとに1つずつ（{players}個）指定してください（{len(ai)}個でした）。",
        )
    kinds = [k.key for k in game.ai_kinds()]
    for kind in ai:
        if kind not in kinds:
            listed = ", ".join(kinds)
            raise SimulationError(
                f"No AI {kind!r} for {game.id}; there are: {listed}.",
                f"{game.id}に「{kind}」というAIはありません。あるもの: {listed}",
            )
    if budget is not None:
        check_budget(budget)
    return game


def check_budget(budget: Budget) -> None:
    """SimulationError unless the budget's playouts are a positive count and its seconds positive."""
    if budget.iterations is not None and budget.iterations < 1:
        raise SimulationError(
            "iterations: give a whole number of playouts per move, at least 1.",
            "iterations: 1手あたりのプレイアウト数を1以上の整数で指定してください。",
        )
    if budget.seconds is not None and not 0 < budget.seconds <= 3600:
        raise SimulationError(
            "seconds: give the seconds per move, more than 0 and at most 3600.",
            "seconds: 1手あたりの秒数を0より大きく3600以下で指定してください。",
        )


def rotated(ai: Sequence[str], index: int, rotate: bool) -> tuple[str, ...]:
    """The kinds per seat of the run's `index`-th game: with `rotate`, shifted one seat a game,
    so that every kind plays every seat equally often."""
    shift = index % len(ai) if rotate else 0
    return tuple(ai[shift:]) + tuple(ai[:shift])


def play_one(
    game_id: str,
    ai: Sequence[str],
    seed: int,
    budget: Budget | None = None,
    thinker: thinking.Thinker | None = None,
) -> GameResult:
    """One AI game from `seed`: the game's shuffle and every AI's choices follow from it. Slow
    kinds think through `thinker` (one on `budget` is made for the game if none is given)."""
    game = games.get(game_id)
    budget = budget or Budget()
    seats = [f"s{i}" for i in range(len(ai))]
    kind_of = dict(zip(seats, ai, strict=True))
    slow = {k.key for k in game.ai_kinds() if k.slow}
    players: dict[str, AiPlayer] = {
        kind: player_for(game, kind) for kind in dict.fromkeys(ai) if kind not in slow
    }
    used = dict.fromkeys(seats, 0)
    wall = dict.fromkeys(seats, 0.0)
    cpu = dict.fromkeys(seats, 0.0)
    playouts = dict.fromkeys(seats, 0)
    fallbacks = dict.fromkeys(seats, 0)
    own = thinker is None and bool(slow & set(ai))
    if own:
        thinker = thinking.Thinker(budget.thinking())
    state = game.new(seats, seed=seed)
    moves = 0
    try:
        while (outcome := game.outcome(state)) is None:
            if moves >= MAX_MOVES:
                raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_MOVES} moves")
            for seat in sorted(game.to_act(state)):
                dice = f"{seed}:{moves}:{seat}"
                kind = kind_of[seat]
                started, cpu_started = time.perf_counter(), time.process_time()
                if kind in slow:
                    assert thinker is not None
                    thought = asyncio.run(thinker.think(game, state, None, seat, kind, dice))
                    move = thought.move
                    playouts[seat] += thought.playouts
                    fallbacks[seat] += thought.fallback is not None
                    # The search ran in the pool's worker: its CPU seconds are the worker's.
                    cpu[seat] += thought.cpu
                else:
                    move = choose_move(game, state, seat, kind, random.Random(dice), players[kind])
                    cpu[seat] += time.process_time() - cpu_started
                wall[seat] += time.perf_counter() - started
                used[seat] += 1
                state = game.apply(state, seat, move)
                moves += 1
                if game.outcome(state) is not None:
                    break
    finally:
        if own and thinker is not None:
            thinker.close()
    place = {s.seat: s for s in outcome.standings}
    return GameResult(
        ranks=tuple(place[s].rank for s in seats),
        scores=tuple(place[s].score for s in seats),
        moves=moves,
        kinds=tuple(ai),
        seat_moves=tuple(used[s] for s in seats),
        wall=tuple(wall[s] for s in seats),
        cpu=tuple(cpu[s] for s in seats),
        playouts=tuple(playouts[s] if kind_of[s] in slow else None for s in seats),
        fallbacks=tuple(fallbacks[s] for s in seats),
    )


Task = tuple[int, int]  # a game's place in the run and its seed

# A `simulate` worker process's own Thinker (its pool of one thinking worker), kept for the run.
_THINKERS: dict[Budget, thinking.Thinker] = {}


def _thinker(budget: Budget) -> thinking.Thinker:
    """This process's Thinker on `budget`, started and warmed up (the games imported) before its
    first move, so that the import does not count against that move's timeout."""
    if budget not in _THINKERS:
        thinker = thinking.Thinker(budget.thinking())
        thinker.start().result()
        _THINKERS[budget] = thinker
        # A process pool's worker, on its way out, waits for its own children to end: the
        # thinking pool must be told to end first (finalizers of priority >= 0 run before).
        multiprocessing.util.Finalize(
            thinker, thinker.close, kwargs={"wait": True}, exitpriority=10
        )
    return _THINKERS[budget]


def _play_chunk(
    game_id: str,
    ai: tuple[str, ...],
    tasks: Sequence[Task],
    rotate: bool,
    budget: Budget,
    thinker: thinking.Thinker | None = None,
) -> list[tuple[int, GameResult]]:
    game = games.get(game_id)
    if thinker is None and any(k.slow and k.key in ai for k in game.ai_kinds()):
        thinker = _thinker(budget)
    return [
        (index, play_one(game_id, rotated(ai, index, rotate), seed, budget, thinker))
        for index, seed in tasks
    ]


def game_seeds(seed: int, count: int) -> list[int]:
    """The seeds of the games of one run: fixed by `seed` alone, whatever the number of jobs."""
    source = random.Random(f"simulate:{seed}")
    return [source.randrange(2**31) for _ in range(count)]


def _chunks(items: Sequence[Task], size: int) -> Iterator[Sequence[Task]]:
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
    rotate: bool = False,
    budget: Budget | None = None,
    minutes: float | None = None,
    progress: Callable[[int], None] | None = None,
    thinker: thinking.Thinker | None = None,
) -> Report:
    """Play the games (in `jobs` processes) and sum them up; `progress(n)` after every n games.
    With `minutes`, the games finished by then are reported and the others dropped. Slow kinds
    think through a `Thinker` on `budget` in each process (or through `thinker`, with one job:
    tests give one on a thread pool)."""
    game = check_arguments(game_id, players, games_count, ai, budget)
    if minutes is not None and minutes <= 0:
        raise SimulationError("minutes: must be more than 0.", "minutes: 0より大きくしてください。")
    ai = tuple(ai)
    budget = budget or Budget()
    tasks = list(enumerate(game_seeds(seed, games_count)))
    # Slow kinds take seconds a game: one game a chunk keeps the progress and `minutes` fine.
    size = 1 if any(k.slow and k.key in ai for k in game.ai_kinds()) else CHUNK
    started = time.perf_counter()
    stop = None if minutes is None else started + 60 * minutes
    finished: list[tuple[int, GameResult]] = []
    if jobs <= 1:
        own = thinker is None and size == 1
        if own:
            thinker = thinking.Thinker(budget.thinking())
            thinker.start().result()
        try:
            for chunk in _chunks(tasks, size):
                if stop is not None and time.perf_counter() >= stop:
                    break
                finished.extend(_play_chunk(game_id, ai, chunk, rotate, budget, thinker))
                if progress:
                    progress(len(chunk))
        finally:
            if own and thinker is not None:
                thinker.close()
    else:
        # Spawned, like the bot's thinking pool: a worker starts from a fresh interpreter.
        spawn = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=spawn)
        pending: set[Future[list[tuple[int, GameResult]]]] = {
            pool.submit(_play_chunk, game_id, ai, chunk, rotate, budget)
            for chunk in _chunks(tasks, size)
        }
        try:
            while pending:
                timeout = None if stop is None else max(0.0, stop - time.perf_counter())
                done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
                for future in done:
                    finished.extend(future.result())
                    if progress:
                        progress(len(future.result()))
                if stop is not None and time.perf_counter() >= stop:
                    break
        finally:
            if pending:  # cut by `minutes` (or failed): games still running would be dropped
                thinking.kill_pool(pool)  # so they are ended now rather than waited for
            else:
                pool.shutdown()
    if not finished:
        raise SimulationError(
            "No game finished in the minutes given.", "指定の時間内に終わったゲームがありません。"
        )
    # In the order of the run, so the figures do not depend on the jobs.
    results = [result for _, result in sorted(finished, key=lambda pair: pair[0])]
    report = summarise(
        game_id, ai, results, seed=seed, jobs=jobs, seconds=time.perf_counter() - started
    )
    return replace(
        report,
        games_asked=games_count,
        rotate=rotate,
        budget=budget.as_json(),
        extra=_settings_used(game, ai, budget),
    )


def _settings_used(game: Game[Any, Any, Any], ai: Sequence[str], budget: Budget) -> dict[str, Any]:
    """The settings each slow kind searched with, when its player can tell (`settings_for`)."""
    used = {}
    for kind in dict.fromkeys(ai):
        if any(k.key == kind and k.slow for k in game.ai_kinds()):
            settings_for = getattr(budget.player(game, kind), "settings_for", None)
            if settings_for is not None:
                used[kind] = dict(vars(settings_for(game, len(ai))))
    return {"settings": used} if used else {}


def summarise(
    game_id: str,
    ai: tuple[str, ...],
    results: Sequence[GameResult],
    *,
    seed: int,
    jobs: int,
    seconds: float,
) -> Report:
    """The report of a list of results: per seat, then per AI kind over all its seats (with
    rotation a seat's row names every kind that sat there)."""
    n = len(results)

    def figures(seat: int, kind: str, picks: list[tuple[GameResult, int]]) -> SeatFigures:
        wins = sum(1 for r, i in picks if r.ranks[i] == 1)
        low, high = wilson(wins, len(picks))
        moves = sum(r.seat_moves[i] for r, i in picks if r.seat_moves)
        playouts = [r.playouts[i] for r, i in picks if r.playouts]
        counted = [p for p in playouts if p is not None]
        return SeatFigures(
            seat=seat,
            kind=kind,
            wins=wins,
            games=len(picks),
            win_rate=wins / len(picks),
            ci_low=low,
            ci_high=high,
            average_score=sum(r.scores[i] for r, i in picks) / len(picks),
            average_rank=sum(r.ranks[i] for r, i in picks) / len(picks),
            moves=moves,
            seconds_per_move=sum(r.wall[i] for r, i in picks if r.wall) / max(1, moves),
            cpu_seconds_per_move=sum(r.cpu[i] for r, i in picks if r.cpu) / max(1, moves),
            playouts_per_move=sum(counted) / max(1, moves) if counted else None,
            fallbacks=sum(r.fallbacks[i] for r, i in picks if r.fallbacks),
        )

    def kinds_at(i: int) -> str:
        return "/".join(dict.fromkeys(r.kinds[i] if r.kinds else ai[i] for r in results))

    def kind_of(r: GameResult, i: int) -> str:
        return r.kinds[i] if r.kinds else ai[i]

    seats = tuple(figures(i + 1, kinds_at(i), [(r, i) for r in results]) for i in range(len(ai)))
    kinds = tuple(
        figures(
            0,
            kind,
            [(r, i) for r in results for i in range(len(ai)) if kind_of(r, i) == kind],
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
        games_asked=n,
    )
