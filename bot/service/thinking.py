"""Thinking off the event loop: slow AI kinds choose their moves in a process pool, on a budget.

A kind the game marks `slow` (the search AI, `strong`) runs in a `ProcessPoolExecutor` (spawn
start method: the worker gets only the game id, the state JSON, the seat, the kind, a seed and
the budget, and answers with the move's English notation). The event loop awaits it with a hard
timeout (budget + margin); a worker that fails, times out or answers nonsense is logged in one
line and the game's greedy AI moves instead, so a table never stalls; after a crash or a timeout
the pool is replaced (its workers killed), so a wedged worker cannot slow every later move. Cheap kinds (random,
greedy) choose inline. The seed comes from the table's seed and move number, so with an
iteration budget a replay makes the same AI moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from bot.service.players import choose_move
from games.base import Game

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class ThinkingSettings:
    """The per-move budget of slow AI kinds and the pool they think in (from config).

    `seconds` bounds each move's search; `iterations`, when set, bounds it by playouts instead
    (repeatable under a seed). The event loop waits `seconds + margin` at most.
    """

    seconds: float = 1.0
    iterations: int | None = None
    margin: float = 5.0
    workers: int = 1
    takeover_kind: str = "greedy"  # moves for an absent player (reminders' takeover)
    # The search's own settings for a benchmark (`simulate`, `bench.ai`); a table has none.
    knobs: tuple[tuple[str, Any], ...] = ()

    @property
    def timeout(self) -> float:
        return self.seconds + self.margin


def is_slow(game: Game[Any, Any, Any], kind: str) -> bool:
    """Whether the game marks this AI kind as one that thinks in the pool."""
    return any(k.key == kind and k.slow for k in game.ai_kinds())


@dataclass(frozen=True)
class Thought:
    """A slow AI's move and what it cost: the search's playouts and the worker's CPU seconds
    (none when greedy moved instead; `fallback` then says why)."""

    move: BaseModel
    playouts: int = 0
    cpu: float = 0.0
    fallback: str | None = None


def think(
    game_id: str,
    state_json: str,
    seat: str,
    kind: str,
    seed: str,
    seconds: float | None,
    iterations: int | None,
    knobs: tuple[tuple[str, Any], ...] = (),
) -> tuple[str, int, float]:
    """In the worker: the move of AI `kind` for `seat` as English notation, the playouts its
    search played and the CPU seconds it took (`simulate` reports both). `knobs` are the
    search's settings for a benchmark."""
    started = time.process_time()
    import games

    game = games.get(game_id)
    make: Any = next(k.make for k in game.ai_kinds() if k.key == kind)
    player = make(seconds=seconds, iterations=iterations, **dict(knobs))
    state = game.load(state_json)
    move = player.choose(game, state, seat, random.Random(seed))
    notation = game.format(move, lang="en")
    return notation, getattr(player, "playouts", 0), time.process_time() - started


def _end_with_parent(parent: int) -> None:
    """In a worker, at its start: end as soon as the bot process has ended, however it ended.

    A SIGKILL of the bot runs none of its clean-up, so the worker watches for itself: once its
    parent is gone it is adopted by another process (its parent id changes), and it exits. The
    multiprocessing resource tracker then ends too: it exits when the last process holding its
    pipe (the bot and these workers) has gone.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _warm_up() -> int:
    """Import the games in a fresh worker, so the first real move does not pay for it."""
    import games

    return len(games.all())


def kill_pool(executor: ProcessPoolExecutor) -> None:
    """End a process pool now: its workers are killed (a shutdown alone would wait for a wedged
    or still-working one) and its queued work dropped."""
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        with contextlib.suppress(OSError, ValueError):
            process.kill()  # SIGKILL: ends a stopped process too
    executor.shutdown(wait=False, cancel_futures=True)


class Thinker:
    """Chooses AI moves: slow kinds in the process pool, the others inline."""

    def __init__(
        self, settings: ThinkingSettings | None = None, executor: Executor | None = None
    ) -> None:
        self.settings = settings or ThinkingSettings()
        self._executor = executor
        self._owned = executor is None

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.settings.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_end_with_parent,
                initargs=(os.getpid(),),
            )
        return self._executor

    def takeover_kind(self, game: Game[Any, Any, Any]) -> str:
        """The kind that moves for an absent player: the configured one where the game offers
        it, greedy otherwise."""
        kind = self.settings.takeover_kind
        return kind if any(k.key == kind for k in game.ai_kinds()) else "greedy"

    def start(self) -> Future[int]:
        """Start the workers now (the bot calls this at start-up; tests need not); done once a
        worker has imported the games."""
        return self._pool().submit(_warm_up)

    def close(self, wait: bool = False) -> None:
        """Stop the pool (with `wait`, until its workers have ended)."""
        if self._executor is not None and self._owned:
            self._executor.shutdown(wait=wait, cancel_futures=True)
            self._executor = None

    def _replace_pool(self) -> None:
        """Drop the pool after a worker died or overran its time: a wedged or still-searching
        worker is killed (a shutdown alone would wait for it), and the next move starts a fresh
        pool. Moves of other tables in the dropped pool fall back to greedy."""
        executor, self._executor = self._executor, None
        if isinstance(executor, ProcessPoolExecutor):
            kill_pool(executor)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in the pool: slow work other than a move (a review's parts). A
        function given here must be importable by the workers (a module-level function)."""
        try:
            return await asyncio.wrap_future(self._pool().submit(function, *args))
        except BrokenProcessPool:
            if self._owned:
                self._replace_pool()  # a worker died: the next call gets a fresh pool
            raise

    async def choose(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        state_json: str | None,
        seat: str,
        kind: str,
        seed: str,
    ) -> BaseModel:
        """The move of the AI `kind` for `seat`; greedy if a slow kind fails or runs out of time."""
        if not is_slow(game, kind):
            return choose_move(game, state, seat, kind, random.Random(seed))
        return (await self.think(game, state, state_json, seat, kind, seed)).move

    async def think(
        self,
        game: Game[Any, Any, Any],
        state: Any,
        state_json: str | None,
        seat: str,
        kind: str,
        seed: str,
    ) -> Thought:
        """A slow kind's move from the pool, on the settings' budget and under their hard timeout,
        with its playouts and CPU seconds; greedy's move if the worker fails, runs late or
        answers nonsense."""
        if state_json is None:  # moves made in this call are not written yet: no JSON kept
            state_json = state.model_dump_json()
        settings = self.settings
        # A playout budget alone bounds the search, so that it repeats exactly under a seed.
        seconds = None if settings.iterations is not None else settings.seconds
        try:
            future = self._pool().submit(
                think,
                game.id,
                state_json,
                seat,
                kind,
                seed,
                seconds,
                settings.iterations,
                settings.knobs,
            )
            answer = await asyncio.wait_for(asyncio.wrap_future(future), settings.timeout)
            notation, playouts, cpu = answer
            return Thought(game.parse(notation), playouts, cpu)
        except Exception as error:  # a failing AI must never stall the table
            if isinstance(error, (BrokenProcessPool, TimeoutError)) and self._owned:
                self._replace_pool()  # a worker died or is wedged: the next move gets a fresh one
            reason = "timed out" if isinstance(error, TimeoutError) else repr(error)
            log.warning(
                "AI %s of %s for seat %s %s; greedy moves instead", kind, game.id, seat, reason
            )
            move = choose_move(game, state, seat, "greedy", random.Random(seed))
            return Thought(move, fallback=reason)
