"""Thinking off the event loop: slow AI kinds choose their moves in a process pool, on a budget.

A kind the game marks `slow` (the search AI, `strong`) runs in a `ProcessPoolExecutor` (spawn
start method: the worker gets only the game id, the state JSON, the seat, the kind, a seed and
the budget, and answers with the move's English notation). The event loop awaits it with a hard
timeout (budget + margin); a worker that fails, times out or answers nonsense is logged in one
line and the game's greedy AI moves instead, so a table never stalls. Cheap kinds (random,
greedy) choose inline. The seed comes from the table's seed and move number, so with an
iteration budget a replay makes the same AI moves.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.service.players import choose_move
from games.base import Game

log = logging.getLogger(__name__)


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

    @property
    def timeout(self) -> float:
        return self.seconds + self.margin


def is_slow(game: Game[Any, Any, Any], kind: str) -> bool:
    """Whether the game marks this AI kind as one that thinks in the pool."""
    return any(k.key == kind and k.slow for k in game.ai_kinds())


def think(
    game_id: str,
    state_json: str,
    seat: str,
    kind: str,
    seed: str,
    seconds: float | None,
    iterations: int | None,
) -> str:
    """In the worker: the move of AI `kind` for `seat`, as English notation."""
    seconds = None if iterations is not None else seconds
    return think_counted(game_id, state_json, seat, kind, seed, seconds, iterations)[0]


def think_counted(
    game_id: str,
    state_json: str,
    seat: str,
    kind: str,
    seed: str,
    seconds: float | None,
    iterations: int | None,
    knobs: tuple[tuple[str, Any], ...] = (),
) -> tuple[str, int]:
    """What `think` does (both bounds given as they are, and `knobs`, the search's settings for
    a benchmark, passed on), and how many playouts the search played: `simulate` plays its slow
    kinds' moves through this, so its figures are what a table gets."""
    import games

    game = games.get(game_id)
    make: Any = next(k.make for k in game.ai_kinds() if k.key == kind)
    player = make(seconds=seconds, iterations=iterations, **dict(knobs))
    state = game.load(state_json)
    move = player.choose(game, state, seat, random.Random(seed))
    return game.format(move, lang="en"), getattr(player, "playouts", 0)


def _warm_up() -> int:
    """Import the games in a fresh worker, so the first real move does not pay for it."""
    import games

    return len(games.all())


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
                max_workers=self.settings.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._executor

    def takeover_kind(self, game: Game[Any, Any, Any]) -> str:
        """The kind that moves for an absent player: the configured one where the game offers
        it, greedy otherwise."""
        kind = self.settings.takeover_kind
        return kind if any(k.key == kind for k in game.ai_kinds()) else "greedy"

    def start(self) -> None:
        """Start the workers now (the bot calls this at start-up; tests need not)."""
        self._pool().submit(_warm_up)

    def close(self) -> None:
        if self._executor is not None and self._owned:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

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
        if state_json is None:  # moves made in this call are not written yet: no JSON kept
            state_json = state.model_dump_json()
        settings = self.settings
        try:
            future = self._pool().submit(
                think,
                game.id,
                state_json,
                seat,
                kind,
                seed,
                settings.seconds,
                settings.iterations,
            )
            notation = await asyncio.wait_for(asyncio.wrap_future(future), settings.timeout)
            move: BaseModel = game.parse(notation)
            return move
        except Exception as error:  # a failing AI must never stall the table
            if isinstance(error, BrokenProcessPool) and self._owned:
                self._executor = None  # a worker died: the next move gets a fresh pool
            reason = "timed out" if isinstance(error, TimeoutError) else repr(error)
            log.warning(
                "AI %s of %s for seat %s %s; greedy moves instead", kind, game.id, seat, reason
            )
            return choose_move(game, state, seat, "greedy", random.Random(seed))
