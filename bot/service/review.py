"""Game reviews: the strong AI looks back at a finished game, in the worker pool, and keeps it.

A review (`games.review`) is made of parts: each chart point and each judged decision (the
moves human players made themselves, where they had a choice). The parts run one at a time in
the strong AI's process pool (`Thinker.run`), never on the event loop. Each part draws from a
seed of its own (the table's seed and the part), so the parts may run in any order and the
result depends only on the game, the seed and the budget.

Every finished part is stored at once (`store.reviews`): a second request for a finished
review is answered from the store; a restart loses no finished part, and `resume` carries the
unfinished reviews on from where they stopped. Reviews of several tables take turns part by
part (a FIFO semaphore as wide as the pool), so a long game cannot hold a short one back, and
the pool stays free for the strong AI's moves between two parts.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import games
from bot.service import errors
from bot.service.afterplay import Replayed, replay
from bot.service.store import Store
from bot.service.store.reviews import ReviewRecord
from bot.service.thinking import Thinker
from bot.service.undo_log import live_moves
from games.base import Game
from games.review import (
    ChancePoint,
    Review,
    ReviewBudget,
    Verdict,
    chances,
    chart_moves,
    judge,
    seeded,
)

log = logging.getLogger(__name__)

Progress = Callable[[int, int], Awaitable[None]]


class NoReview(errors.TableError):
    """The game has no strong AI, so it offers no review."""

    key = "review.not_offered"


def offers_review(game: Game[Any, Any, Any]) -> bool:
    """Whether a game can be reviewed: it offers the strong AI (it samples states)."""
    return any(kind.key == "strong" for kind in game.ai_kinds())


def budget_json(budget: ReviewBudget) -> str:
    return json.dumps(dataclasses.asdict(budget), sort_keys=True)


def budget_from(text: str) -> ReviewBudget:
    stored = json.loads(text)
    # A budget kept before `max_worlds` existed judged every decision over `worlds` alone: a
    # review it started is resumed the same way.
    stored.setdefault("max_worlds", stored.get("worlds", ReviewBudget.worlds))
    # One kept before `screen_to_end` existed screened with the strong AI's cut playouts.
    stored.setdefault("screen_to_end", False)
    return ReviewBudget(**stored)


@dataclass(frozen=True, slots=True)
class Part:
    """One piece of work of a review: a chart point (`c`) or a judged decision (`d`)."""

    kind: str  # "c" or "d"
    index: int  # the move number (the log's seq) it is about
    state: int  # the position in the replayed states it starts from
    seat: str | None = None
    move: str | None = None  # the move made (English notation), for a decision

    @property
    def key(self) -> str:
        return f"{self.kind}{self.index}"


def plan(replayed: Replayed, budget: ReviewBudget) -> list[Part]:
    """The parts of a finished game's review: its chart points, then every decision a human
    player made themselves where they had more than one move."""
    game = replayed.game
    live = live_moves(replayed.moves)
    # The game as it stands (moves an undo took back are not part of its story): position i is
    # the state after the i-th standing move, known by that move's seq.
    seqs = [0, *(m.seq for m in live)]
    positions = chart_moves([m.seat for m in live], budget.chart_points)
    parts = [Part("c", seqs[i], seqs[i]) for i in positions]
    # Seats people played (a seat an AI took over later keeps the moves its player made).
    humans = {s.seat for s in replayed.record.seats if s.kind == "human" or s.replaced_user}
    for entry in live:
        before = replayed.states[entry.seq - 1]
        if entry.by != "player" or entry.seat not in humans:
            continue
        if len(game.legal_moves(before, entry.seat)) < 2:
            continue
        parts.append(Part("d", entry.seq, entry.seq - 1, entry.seat, entry.notation))
    return parts


def review_part(
    game_id: str,
    state_json: str,
    kind: str,
    index: int,
    seat: str | None,
    move: str | None,
    budget: str,
    seed: str,
) -> str:
    """In the worker: one part of a review, as JSON."""
    game = games.get(game_id)
    state = game.load(state_json)
    looked = budget_from(budget)
    if kind == "c":
        found = chances(game, state, looked, seeded(seed, "c", index))
        return ChancePoint(move=index, chances=found).model_dump_json()
    if seat is None or move is None:
        raise ValueError("a decision part needs its seat and move")
    verdict = judge(
        game, state, seat, game.parse(move), looked, seeded(seed, "d", index), seq=index
    )
    return verdict.model_dump_json()


def assemble(parts: list[Part], done: dict[str, str]) -> Review:
    """The review from its finished parts, in move order."""
    points = tuple(ChancePoint.model_validate_json(done[p.key]) for p in parts if p.kind == "c")
    verdicts = tuple(Verdict.model_validate_json(done[p.key]) for p in parts if p.kind == "d")
    return Review(points=points, verdicts=verdicts)


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A finished review with the replayed game it is about."""

    replayed: Replayed
    review: Review


class Reviewer:
    """Runs, stores and answers reviews (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        thinker: Callable[[], Thinker],
        budget: ReviewBudget | None = None,
    ) -> None:
        self.store = store
        self.thinker = thinker
        self.budget = budget or ReviewBudget()
        self._running: dict[str, asyncio.Task[Review]] = {}
        self._listeners: dict[str, list[Progress]] = {}
        self._progress: dict[str, tuple[int, int]] = {}
        self._slots: asyncio.Semaphore | None = None
        # Called once per finished review (the Discord adapter posts the chart to the table).
        self.finished: list[Callable[[str], Awaitable[None]]] = []

    def _turns(self) -> asyncio.Semaphore:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.thinker().settings.workers)
        return self._slots

    async def _replayed(self, table_id: str) -> Replayed:
        replayed = await replay(self.store, table_id)
        if not offers_review(replayed.game):
            raise NoReview(game=replayed.game.names["en"])
        return replayed

    async def stored(self, table_id: str) -> Reviewed | None:
        """The table's finished review, if it has one (no work started)."""
        record = await self.store.reviews.get(table_id)
        if record is None or not record.done or record.result is None:
            return None
        return Reviewed(
            await replay(self.store, table_id), Review.model_validate_json(record.result)
        )

    async def review(self, table_id: str, progress: Progress | None = None) -> Reviewed:
        """The table's review: at once when stored, else once computed (joining a review that
        is already running). `progress(done, total)` is awaited as parts finish."""
        replayed = await self._replayed(table_id)
        record = await self.store.reviews.get(table_id)
        if record is not None and record.done and record.result is not None:
            return Reviewed(replayed, Review.model_validate_json(record.result))
        if progress is not None:
            self._listeners.setdefault(table_id, []).append(progress)
            if table_id in self._progress:
                await _tell(progress, *self._progress[table_id])
        try:
            task = self._running.get(table_id)
            if task is None:
                task = self._start(replayed)
            return Reviewed(replayed, await asyncio.shield(task))
        finally:
            if progress is not None and progress in self._listeners.get(table_id, []):
                self._listeners[table_id].remove(progress)

    def progress(self, table_id: str) -> tuple[int, int] | None:
        """(parts done, parts in all) of a review running in this process."""
        return self._progress.get(table_id)

    async def resume(self) -> list[str]:
        """Carry on every review a stopped process left unfinished (at start-up)."""
        resumed = []
        for table_id in await self.store.reviews.unfinished():
            if table_id in self._running:
                continue
            try:
                replayed = await self._replayed(table_id)
            except errors.TableError as error:
                log.warning("review of %s cannot resume: %s", table_id, error)
                continue
            self._start(replayed)
            resumed.append(table_id)
        return resumed

    async def wait(self) -> None:
        """Until every review running in this process is done (tests, shutdown)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    def _start(self, replayed: Replayed) -> asyncio.Task[Review]:
        table_id = replayed.record.id
        task = asyncio.create_task(self._run(replayed), name=f"review {table_id}")
        self._running[table_id] = task

        def forget(done: asyncio.Task[Review]) -> None:
            self._running.pop(table_id, None)
            self._progress.pop(table_id, None)
            self._listeners.pop(table_id, None)
            if not done.cancelled() and done.exception() is not None:
                # Its finished parts are stored: the next request carries on from them.
                log.warning("review of %s stopped: %r", table_id, done.exception())

        task.add_done_callback(forget)
        return task

    async def _run(self, replayed: Replayed) -> Review:
        table_id = replayed.record.id
        record = await self.store.reviews.get(table_id)
        if record is None:
            # A new review: its budget and seed are kept, so a resumed one is the same review.
            budget = self.budget
            seed = str(replayed.record.seed)
            parts = plan(replayed, budget)
            record = ReviewRecord(table_id, "running", budget_json(budget), seed, len(parts))
            if not await self.store.reviews.start(record):
                record = await self.store.reviews.get(table_id) or record
        budget = budget_from(record.budget)
        parts = plan(replayed, budget)
        done = await self.store.reviews.parts(table_id)
        await self._report(table_id, len([p for p in parts if p.key in done]), len(parts))
        game_id = replayed.game.id
        for part in parts:
            if part.key in done:
                continue
            state_json = replayed.states[part.state].model_dump_json()
            async with self._turns():
                result = await self.thinker().run(
                    review_part,
                    game_id,
                    state_json,
                    part.kind,
                    part.index,
                    part.seat,
                    part.move,
                    record.budget,
                    record.seed,
                )
                # Stored before the turn passes on: a table is back in the queue at once.
                await self.store.reviews.add_part(table_id, part.key, result)
            done[part.key] = result
            await self._report(table_id, len([p for p in parts if p.key in done]), len(parts))
        review = assemble(parts, done)
        await self.store.reviews.finish(table_id, review.model_dump_json())
        for hook in self.finished:
            try:
                await hook(table_id)
            except Exception:
                log.exception("review of %s: a finished-review hook failed", table_id)
        return review

    async def _report(self, table_id: str, done: int, total: int) -> None:
        self._progress[table_id] = (done, total)
        for listener in list(self._listeners.get(table_id, [])):
            await _tell(listener, done, total)


async def _tell(listener: Progress, done: int, total: int) -> None:
    """A progress listener that fails (an expired interaction) must not stop the review."""
    try:
        await listener(done, total)
    except Exception as error:
        log.info("a review progress message was not updated: %r", error)
